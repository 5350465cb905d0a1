// The sales roles (one row of `settings`): which staff own opportunities and which approve. Until an administrator
// saves them, every active staff member may own an opportunity (a new install is usable at once). Saved by
// administrators with field history (the staff by name); only active staff can be given a role.
import type { Option } from '../../../shared/schemas/common.js';
import type { RefValue } from '../../../shared/schemas/record.js';
import type { SalesRoleSettings, SalesRoleSettingsForm } from '../../../shared/schemas/sales-settings.js';
import type { Database } from '../../db/client.js';
import { SALES_ROLES_KEY, type StoredSalesRoles } from '../../db/settings-keys.js';
import { badRequest, type FieldErrors } from '../../platform/errors.js';
import { diffFields, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import { lockForSave, writeSettings } from '../../platform/settings-row.js';
import { withTransaction } from '../../platform/transaction.js';

export const SETTINGS_KEY = SALES_ROLES_KEY;
export const HISTORY_KEY = 'salesRoleSettings';
export const ENTITY_ID = 1;
export const FIELD_LABELS = { owners: 'Owners', approvers: 'Approvers' };
/** The most staff the page offers (a staff list is in the tens; the bound keeps a mistake from loading thousands). */
export const STAFF_OPTIONS_LIMIT = 500;
export const notActiveStaff = (name: string) =>
  `${name} is not an active staff member. Remove them from the list.`;
export const unknownStaff = (id: number) => `Staff member #${id} does not exist.`;

export type { StoredSalesRoles };

/** The stored roles, or null before the first save. */
export async function loadStoredSalesRoles(db: Queryable, forUpdate = false) {
  const { rows } = await db.query<{
    value: Partial<StoredSalesRoles>;
    version: number;
    updated_at: Date;
    updated_by: number | null;
    updated_by_name: string | null;
  }>(
    `SELECT s.value, s.version, s.updated_at, s.updated_by,
            u.first_name || ' ' || u.last_name AS updated_by_name
       FROM settings s LEFT JOIN users u ON u.id = s.updated_by
      WHERE s.key = $1 ${forUpdate ? 'FOR UPDATE OF s' : ''}`,
    [SETTINGS_KEY],
  );
  const row = rows[0] ?? null;
  return {
    value: row ? { owners: row.value.owners ?? [], approvers: row.value.approvers ?? [] } : null,
    row,
  };
}

/** May this staff member own an opportunity: in the owners role (or, before roles are saved, any active one). */
export async function isSalesOwner(db: Queryable, userId: number): Promise<boolean> {
  const { value } = await loadStoredSalesRoles(db);
  if (value) return value.owners.includes(userId);
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1 AND active', [userId]);
  return rows.length > 0;
}

/** The staff to offer as owners, by name: the owners role, or every active staff member before it is saved. */
export async function salesOwnerOptions(db: Queryable): Promise<{ value: number; label: string }[]> {
  const { value } = await loadStoredSalesRoles(db);
  const { rows } = await db.query<{ value: number; label: string }>(
    `SELECT id AS value, first_name || ' ' || last_name AS label FROM users
      WHERE ${value ? 'id = ANY($1::int[])' : 'active'}
      ORDER BY last_name, first_name, id LIMIT 500`,
    value ? [value.owners] : [],
  );
  return rows;
}

type Person = { id: number; name: string; active: boolean };

/** The named staff, by name (one query for any number of ids). */
async function staffByIds(db: Queryable, ids: readonly number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<Person>(
    `SELECT id, first_name || ' ' || last_name AS name, active FROM users WHERE id = ANY($1::int[])
      ORDER BY last_name, first_name, id`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The roles as the page shows them: the staff as options, by name; empty lists before the first save. */
export async function loadSalesRoleSettings(db: Queryable): Promise<SalesRoleSettings> {
  const { value, row } = await loadStoredSalesRoles(db);
  const owners = value?.owners ?? [];
  const approvers = value?.approvers ?? [];
  const people = await staffByIds(db, [...owners, ...approvers]);
  // In name order (the map is), whatever order they were saved in.
  const options = (ids: number[]) =>
    [...people.values()]
      .filter((p) => ids.includes(p.id))
      .map((p): RefValue => ({ value: p.id, label: p.name }));
  return {
    owners: options(owners),
    approvers: options(approvers),
    version: row?.version ?? 0,
    updated: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by == null ? null : { value: row.updated_by, label: row.updated_by_name ?? '' },
  };
}

/** The staff a role can be given: every active staff member, by name. */
export async function activeStaffOptions(db: Queryable): Promise<RefValue[]> {
  const { rows } = await db.query<{ value: number; label: string }>(
    `SELECT id AS value, first_name || ' ' || last_name AS label FROM users WHERE active
      ORDER BY last_name, first_name, id LIMIT ${STAFF_OPTIONS_LIMIT}`,
  );
  return rows;
}

const names = (list: Option[]) => list.map((o) => o.label);

/**
 * Saves the roles at the version the administrator saw (a stale one gets 409 with the current roles), in one
 * transaction with their field history. Every id must be an active staff member.
 */
export async function saveSalesRoleSettings(
  database: Database,
  form: SalesRoleSettingsForm,
  actorId: number,
  timeZone: string,
): Promise<SalesRoleSettings> {
  return withTransaction(database, async ({ client }) => {
    await lockForSave(client, SETTINGS_KEY, { owners: [], approvers: [] }, form.version, timeZone, () =>
      loadSalesRoleSettings(client),
    );
    const before = await loadSalesRoleSettings(client);
    const owners = [...new Set(form.owners)];
    const approvers = [...new Set(form.approvers)];
    const people = await staffByIds(client, [...owners, ...approvers]);
    const fields: FieldErrors = {};
    for (const [field, ids] of [
      ['owners', owners],
      ['approvers', approvers],
    ] as const) {
      const problems = ids.flatMap((id) => {
        const p = people.get(id);
        return !p ? [unknownStaff(id)] : p.active ? [] : [notActiveStaff(p.name)];
      });
      if (problems.length) fields[field] = problems;
    }
    if (Object.keys(fields).length) throw badRequest(fields);
    await writeSettings(client, SETTINGS_KEY, { owners, approvers }, actorId);
    const after = await loadSalesRoleSettings(client);
    await recordHistory(client, {
      entity: HISTORY_KEY,
      entityId: ENTITY_ID,
      actorId,
      changes: diffFields(
        { owners: names(before.owners), approvers: names(before.approvers) },
        { owners: names(after.owners), approvers: names(after.approvers) },
        ['owners', 'approvers'],
      ),
    });
    return after;
  });
}
