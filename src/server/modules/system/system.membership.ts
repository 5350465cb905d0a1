// A system's equipment and software (join tables): read as {label, value} lists, checked against the system's
// organization, rewritten inside the save transaction with history rows for the membership changes.
import type { Option } from '../../../shared/schemas/common.js';
import { badRequest, type FieldErrors } from '../../platform/errors.js';
import type { Change } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';

export type Membership = { equipment: Option[]; software: Option[] };
export type MemberIds = { equipment: number[]; software: number[] };

const MEMBERS = {
  equipment: { join: 'system_equipment', column: 'equipment_id', table: 'equipment' },
  software: { join: 'system_software', column: 'software_id', table: 'software' },
} as const;
const KINDS = ['equipment', 'software'] as const;

const MESSAGES = {
  equipment: 'Choose equipment of this organization.',
  software: 'Choose software of this organization.',
} as const;

/** Both lists of one system in one query, ordered by name. */
export async function loadMembership(db: Queryable, systemId: number): Promise<Membership> {
  const list = (kind: (typeof KINDS)[number]) => {
    const m = MEMBERS[kind];
    return `COALESCE((SELECT json_agg(json_build_object('value', r.id, 'label', r.name) ORDER BY r.name, r.id)
                        FROM ${m.join} j JOIN ${m.table} r ON r.id = j.${m.column}
                       WHERE j.system_id = $1), '[]'::json)`;
  };
  const { rows } = await db.query<Membership>(
    `SELECT ${list('equipment')} AS equipment, ${list('software')} AS software`,
    [systemId],
  );
  return rows[0] ?? { equipment: [], software: [] };
}

/** Refuses members that do not exist or belong to another organization, each list with its own field error. */
export async function checkMembers(db: Queryable, organizationId: number, ids: MemberIds): Promise<void> {
  const errors: FieldErrors = {};
  for (const kind of KINDS) {
    if (ids[kind].length === 0) continue;
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${MEMBERS[kind].table} WHERE id = ANY($1::int[]) AND organization_id = $2`,
      [ids[kind], organizationId],
    );
    if (rows[0]!.n !== ids[kind].length) errors[kind] = [MESSAGES[kind]];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

const sameIds = (a: Option[], b: number[]) =>
  a.length === b.length && a.every((o) => b.includes(o.value as number));
const labels = (options: Option[]) => (options.length ? options.map((o) => o.label).join(', ') : null);

/** Makes the join tables hold exactly `ids`; returns a history change per list that changed. */
export async function saveMembership(db: Queryable, systemId: number, ids: MemberIds): Promise<Change[]> {
  const before = await loadMembership(db, systemId);
  const changed = KINDS.filter((kind) => !sameIds(before[kind], ids[kind]));
  if (changed.length === 0) return [];
  for (const kind of changed) {
    const m = MEMBERS[kind];
    await db.query(`DELETE FROM ${m.join} WHERE system_id = $1 AND NOT (${m.column} = ANY($2::int[]))`, [
      systemId,
      ids[kind],
    ]);
    await db.query(
      `INSERT INTO ${m.join} (system_id, ${m.column}) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [systemId, ids[kind]],
    );
  }
  const after = await loadMembership(db, systemId);
  return changed.map((kind) => ({
    field: kind,
    oldValue: labels(before[kind]),
    newValue: labels(after[kind]),
  }));
}
