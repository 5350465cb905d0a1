// One batch of an import written with three statements whatever its size: the new devices (ids drawn first, so
// each history row knows its device), the changed devices (UPDATE … FROM unnest), and their field history.
import { addToBatch, historyBatch, recordHistoryBatch } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';

import {
  type Current,
  DEVICE_FIELD_NAMES,
  DEVICE_FIELDS,
  type DeviceField,
  historyValue,
} from './device-fields.js';
import type { FieldValue } from './normalize.js';

type Org = { id: number; name: string };
export type BatchWrite = {
  creates: { org: Org; values: Partial<Record<DeviceField, FieldValue>> }[];
  updates: {
    current: Current;
    org: Org;
    values: Partial<Record<DeviceField, FieldValue>>;
    changes: { field: DeviceField; before: FieldValue | null; after: FieldValue }[];
    moved: boolean;
  }[];
};

/** The history line naming the import that created or changed a device. */
export const LAST_IMPORT_FIELD = 'Last Import';

const SQL_TYPES = {
  text: 'text',
  date: 'date',
  timestamptz: 'timestamptz',
  int: 'int',
  bool: 'boolean',
} as const;
const arrayType = (f: DeviceField) => `${SQL_TYPES[DEVICE_FIELDS[f].type]}[]`;
const column = (f: DeviceField) => DEVICE_FIELDS[f].column;

export async function writeBatch(
  db: Queryable,
  write: BatchWrite,
  run: { runId: number; actorId: number | null; importText: string },
): Promise<void> {
  const history = historyBatch();
  if (write.creates.length) {
    const { rows } = await db.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('equipment', 'id'))::int AS id FROM generate_series(1, $1)`,
      [write.creates.length],
    );
    const ids = rows.map((r) => r.id);
    const params: unknown[] = [ids, write.creates.map((c) => c.org.id)];
    for (const f of DEVICE_FIELD_NAMES) params.push(write.creates.map((c) => c.values[f] ?? null));
    params.push(run.runId, run.actorId);
    const n = params.length;
    await db.query(
      `INSERT INTO equipment (id, organization_id, ${DEVICE_FIELD_NAMES.map(column).join(', ')},
                              last_import_run_id, created_by, updated_by)
       OVERRIDING SYSTEM VALUE
       SELECT v.id, v.org, ${DEVICE_FIELD_NAMES.map((f) => (f === 'virtual' ? 'COALESCE(v.virtual, false)' : `v.${column(f)}`)).join(', ')},
              $${n - 1}, $${n}, $${n}
         FROM unnest($1::int[], $2::int[], ${DEVICE_FIELD_NAMES.map((f, i) => `$${i + 3}::${arrayType(f)}`).join(', ')})
           AS v(id, org, ${DEVICE_FIELD_NAMES.map(column).join(', ')})`,
      params,
    );
    write.creates.forEach((c, i) => {
      const id = ids[i]!;
      addToBatch(history, id, 'organization', null, c.org.name);
      for (const f of DEVICE_FIELD_NAMES)
        if (c.values[f] !== undefined) addToBatch(history, id, f, null, historyValue(f, c.values[f]!));
      addToBatch(history, id, LAST_IMPORT_FIELD, null, run.importText);
    });
  }
  if (write.updates.length) {
    const params: unknown[] = [write.updates.map((u) => u.current.id), write.updates.map((u) => u.org.id)];
    for (const f of DEVICE_FIELD_NAMES) params.push(write.updates.map((u) => u.values[f] ?? null));
    params.push(run.runId, run.actorId);
    const n = params.length;
    await db.query(
      `UPDATE equipment e
          SET organization_id = v.org,
              ${DEVICE_FIELD_NAMES.map((f) => `${column(f)} = COALESCE(v.${column(f)}, e.${column(f)})`).join(',\n              ')},
              last_import_run_id = $${n - 1}, updated_by = $${n}, updated_at = now(), version = e.version + 1
         FROM unnest($1::int[], $2::int[], ${DEVICE_FIELD_NAMES.map((f, i) => `$${i + 3}::${arrayType(f)}`).join(', ')})
           AS v(id, org, ${DEVICE_FIELD_NAMES.map(column).join(', ')})
        WHERE e.id = v.id`,
      params,
    );
    for (const u of write.updates) {
      const id = u.current.id;
      if (u.moved) addToBatch(history, id, 'organization', u.current.organizationName, u.org.name);
      for (const c of u.changes)
        addToBatch(history, id, c.field, historyValue(c.field, c.before), historyValue(c.field, c.after));
      addToBatch(history, id, LAST_IMPORT_FIELD, null, run.importText);
    }
  }
  await recordHistoryBatch(db, 'equipment', run.actorId, history);
}
