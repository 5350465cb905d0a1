// Device status settings: the ordered list of statuses, saved whole under one settings version, with history.
import type { DeviceStatusForm, DeviceStatusSettings } from '../../../shared/schemas/device-status.js';
import { rowMessage } from '../../../shared/schemas/device-status.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, requireVersion } from '../../platform/errors.js';
import { type Change, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import { readSettingsRow } from '../../platform/settings-row.js';
import { changedByMessage } from '../../platform/stamp.js';
import { withTransaction } from '../../platform/transaction.js';

/** Row of the settings table holding the list's version and stamp. */
const SETTINGS_KEY = 'device_status';
export const HISTORY_KEY = 'device-status';
/** The settings page is one record: its history lives under this id. */
export const ENTITY_ID = 1;
export const HISTORY_LABELS = { status: 'Status', order: 'Order' };

export const IN_USE = (name: string) =>
  `"${name}" is used by equipment and cannot be removed. Mark it inactive instead.`;
const GONE = 'This status no longer exists. Reload the page.';

type StatusRow = { id: number; name: string; sort_order: number; active: boolean; in_use: boolean };
const loadStamp = (db: Queryable, forUpdate = false) => readSettingsRow(db, SETTINGS_KEY, forUpdate);

async function loadStatuses(db: Queryable): Promise<StatusRow[]> {
  const { rows } = await db.query<StatusRow>(
    `SELECT s.id, s.name, s.sort_order, s.active,
            EXISTS (SELECT 1 FROM equipment e WHERE e.status_id = s.id) AS in_use
       FROM device_statuses s ORDER BY s.sort_order, s.id`,
  );
  return rows;
}

export async function loadDeviceStatus(db: Queryable): Promise<DeviceStatusSettings> {
  const [stamp, statuses] = await Promise.all([loadStamp(db), loadStatuses(db)]);
  return {
    statuses: statuses.map((s) => ({
      id: s.id,
      name: s.name,
      sortOrder: s.sort_order,
      active: s.active,
      inUse: s.in_use,
    })),
    version: stamp?.version ?? 0,
    updated: stamp ? stamp.updated_at.toISOString() : null,
    updatedBy:
      stamp?.updated_by == null ? null : { value: stamp.updated_by, label: stamp.updated_by_name ?? '' },
  };
}

/** How a status reads in history: its name, marked when inactive. */
const shown = (name: string, active: boolean) => (active ? name : `${name} (Inactive)`);

export async function saveDeviceStatus(
  database: Database,
  form: DeviceStatusForm,
  actorId: number,
  timeZone: string,
): Promise<DeviceStatusSettings> {
  return withTransaction(database, async ({ client }) => {
    // The settings row is created on the first save; its lock serialises saves of this page.
    await client.query(
      `INSERT INTO settings (key, created_by, updated_by) VALUES ($1, $2, $2) ON CONFLICT (key) DO NOTHING`,
      [SETTINGS_KEY, actorId],
    );
    const stamp = (await loadStamp(client, true))!;
    if (stamp.version !== requireVersion(form.version)) {
      throw conflict(
        changedByMessage(stamp.updated_by_name, stamp.updated_at, timeZone),
        await loadDeviceStatus(client),
      );
    }

    const existing = await loadStatuses(client);
    const byId = new Map(existing.map((s) => [s.id, s]));
    const kept = new Set(form.statuses.flatMap((r) => (r.id === null ? [] : [r.id])));
    const removed = existing.filter((s) => !kept.has(s.id));
    const errors: string[] = [];
    form.statuses.forEach((row, i) => {
      if (row.id !== null && !byId.has(row.id)) errors.push(rowMessage(i, GONE));
    });
    for (const s of removed) if (s.in_use) errors.push(IN_USE(s.name));
    if (errors.length) throw badRequest({ statuses: errors });

    if (removed.length) {
      try {
        await client.query('DELETE FROM device_statuses WHERE id = ANY($1::int[])', [
          removed.map((s) => s.id),
        ]);
      } catch (error) {
        // Equipment took one of them on since the check above.
        if ((error as { code?: string }).code === '23503')
          throw badRequest({ statuses: removed.map((s) => IN_USE(s.name)) });
        throw error;
      }
    }
    // Renames may swap names; the unique index checks each row at once, so move renamed rows aside first.
    const renamed = form.statuses.flatMap((r) =>
      r.id !== null && byId.get(r.id)!.name !== r.name ? [r.id] : [],
    );
    if (renamed.length)
      await client.query(
        `UPDATE device_statuses SET name = 'renaming ' || id || ' ' || gen_random_uuid() WHERE id = ANY($1::int[])`,
        [renamed],
      );

    const changes: Change[] = removed.map((s) => ({
      field: 'status',
      oldValue: shown(s.name, s.active),
      newValue: null,
    }));
    for (const [i, row] of form.statuses.entries()) {
      if (row.id === null) {
        await client.query('INSERT INTO device_statuses (name, sort_order, active) VALUES ($1, $2, $3)', [
          row.name,
          i + 1,
          row.active,
        ]);
        changes.push({ field: 'status', oldValue: null, newValue: shown(row.name, row.active) });
        continue;
      }
      const before = byId.get(row.id)!;
      await client.query('UPDATE device_statuses SET name = $2, sort_order = $3, active = $4 WHERE id = $1', [
        row.id,
        row.name,
        i + 1,
        row.active,
      ]);
      const [oldValue, newValue] = [shown(before.name, before.active), shown(row.name, row.active)];
      if (oldValue !== newValue) changes.push({ field: 'status', oldValue, newValue });
    }
    // A reorder of the statuses that stay is one more row, with the whole list before and after.
    const orderBefore = existing.filter((s) => kept.has(s.id)).map((s) => s.id);
    const orderAfter = form.statuses.flatMap((r) => (r.id === null ? [] : [r.id]));
    if (orderBefore.join() !== orderAfter.join())
      changes.push({
        field: 'order',
        oldValue: existing.map((s) => s.name).join(', '),
        newValue: form.statuses.map((r) => r.name).join(', '),
      });

    await client.query(
      'UPDATE settings SET version = version + 1, updated_at = now(), updated_by = $2 WHERE key = $1',
      [SETTINGS_KEY, actorId],
    );
    await recordHistory(client, { entity: HISTORY_KEY, entityId: ENTITY_ID, actorId, changes });
    return loadDeviceStatus(client);
  });
}
