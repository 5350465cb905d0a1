// The sales roles (one row of `settings`): which staff own opportunities and which approve. Until an administrator
// saves them, every active staff member may own an opportunity (a new install is usable at once).
import type { Queryable } from '../../platform/records.js';

export const SETTINGS_KEY = 'sales_role_settings';
export const HISTORY_KEY = 'salesRoleSettings';
export const ENTITY_ID = 1;

export type StoredSalesRoles = { owners: number[]; approvers: number[] };

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
