// The one pass over an export's rows that both the preview and the import make, 1,000 rows at a time: each row
// mapped and normalised, its organization found (saved site mapping, else the exact name), its device matched (RMM
// ID, else serial, else name within the organization) and classified create / update / unchanged / rejected. Each
// date column's values are noted (which order they prove) and a last-seen or last-patched date in the future is a
// row warning. The import also writes each batch (set-based statements, never row by row) with its field history.

import { wallParts } from '../../../shared/format/wall-clock.js';
import {
  type ColumnMapping,
  IMPORT_FIELDS,
  type ImportField,
  type ImportKind,
  type RejectedRow,
} from '../../../shared/schemas/file-import.js';
import type { Queryable } from '../../platform/records.js';
import { type DateEvidence, type DateOrder, newEvidence, noteDate } from './date-order.js';
import { type Current, DEVICE_FIELD_NAMES, DEVICE_FIELDS, type DeviceField } from './device-fields.js';
import { cellText, type FieldValue, normalizeField } from './normalize.js';
import type { FileRow, Table } from './table-reader.js';
import { type BatchWrite, writeBatch } from './writer.js';

export const BATCH_ROWS = 1000;
export const REJECTED_KEPT = 200;

const LABELS = Object.fromEntries(IMPORT_FIELDS.map((f) => [f.value, f.label])) as Record<
  ImportField,
  string
>;

const same = (a: FieldValue | null, b: FieldValue | null) =>
  a instanceof Date || b instanceof Date
    ? a instanceof Date && b instanceof Date && a.getTime() === b.getTime()
    : a === b;

export type EngineOptions = {
  db: Queryable;
  mapping: ColumnMapping;
  kind: ImportKind;
  timeZone: string;
  /** The order of numeric dates in a date field's column; `dateOrder` where none is given. */
  dateOrder: DateOrder;
  dateOrders?: Partial<Record<ImportField, DateOrder>>;
  /** Today in the company's time zone (yyyy-MM-dd): later last-seen dates are warned of. Default: the real today. */
  today?: string;
  /** Writing: the run, who confirmed it, the text of its "Last Import" history line, a progress callback. */
  apply?: {
    runId: number;
    actorId: number | null;
    importText: string;
    progress: (rows: number) => Promise<void>;
  };
};

export type EngineResult = {
  counts: { total: number; create: number; update: number; unchanged: number; rejected: number };
  rejected: RejectedRow[];
  /** Rows imported with a warning: the first REJECTED_KEPT, and how many. */
  warnings: RejectedRow[];
  warningCount: number;
  /** What each date field's column said about its order. */
  dates: Map<ImportField, DateEvidence>;
  organizations: Map<number, { id: number; name: string; sites: Set<string>; rows: number }>;
  unmatchedSites: Map<string, { site: string; rows: number }>;
};

type Candidate = {
  line: number;
  site: string;
  siteKey: string;
  values: Partial<Record<DeviceField, FieldValue>>;
  device: string | null;
};
const siteKey = (site: string) => site.trim().toLowerCase();

/** The date fields a preview notes the order of. */
export const DATE_FIELDS: readonly ImportField[] = [
  'purchaseDate',
  'warrantyEnd',
  'lastResponseAt',
  'lastPatchDate',
];
/** The dates that cannot be ahead of today: a later one was misread (or the RMM's clock is wrong). */
const PAST_FIELDS: readonly ImportField[] = ['lastResponseAt', 'lastPatchDate'];

/** The company's calendar day (yyyy-MM-dd) at an instant, through the one cached wall-clock formatter. */
const companyDay = (at: Date, timeZone: string) => {
  const { year, month, day } = wallParts(at.getTime(), timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export async function runEngine(table: Table, options: EngineOptions): Promise<EngineResult> {
  const { mapping } = options;
  const index = new Map(table.headers.map((h, i) => [h, i]));
  const columns = (Object.entries(mapping) as [ImportField, string][])
    .filter(([, header]) => index.has(header))
    .map(([field, header]) => ({ field, header, at: index.get(header)! }));
  const result: EngineResult = {
    counts: { total: 0, create: 0, update: 0, unchanged: 0, rejected: 0 },
    rejected: [],
    warnings: [],
    warningCount: 0,
    dates: new Map(columns.filter((c) => DATE_FIELDS.includes(c.field)).map((c) => [c.field, newEvidence()])),
    organizations: new Map(),
    unmatchedSites: new Map(),
  };
  const today = options.today ?? companyDay(new Date(), options.timeZone);
  const warn = (line: number, reason: string, device: string | null) => {
    result.warningCount += 1;
    if (result.warnings.length < REJECTED_KEPT) result.warnings.push({ line, reason, device });
  };
  /** Why a row's dates look wrong (a last-seen date after today), or null. */
  const futureDates = (values: Partial<Record<DeviceField, FieldValue>>) => {
    const ahead: string[] = [];
    for (const { field, header } of columns) {
      if (!PAST_FIELDS.includes(field)) continue;
      const value = values[field as DeviceField];
      if (value === undefined) continue;
      const day = value instanceof Date ? companyDay(value, options.timeZone) : String(value);
      if (day > today) ahead.push(`${LABELS[field]} (${header}) ${usDate(day)} is in the future.`);
    }
    return ahead.length ? ahead.join(' ') : null;
  };
  // Compact key sets over the whole file: which line first had each RMM ID, serial, matched device, new name.
  const seenRmm = new Map<string, number>();
  const seenSerial = new Map<string, number>();
  const seenDevice = new Map<number, number>();
  const seenNewName = new Map<string, number>();
  const sites = new Map<string, { id: number; name: string } | null>();

  const reject = (line: number, reason: string, device: string | null) => {
    result.counts.rejected += 1;
    if (result.rejected.length < REJECTED_KEPT) result.rejected.push({ line, reason, device });
  };

  /** A row as a candidate, or why it is rejected before any lookup. */
  const candidate = (row: FileRow): Candidate | { refused: string; device: string | null } => {
    const values: Partial<Record<DeviceField, FieldValue>> = {};
    let site = '';
    const errors: string[] = [];
    for (const { field, header, at } of columns) {
      const cell = row.cells[at] ?? null;
      const evidence = result.dates.get(field);
      if (evidence && typeof cell === 'string') noteDate(evidence, cellText(cell));
      const normal = normalizeField(field, `${LABELS[field]} (${header})`, cell, {
        timeZone: options.timeZone,
        dateOrder: options.dateOrders?.[field] ?? options.dateOrder,
      });
      if ('error' in normal) errors.push(normal.error);
      else if (normal.value !== null) {
        if (field === 'site') site = String(normal.value);
        else values[field as DeviceField] = normal.value;
      }
    }
    const device = (values.name ?? values.serialNumber ?? values.rmmId ?? null) as string | null;
    const rmm = values.rmmId as string | undefined;
    const serial = values.serialNumber as string | undefined;
    let refused: string | null = null;
    if (errors.length) refused = errors.join(' ');
    else if (!site) refused = `The row has no site or customer name (${mapping.site}).`;
    else if (!device) refused = 'The row has no device name, serial number or RMM ID.';
    else if (rmm && seenRmm.has(rmm)) refused = `RMM ID ${rmm} is also on line ${seenRmm.get(rmm)}.`;
    else if (serial && seenSerial.has(serial))
      refused = `Serial number ${serial} is also on line ${seenSerial.get(serial)}.`;
    if (refused) return { refused, device };
    if (rmm) seenRmm.set(rmm, row.line);
    if (serial) seenSerial.set(serial, row.line);
    const ahead = futureDates(values);
    if (ahead) warn(row.line, ahead, device);
    return { line: row.line, site, siteKey: siteKey(site), values, device };
  };

  const resolveSites = async (batch: Candidate[]) => {
    const unknown = [...new Set(batch.map((c) => c.siteKey).filter((k) => !sites.has(k)))];
    if (unknown.length === 0) return;
    const { rows } = await options.db.query<{ key: string; id: number | null; name: string | null }>(
      `SELECT k.key, org.id, org.name
         FROM unnest($1::text[]) AS k(key)
         LEFT JOIN rmm_site_mappings m ON m.site_key = k.key
         LEFT JOIN LATERAL (SELECT o.id FROM organizations o WHERE lower(o.name) = k.key
                             ORDER BY o.active DESC, o.id LIMIT 1) byname ON m.site_key IS NULL
         LEFT JOIN organizations org ON org.id = COALESCE(m.organization_id, byname.id)`,
      [unknown],
    );
    for (const r of rows) sites.set(r.key, r.id === null ? null : { id: r.id, name: r.name! });
  };

  /** Why a row no device matches cannot become a new device, or null. */
  const refuseNew = (c: Candidate & { org: { id: number } }): string | null => {
    if (options.kind !== 'DEVICE') return 'No device matches this row. Import the device export first.';
    if (!c.values.name) return 'A new device needs a name.';
    if (c.values.rmmId || c.values.serialNumber) return null;
    const key = `${c.org.id}|${String(c.values.name).toLowerCase()}`;
    const earlier = seenNewName.get(key);
    if (earlier !== undefined) return `The device ${c.values.name} is also on line ${earlier}.`;
    seenNewName.set(key, c.line);
    return null;
  };

  const flush = async (batch: Candidate[]) => {
    await resolveSites(batch);
    const placed: (Candidate & { org: { id: number; name: string } })[] = [];
    for (const c of batch) {
      const org = sites.get(c.siteKey) ?? null;
      if (!org) {
        const unmatched = result.unmatchedSites.get(c.siteKey) ?? { site: c.site, rows: 0 };
        unmatched.rows += 1;
        result.unmatchedSites.set(c.siteKey, unmatched);
        reject(c.line, `The site "${c.site}" is not matched to an organization.`, c.device);
      } else placed.push({ ...c, org });
    }
    const matches = await matchDevices(options.db, placed);
    const write: BatchWrite = { creates: [], updates: [] };
    for (const [i, c] of placed.entries()) {
      const current = matches.get(i) ?? null;
      if (current) {
        const earlier = seenDevice.get(current.id);
        if (earlier !== undefined) {
          reject(c.line, `This row is the same device as line ${earlier}.`, c.device);
          continue;
        }
        seenDevice.set(current.id, c.line);
        const changes = DEVICE_FIELD_NAMES.filter(
          (f) => c.values[f] !== undefined && !same(c.values[f]!, current[f]),
        ).map((f) => ({ field: f, before: current[f], after: c.values[f]! }));
        const moved = current.organizationId !== c.org.id;
        count(c, changes.length || moved ? 'update' : 'unchanged');
        if (changes.length || moved)
          write.updates.push({ current, org: c.org, values: c.values, changes, moved });
        continue;
      }
      const refusal = refuseNew(c);
      if (refusal) {
        reject(c.line, refusal, c.device);
        continue;
      }
      count(c, 'create');
      write.creates.push({ org: c.org, values: c.values });
    }
    if (options.apply) await writeBatch(options.db, write, options.apply);
  };

  const count = (
    c: Candidate & { org: { id: number; name: string } },
    as: 'create' | 'update' | 'unchanged',
  ) => {
    result.counts[as] += 1;
    const org = result.organizations.get(c.org.id) ?? { ...c.org, sites: new Set<string>(), rows: 0 };
    org.rows += 1;
    org.sites.add(c.site);
    result.organizations.set(c.org.id, org);
  };

  let batch: Candidate[] = [];
  for await (const row of table.rows) {
    result.counts.total += 1;
    const c = candidate(row);
    if ('refused' in c) reject(row.line, c.refused, c.device);
    else batch.push(c);
    if (batch.length >= BATCH_ROWS) {
      await flush(batch);
      batch = [];
    }
    if (options.apply && result.counts.total % BATCH_ROWS === 0)
      await options.apply.progress(result.counts.total);
  }
  if (batch.length) await flush(batch);
  if (options.apply) await options.apply.progress(result.counts.total);
  return result;
}

const CURRENT_COLUMNS = DEVICE_FIELD_NAMES.map((f) => {
  const { column, type } = DEVICE_FIELDS[f];
  return type === 'date' ? `to_char(e.${column}, 'YYYY-MM-DD') AS "${f}"` : `e.${column} AS "${f}"`;
}).join(', ');

const MATCH_SQL = `SELECT v.i, e.id, e.organization_id AS "organizationId", o.name AS "organizationName", ${CURRENT_COLUMNS}
       FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[]) AS v(i, rmm, serial, org, name)
       -- Each way is tried only when the one before found nothing (COALESCE stops at the first); the name is
       -- matched through the (organization, name) index as written, upper- or lower-cased. "min over OFFSET 0"
       -- keeps the planner on those indexes: "ORDER BY id LIMIT 1" tempts it to walk the primary key instead,
       -- filtering every device, which it does once the import has added rows its statistics do not know.
       CROSS JOIN LATERAL (SELECT COALESCE(
         (SELECT min(d.id) FROM (SELECT d.id FROM equipment d WHERE d.rmm_id = v.rmm OFFSET 0) d),
         (SELECT min(d.id) FROM (SELECT d.id FROM equipment d WHERE d.serial_number = v.serial OFFSET 0) d),
         (SELECT min(d.id) FROM (SELECT d.id FROM equipment d WHERE d.organization_id = v.org
             AND d.name IN (v.name, upper(v.name), lower(v.name)) OFFSET 0) d)
       ) AS id) found
       -- One index lookup per matched row (OFFSET 0: not a hash join over the whole table).
       CROSS JOIN LATERAL (SELECT * FROM equipment e WHERE e.id = found.id OFFSET 0) e
       LEFT JOIN organizations o ON o.id = e.organization_id`;

/** The existing device of each candidate (by position): RMM ID, else serial, else name within the organization. */
async function matchDevices(
  db: Queryable,
  batch: (Candidate & { org: { id: number } })[],
): Promise<Map<number, Current>> {
  if (batch.length === 0) return new Map();
  const params = [
    batch.map((_, i) => i),
    batch.map((c) => (c.values.rmmId as string | undefined) ?? null),
    batch.map((c) => (c.values.serialNumber as string | undefined) ?? null),
    batch.map((c) => c.org.id),
    batch.map((c) => (c.values.name ? String(c.values.name) : null)),
  ];
  const { rows } = await db.query<Current & { i: number }>(MATCH_SQL, params);
  return new Map(rows.map((r) => [r.i, r]));
}
