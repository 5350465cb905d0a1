// The {label, value} of an organization named by an address's ?organization= id: prefills new people, software, systems.
import type { Option } from '../../../shared/schemas/common.js';
import type { Queryable } from '../../platform/records.js';

export async function organizationOption(db: Queryable, id: string | undefined): Promise<Option | null> {
  // An id that is not a positive whole number, or names no organization, prefills nothing.
  if (!id || !/^\d{1,9}$/.test(id)) return null;
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM organizations WHERE id = $1',
    [Number(id)],
  );
  return rows[0] ? { value: rows[0].id, label: rows[0].name } : null;
}
