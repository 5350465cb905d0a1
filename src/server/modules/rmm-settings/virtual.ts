// Which devices are virtual (RMM settings, /admin/rmm-settings): left out of the billing counts. A device is
// virtual when flagged so itself, when its category is one of the chosen device categories, or when its model
// matches one of the chosen model patterns ("*" any text, case-insensitive: "VMware*", "*Virtual Machine").
import { RMM_VIRTUAL_KEY, type VirtualDevices } from '../../db/settings-keys.js';
import type { Queryable } from '../../platform/records.js';

export { RMM_VIRTUAL_KEY, type VirtualDevices };
export const NO_VIRTUAL_DEVICES: VirtualDevices = { categoryIds: [], models: [] };

export async function loadVirtualDevices(db: Queryable): Promise<VirtualDevices> {
  const { rows } = await db.query<{ value: Partial<VirtualDevices> }>(
    'SELECT value FROM settings WHERE key = $1',
    [RMM_VIRTUAL_KEY],
  );
  const value = rows[0]?.value ?? {};
  return {
    categoryIds: Array.isArray(value.categoryIds) ? value.categoryIds.filter(Number.isInteger) : [],
    models: Array.isArray(value.models) ? value.models.filter((m) => typeof m === 'string' && m.trim()) : [],
  };
}

/** A model pattern as a LIKE pattern of its lower-cased text: "*" is any text, LIKE's own wildcards are literal. */
export const modelLikePattern = (model: string) =>
  model
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/\*/g, '%');

/**
 * The SQL condition "device `alias` is virtual" and its two parameters (category ids, LIKE patterns), numbered from
 * `next` ($next and $next+1): `WHERE NOT (${condition})`.
 */
export function virtualCondition(
  alias: string,
  rule: VirtualDevices,
  next: number,
): { condition: string; params: [number[], string[]] } {
  return {
    condition: `(${alias}.virtual OR ${alias}.category_id = ANY($${next}::int[]) OR lower(${alias}.model) LIKE ANY($${next + 1}::text[]))`,
    params: [rule.categoryIds, rule.models.map(modelLikePattern)],
  };
}
