// What the device reports share: their source (devices in scope with organization, category and person), the
// columns they pick from, and sort keys that keep an index usable where the report sorts by default.

import type { ReportQuery } from '../../../../shared/reports.js';
import { type CodeList, codeLabel } from '../../../../shared/schemas/fields.js';
import type { ListFilter } from '../../../platform/records.js';
import { equipmentScope } from '../engine/report-filters.js';
import type { ColumnSpec, ReportPlan, SortKey } from './plan.js';

export const NAME_KEY: SortKey = { sql: 'e.name', type: 'text' };
export const ID_KEY: SortKey = { sql: 'e.id', type: 'int' };

const textKey = (sql: string): SortKey[] => [{ sql: `COALESCE(${sql}, '')`, type: 'text' }, NAME_KEY];
/** Days since 1970 (no date last): a number in the cursor, immutable so an index could cover it. */
export const dateKey = (sql: string): SortKey[] => [
  { sql: `COALESCE(${sql} - DATE '1970-01-01', 2147483647)`, type: 'int' },
  NAME_KEY,
];
/** The last check-in, never first: the expression of equipment_response_idx. */
export const RESPONSE_KEY: SortKey = {
  sql: `COALESCE(e.last_response_at, '-infinity'::timestamptz)`,
  type: 'timestamptz',
};

export const textColumn = (name: string, title: string, sql: string): ColumnSpec => ({
  name,
  title,
  kind: 'text',
  sql,
  sortable: true,
  keys: textKey(sql),
});
const date = (name: string, title: string, column: string): ColumnSpec => ({
  name,
  title,
  kind: 'date',
  sql: `to_char(${column}, 'YYYY-MM-DD')`,
  value: column,
  sortable: true,
  keys: dateKey(column),
});

/** A code column shown by its label, sorted by `rank` (worst first) then name. */
export const codeColumn = (name: string, title: string, column: string, list: CodeList): ColumnSpec => ({
  name,
  title,
  kind: 'text',
  sql: column,
  sortable: true,
  keys: [
    {
      sql: `CASE ${column} ${list.map((c, i) => `WHEN '${c.value}' THEN ${list.length - i}`).join(' ')} ELSE 0 END`,
      type: 'int',
    },
    NAME_KEY,
  ],
  format: (v) => codeLabel(list, v as string | null),
});

export const COLUMNS = {
  name: { name: 'name', title: 'Device', kind: 'text', sql: 'e.name', sortable: true, keys: [NAME_KEY] },
  organization: textColumn('organization', 'Organization', 'o.name'),
  category: textColumn('category', 'Category', 'c.name'),
  manufacturer: textColumn('manufacturer', 'Manufacturer', 'e.manufacturer'),
  model: textColumn('model', 'Model', 'e.model'),
  serialNumber: textColumn('serialNumber', 'Serial Number', 'e.serial_number'),
  operatingSystem: textColumn(
    'operatingSystem',
    'Operating System',
    `NULLIF(concat_ws(' ', e.operating_system, e.os_version), '')`,
  ),
  person: textColumn('person', 'Person', `pe.first_name || ' ' || pe.last_name`),
  location: textColumn('location', 'Location', 'e.location'),
  purchaseDate: date('purchaseDate', 'Purchase Date', 'e.purchase_date'),
  warrantyEnd: date('warrantyEnd', 'Warranty End', 'e.warranty_end'),
  rmmAgent: {
    name: 'rmmAgent',
    title: 'RMM Agent',
    kind: 'text',
    sql: `CASE WHEN e.rmm_id IS NOT NULL THEN 'Yes' ELSE 'No' END`,
    sortable: true,
    keys: [{ sql: 'CASE WHEN e.rmm_id IS NOT NULL THEN 1 ELSE 0 END', type: 'int' }, NAME_KEY],
  },
  lastResponse: {
    name: 'lastResponse',
    title: 'Last Response',
    kind: 'datetime',
    sql: 'e.last_response_at',
    sortable: true,
    keys: [RESPONSE_KEY],
  },
} satisfies Record<string, ColumnSpec>;

/** Devices in scope with what their columns show; `where` adds the report's own conditions. */
export function deviceSource(query: ReportQuery, f: ListFilter, where: string[] = []) {
  const scope = equipmentScope(query, f);
  return {
    from: `equipment e ${scope.join}
      LEFT JOIN device_categories c ON c.id = e.category_id
      LEFT JOIN people pe ON pe.id = e.person_id`,
    where: [...scope.where, ...where],
  };
}

/** A device report sorted by device name by default (equipment_active_name_idx and its siblings serve it). */
export const byName = { tieBreak: [ID_KEY], defaultSort: { field: 'name', dir: 'asc' } } satisfies Pick<
  ReportPlan,
  'tieBreak' | 'defaultSort'
>;
