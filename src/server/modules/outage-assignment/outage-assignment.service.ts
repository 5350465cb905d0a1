// Outage auto assignment: one versioned JSON value in `settings`, its field history, and the choice of assignee
// for a new outage (the rule for its type, else the default assignee, else nobody).
import { z } from 'zod';
import type {
  OutageAutoAssignment,
  OutageAutoAssignmentForm,
} from '../../../shared/schemas/outage-assignment.js';
import type { RefValue } from '../../../shared/schemas/record.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, type FieldErrors, requireVersion } from '../../platform/errors.js';
import { type Change, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import { readSettingsRow, type SettingsRow } from '../../platform/settings-row.js';
import { changedByMessage } from '../../platform/stamp.js';
import { withTransaction } from '../../platform/transaction.js';

export const SETTINGS_KEY = 'outage_auto_assignment';
export const HISTORY_KEY = 'outage-auto-assignment';
/** The settings are one record: its history lives under this entity id. */
export const ENTITY_ID = 1;
export const FIELD_LABELS = { defaultAssignee: 'Default Assignee', rules: 'Rule' };

// Stored ids only; labels are read when presenting, so renamed staff and types show their current names.
const storedSchema = z.object({
  defaultAssigneeId: z.number().int().nullable().catch(null),
  rules: z.array(z.object({ outageTypeId: z.number().int(), assigneeId: z.number().int() })).catch([]),
});
type Stored = z.infer<typeof storedSchema>;
const EMPTY: Stored = { defaultAssigneeId: null, rules: [] };

const readRow = (db: Queryable, forUpdate = false) => readSettingsRow(db, SETTINGS_KEY, forUpdate);

const parseStored = (value: unknown): Stored => {
  const parsed = storedSchema.safeParse(value);
  return parsed.success ? parsed.data : EMPTY;
};

async function labels(
  db: Queryable,
  table: 'users' | 'outage_types',
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const label = table === 'users' ? `first_name || ' ' || last_name` : 'name';
  const { rows } = await db.query<{ id: number; label: string }>(
    `SELECT id, ${label} AS label FROM ${table} WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.label]));
}

async function present(db: Queryable, row: SettingsRow | null): Promise<OutageAutoAssignment> {
  const stored = row ? parseStored(row.value) : EMPTY;
  const userIds = [...stored.rules.map((r) => r.assigneeId)];
  if (stored.defaultAssigneeId !== null) userIds.push(stored.defaultAssigneeId);
  const users = await labels(db, 'users', userIds);
  const types = await labels(
    db,
    'outage_types',
    stored.rules.map((r) => r.outageTypeId),
  );
  const option = (map: Map<number, string>, id: number | null): RefValue | null =>
    id !== null && map.has(id) ? { value: id, label: map.get(id)! } : null;
  // A rule whose type or assignee has since been deleted no longer applies and is not shown.
  const rules = stored.rules
    .map((r) => ({ outageType: option(types, r.outageTypeId), assignee: option(users, r.assigneeId) }))
    .filter(
      (r): r is { outageType: RefValue; assignee: RefValue } => r.outageType !== null && r.assignee !== null,
    )
    .sort(
      (a, b) =>
        a.outageType.label.localeCompare(b.outageType.label) || +a.outageType.value - +b.outageType.value,
    );
  return {
    defaultAssignee: option(users, stored.defaultAssigneeId),
    rules,
    version: row?.version ?? 0,
    updated: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by ? { value: row.updated_by, label: row.updated_by_name ?? '' } : null,
  };
}

export async function loadOutageAutoAssignment(db: Queryable): Promise<OutageAutoAssignment> {
  return present(db, await readRow(db));
}

/** One change for the default and one for each rule added, changed or removed, as people read them. */
function changes(before: OutageAutoAssignment, after: OutageAutoAssignment): Change[] {
  const out: Change[] = [];
  const oldDefault = before.defaultAssignee?.label ?? null;
  const newDefault = after.defaultAssignee?.label ?? null;
  if (oldDefault !== newDefault)
    out.push({ field: 'defaultAssignee', oldValue: oldDefault, newValue: newDefault });
  const text = (rule: OutageAutoAssignment['rules'][number]) =>
    `${rule.outageType.label}: ${rule.assignee.label}`;
  const oldRules = new Map(before.rules.map((r) => [r.outageType.value, text(r)]));
  const newRules = new Map(after.rules.map((r) => [r.outageType.value, text(r)]));
  for (const rule of [...before.rules, ...after.rules.filter((r) => !oldRules.has(r.outageType.value))]) {
    const oldValue = oldRules.get(rule.outageType.value) ?? null;
    const newValue = newRules.get(rule.outageType.value) ?? null;
    if (oldValue !== newValue) out.push({ field: 'rules', oldValue, newValue });
  }
  return out;
}

const INACTIVE_STAFF = 'Choose an active staff member.';

/** Assignees must be active staff, rule types must exist; messages keyed as the form's fields. */
async function check(db: Queryable, form: OutageAutoAssignmentForm): Promise<void> {
  const userIds = form.rules.map((r) => r.assignee);
  if (form.defaultAssignee !== null) userIds.push(form.defaultAssignee);
  const { rows: active } = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE active AND id = ANY($1::int[])',
    [userIds],
  );
  const activeIds = new Set(active.map((r) => r.id));
  const types = await labels(
    db,
    'outage_types',
    form.rules.map((r) => r.outageType),
  );
  const fields: FieldErrors = {};
  if (form.defaultAssignee !== null && !activeIds.has(form.defaultAssignee))
    fields.defaultAssignee = [INACTIVE_STAFF];
  const rules: string[] = [];
  form.rules.forEach((rule, i) => {
    if (!types.has(rule.outageType)) rules.push(`Row ${i + 1}: This outage type does not exist.`);
    if (!activeIds.has(rule.assignee)) rules.push(`Row ${i + 1}: ${INACTIVE_STAFF}`);
  });
  if (rules.length) fields.rules = rules;
  if (Object.keys(fields).length) throw badRequest(fields);
}

export async function saveOutageAutoAssignment(
  database: Database,
  form: OutageAutoAssignmentForm,
  actorId: number,
  timeZone: string,
): Promise<OutageAutoAssignment> {
  return withTransaction(database, async ({ client }) => {
    // The first save creates the row; the insert also serialises two first saves on the key.
    await client.query(`INSERT INTO settings (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, [SETTINGS_KEY]);
    const row = (await readRow(client, true))!;
    // Version 0 is the row just inserted: nothing saved yet.
    const before = await present(client, row.version === 0 ? null : row);
    if (row.version !== requireVersion(form.version)) {
      throw conflict(
        changedByMessage(before.updatedBy?.label ?? null, new Date(before.updated ?? Date.now()), timeZone),
        before,
      );
    }
    await check(client, form);
    const value: Stored = {
      defaultAssigneeId: form.defaultAssignee,
      rules: form.rules.map((r) => ({ outageTypeId: r.outageType, assigneeId: r.assignee })),
    };
    await client.query(
      `UPDATE settings SET value = $2::jsonb, version = version + 1, updated_at = now(), updated_by = $3
        WHERE key = $1`,
      [SETTINGS_KEY, JSON.stringify(value), actorId],
    );
    const after = await present(client, await readRow(client));
    await recordHistory(client, {
      entity: HISTORY_KEY,
      entityId: ENTITY_ID,
      actorId,
      changes: changes(before, after),
    });
    return after;
  });
}

/** Who a new outage of this type goes to: the rule's assignee, else the default; inactive staff are skipped. */
export async function autoAssignee(db: Queryable, outageTypeId: number): Promise<number | null> {
  const row = await readRow(db);
  if (!row) return null;
  const stored = parseStored(row.value);
  const candidates = [
    stored.rules.find((r) => r.outageTypeId === outageTypeId)?.assigneeId,
    stored.defaultAssigneeId,
  ].filter((id): id is number => typeof id === 'number');
  if (candidates.length === 0) return null;
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE active AND id = ANY($1::int[])',
    [candidates],
  );
  const active = new Set(rows.map((r) => r.id));
  return candidates.find((id) => active.has(id)) ?? null;
}
