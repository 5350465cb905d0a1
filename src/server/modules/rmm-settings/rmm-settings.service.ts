// RMM settings, virtual devices: the versioned { categoryIds, models } value under RMM_VIRTUAL_KEY in `settings`,
// its field history, and how many devices a rule counts as virtual.

import type { RefValue } from '../../../shared/schemas/record.js';
import type { RmmSettings, RmmSettingsForm, VirtualCount } from '../../../shared/schemas/rmm-settings.js';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../platform/errors.js';
import { type Change, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import {
  lockForSave,
  readSettingsRow,
  type SettingsRow,
  writeSettings,
} from '../../platform/settings-row.js';
import { withTransaction } from '../../platform/transaction.js';
import {
  loadVirtualDevices,
  NO_VIRTUAL_DEVICES,
  RMM_VIRTUAL_KEY,
  type VirtualDevices,
  virtualCondition,
} from './virtual.js';

export const HISTORY_KEY = 'rmm-settings';
/** The settings are one record: its history lives under this entity id. */
export const ENTITY_ID = 1;
export const FIELD_LABELS = { categories: 'Virtual Device Categories', models: 'Virtual Model Patterns' };
export const CATEGORY_GONE = 'This device category no longer exists. Reload the page.';

type StampRow = SettingsRow;

const readStamp = (db: Queryable) => readSettingsRow(db, RMM_VIRTUAL_KEY);

/** Device categories as options, by name: all of them (inactive ones too, a rule may name one). */
export async function categoryOptions(db: Queryable, ids?: number[]): Promise<RefValue[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM device_categories WHERE ($1::int[] IS NULL OR id = ANY($1::int[]))
      ORDER BY name, id LIMIT 500`,
    [ids ?? null],
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

async function present(db: Queryable, stamp: StampRow | null): Promise<RmmSettings> {
  const rule = await loadVirtualDevices(db);
  // A category deleted since no longer applies and is not shown.
  const categories = rule.categoryIds.length ? await categoryOptions(db, rule.categoryIds) : [];
  return {
    categories,
    models: rule.models,
    version: stamp?.version ?? 0,
    updated: stamp && stamp.version > 0 ? stamp.updated_at.toISOString() : null,
    updatedBy:
      stamp?.updated_by == null ? null : { value: stamp.updated_by, label: stamp.updated_by_name ?? '' },
  };
}

export async function loadRmmSettings(db: Queryable): Promise<RmmSettings> {
  return present(db, await readStamp(db));
}

/** History reads the categories by name (sorted) and the patterns one a line. */
function changes(before: RmmSettings, after: RmmSettings): Change[] {
  const text = (list: string[]) => (list.length ? list.join('\n') : null);
  const out: Change[] = [];
  const [oldCategories, newCategories] = [before, after].map((s) => text(s.categories.map((c) => c.label)));
  if (oldCategories !== newCategories)
    out.push({ field: 'categories', oldValue: oldCategories ?? null, newValue: newCategories ?? null });
  const [oldModels, newModels] = [text(before.models), text(after.models)];
  if (oldModels !== newModels) out.push({ field: 'models', oldValue: oldModels, newValue: newModels });
  return out;
}

export async function saveRmmSettings(
  database: Database,
  form: RmmSettingsForm,
  actorId: number,
  timeZone: string,
): Promise<RmmSettings> {
  return withTransaction(database, async ({ client }) => {
    // The first save creates the row; its lock then serialises saves of this page.
    await lockForSave(client, RMM_VIRTUAL_KEY, NO_VIRTUAL_DEVICES, form.version, timeZone, () =>
      loadRmmSettings(client),
    );
    const before = await loadRmmSettings(client);
    const known = await categoryOptions(client, form.categories);
    if (known.length !== form.categories.length) throw badRequest({ categories: [CATEGORY_GONE] });
    const value: VirtualDevices = { categoryIds: form.categories, models: form.models };
    await writeSettings(client, RMM_VIRTUAL_KEY, value, actorId);
    const after = await present(client, await readStamp(client));
    await recordHistory(client, {
      entity: HISTORY_KEY,
      entityId: ENTITY_ID,
      actorId,
      changes: changes(before, after),
    });
    return after;
  });
}

/** One COUNT over the active devices: how many the rule counts as virtual (flagged so themselves included). */
export async function countVirtual(db: Queryable, rule: VirtualDevices): Promise<VirtualCount> {
  const { condition, params } = virtualCondition('e', rule, 1);
  const { rows } = await db.query<{ virtual: number; total: number }>(
    `SELECT count(*) FILTER (WHERE ${condition})::int AS virtual, count(*)::int AS total
       FROM equipment e WHERE e.active`,
    params,
  );
  return rows[0] ?? { virtual: 0, total: 0 };
}

export { loadVirtualDevices };
