// The opportunity sales settings (one row of `settings`): the stages (order, default probability, outcome), the
// sources and the lost reasons. Opportunities keep a stage's id; the stage's outcome is copied onto them for the
// open/won/lost filters. Saved by administrators with field history; a stage still in use cannot be removed, and a
// stage's new outcome reaches its opportunities in the same transaction.
import { codeLabel } from '../../../shared/schemas/fields.js';
import { OUTCOMES } from '../../../shared/schemas/opportunity.js';
import {
  OPPORTUNITY_SETTINGS_DEFAULTS,
  type OpportunitySettings,
  type OpportunitySettingsForm,
  type Stage,
  stageMessage,
} from '../../../shared/schemas/sales-settings.js';
import type { Database } from '../../db/client.js';
import { OPPORTUNITY_SETTINGS_KEY } from '../../db/settings-keys.js';
import { badRequest } from '../../platform/errors.js';
import { diffFields, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import {
  lockForSave,
  readSettingsRow,
  type SettingsRow,
  writeSettings,
} from '../../platform/settings-row.js';
import { withTransaction } from '../../platform/transaction.js';

export const SETTINGS_KEY = OPPORTUNITY_SETTINGS_KEY;
export const HISTORY_KEY = 'opportunitySettings';
/** The settings page is one record: its history lives under this id. */
export const ENTITY_ID = 1;
export const FIELD_LABELS = { stages: 'Stages', sources: 'Sources', lostReasons: 'Lost Reasons' };
export const STAGE_GONE = 'This stage no longer exists. Reload the page and try again.';
export const STAGE_TWICE = 'This stage is listed twice.';

/** "Stage "Negotiation" is used by 3 opportunities. Move them to another stage first." */
export const stageInUse = (name: string, count: number) =>
  `Stage "${name}" is used by ${count} ${count === 1 ? 'opportunity' : 'opportunities'}. ` +
  `Move ${count === 1 ? 'it' : 'them'} to another stage first.`;

/** The stored JSON value; `nextStageId` gives each new stage an id never used before. */
export type StoredOpportunitySettings = {
  stages: Stage[];
  nextStageId: number;
  sources: string[];
  lostReasons: string[];
};

export const storedDefaults = (): StoredOpportunitySettings => ({
  stages: OPPORTUNITY_SETTINGS_DEFAULTS.stages.map((s) => ({ ...s })),
  nextStageId: Math.max(...OPPORTUNITY_SETTINGS_DEFAULTS.stages.map((s) => s.id)) + 1,
  sources: [...OPPORTUNITY_SETTINGS_DEFAULTS.sources],
  lostReasons: [...OPPORTUNITY_SETTINGS_DEFAULTS.lostReasons],
});

type Row = SettingsRow<Partial<StoredOpportunitySettings>>;

export async function loadStoredOpportunitySettings(
  db: Queryable,
  forUpdate = false,
): Promise<{ value: StoredOpportunitySettings; row: Row | null }> {
  const row = await readSettingsRow<Row['value']>(db, SETTINGS_KEY, forUpdate);
  return { value: { ...storedDefaults(), ...(row?.value ?? {}) }, row };
}

export async function loadOpportunitySettings(db: Queryable): Promise<OpportunitySettings> {
  const { value, row } = await loadStoredOpportunitySettings(db);
  return {
    stages: value.stages,
    sources: value.sources,
    lostReasons: value.lostReasons,
    version: row?.version ?? 0,
    updated: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by == null ? null : { value: row.updated_by, label: row.updated_by_name ?? '' },
  };
}

/** The stages as field history shows them: "Qualification 10% · … · Won 100% (won) · Lost 0% (lost)". */
export function stagesSummary(stages: readonly Stage[]): string {
  return stages
    .map(
      (s) =>
        `${s.name} ${s.probability}%${s.outcome === 'OPEN' ? '' : ` (${codeLabel(OUTCOMES, s.outcome)!.toLowerCase()})`}`,
    )
    .join(' · ');
}

const shown = (v: Pick<StoredOpportunitySettings, 'stages' | 'sources' | 'lostReasons'>) => ({
  stages: stagesSummary(v.stages),
  sources: v.sources,
  lostReasons: v.lostReasons,
});

/**
 * Saves the page at the version the administrator saw (a stale one gets 409 with the current settings), in one
 * transaction with its field history. Rows with an id keep it (renamed, moved, re-weighted); a row without one is a
 * new stage and takes the next id, never one used before. The order of the rows is the order of the stages.
 */
export async function saveOpportunitySettings(
  database: Database,
  form: OpportunitySettingsForm,
  actorId: number,
  timeZone: string,
): Promise<OpportunitySettings> {
  return withTransaction(database, async ({ client }) => {
    await lockForSave(client, SETTINGS_KEY, storedDefaults(), form.version, timeZone, () =>
      loadOpportunitySettings(client),
    );
    const { value: before } = await loadStoredOpportunitySettings(client);
    const byId = new Map(before.stages.map((s) => [s.id, s]));
    const problems: string[] = [];
    const seen = new Set<number>();
    // Never below an id in use, whatever the stored counter says.
    let nextStageId = Math.max(before.nextStageId, ...before.stages.map((s) => s.id + 1));
    const stages: Stage[] = form.stages.map((row, i) => {
      let id = row.id;
      if (id === null) id = nextStageId++;
      else if (!byId.has(id)) problems.push(stageMessage(i, STAGE_GONE));
      else if (seen.has(id)) problems.push(stageMessage(i, STAGE_TWICE));
      seen.add(id);
      return { id, name: row.name, probability: row.probability, outcome: row.outcome };
    });
    if (problems.length) throw badRequest({ stages: problems });

    // A removed stage must leave no opportunity without a stage.
    const removed = before.stages.filter((s) => !seen.has(s.id));
    if (removed.length) {
      const { rows } = await client.query<{ stage_id: number; n: number }>(
        `SELECT stage_id, count(*)::int AS n FROM opportunities WHERE stage_id = ANY($1::int[]) GROUP BY stage_id`,
        [removed.map((s) => s.id)],
      );
      const used = new Map(rows.map((r) => [r.stage_id, r.n]));
      const refused = removed.filter((s) => used.has(s.id)).map((s) => stageInUse(s.name, used.get(s.id)!));
      if (refused.length) throw badRequest({ stages: refused });
    }

    // The outcome is copied onto the opportunities (their open/won/lost filters): a changed one follows at once, a
    // lost reason goes with a stage that is no longer lost (else their next save would be refused), and each changed
    // opportunity gets its field history and a new version, in the same statement.
    const moved = stages.filter((s) => byId.has(s.id) && byId.get(s.id)!.outcome !== s.outcome);
    if (moved.length)
      await client.query(
        `WITH changed AS (
           UPDATE opportunities o
              SET outcome = c.outcome, lost_reason = CASE WHEN c.outcome = 'LOST' THEN o.lost_reason END,
                  version = o.version + 1, updated_at = now(), updated_by = $4
             FROM unnest($1::int[], $2::text[]) AS c(id, outcome), opportunities old
            WHERE o.stage_id = c.id AND o.outcome <> c.outcome AND old.id = o.id
           RETURNING o.id, old.outcome AS old_outcome, o.outcome, old.lost_reason AS old_reason, o.lost_reason)
         INSERT INTO field_history (entity, entity_id, field, old_value, new_value, actor_id)
         SELECT 'opportunity', id, 'outcome', label[array_position($3::text[], old_outcome)],
                label[array_position($3::text[], outcome)], $4
           FROM changed, (SELECT $5::text[] AS label) l
         UNION ALL
         SELECT 'opportunity', id, 'lostReason', old_reason, lost_reason, $4
           FROM changed WHERE old_reason IS DISTINCT FROM lost_reason`,
        [
          moved.map((s) => s.id),
          moved.map((s) => s.outcome),
          OUTCOMES.map((o) => o.value),
          actorId,
          OUTCOMES.map((o) => o.label),
        ],
      );

    const next: StoredOpportunitySettings = {
      stages,
      nextStageId,
      sources: form.sources,
      lostReasons: form.lostReasons,
    };
    await writeSettings(client, SETTINGS_KEY, next, actorId);
    await recordHistory(client, {
      entity: HISTORY_KEY,
      entityId: ENTITY_ID,
      actorId,
      changes: diffFields(shown(before), shown(next), ['stages', 'sources', 'lostReasons']),
    });
    return loadOpportunitySettings(client);
  });
}
