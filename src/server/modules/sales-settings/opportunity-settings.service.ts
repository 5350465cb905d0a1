// The opportunity sales settings (one row of `settings`): the stages (order, default probability, outcome), the
// sources and the lost reasons. Opportunities keep a stage's id; the stage's outcome is copied onto them for the
// open/won/lost filters.
import {
  OPPORTUNITY_SETTINGS_DEFAULTS,
  type OpportunitySettings,
  type Stage,
} from '../../../shared/schemas/sales-settings.js';
import type { Queryable } from '../../platform/records.js';

export const SETTINGS_KEY = 'opportunity_settings';
export const HISTORY_KEY = 'opportunitySettings';
/** The settings page is one record: its history lives under this id. */
export const ENTITY_ID = 1;

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

type Row = {
  value: Partial<StoredOpportunitySettings>;
  version: number;
  updated_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
};

export async function loadStoredOpportunitySettings(
  db: Queryable,
  forUpdate = false,
): Promise<{ value: StoredOpportunitySettings; row: Row | null }> {
  const { rows } = await db.query<Row>(
    `SELECT s.value, s.version, s.updated_at, s.updated_by,
            u.first_name || ' ' || u.last_name AS updated_by_name
       FROM settings s LEFT JOIN users u ON u.id = s.updated_by
      WHERE s.key = $1 ${forUpdate ? 'FOR UPDATE OF s' : ''}`,
    [SETTINGS_KEY],
  );
  const row = rows[0] ?? null;
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

/** The stage of an id, or null when the settings have no such stage. */
export async function stageOf(db: Queryable, stageId: number): Promise<Stage | null> {
  const { value } = await loadStoredOpportunitySettings(db);
  return value.stages.find((s) => s.id === stageId) ?? null;
}
