// What each client report describes (its columns with their SQL and sort keys, the rows' source, its summary) and
// what report-source.ts turns into the page, the summary and the keyset batches of an export.
import type {
  ReportCell,
  ReportChart,
  ReportColumn,
  ReportDef,
  ReportFigure,
  ReportQuery,
} from '../../../../shared/reports.js';
import type { ListFilter, Queryable } from '../../../platform/records.js';
import type { VirtualDevices } from '../../rmm-settings/index.js';

/** A sort key: a NOT NULL SQL expression, and the type its text form is cast back to in a keyset condition. */
export type SortKey = { sql: string; type: 'text' | 'int' | 'date' | 'timestamptz' | 'numeric' };

export type ColumnSpec = ReportColumn & {
  /** The value's SQL expression over the source's aliases. */
  sql: string;
  /** The sort of this column (the report's tie breaker follows); none: not sortable. */
  keys?: SortKey[];
  /** The shown value from the selected one (a code's label); default: instants as ISO text, others as they are. */
  format?: (value: unknown) => ReportCell;
  /** What the summary reads as this column when `sql` is its text form (a date column's date): the same value. */
  value?: string;
};

export type Summary = { figures: ReportFigure[]; chart: ReportChart | null; total: number };

export type ReportPlan = {
  columns: ColumnSpec[];
  /** Unique, NOT NULL keys after the chosen sort's: the rows' order is total, so keyset batches are exact. */
  tieBreak: SortKey[];
  defaultSort: { field: string; dir: 'asc' | 'desc' };
  /**
   * The rows: an optional WITH list, the FROM clause and conditions (parameters go to `f`), for the chosen sort; null
   * when every row is read in no particular order (the summary's), so a plan can pick its whole-set form.
   */
  source: (f: ListFilter, sort: { field: string } | null) => { with?: string; from: string; where: string[] };
  /**
   * The page and the summary are read by one statement, so a costly WITH list of `source` (the billing arithmetic)
   * is worked out once for both; the summary may read that WITH list too.
   */
  combined?: boolean;
  /**
   * The name of the source's WITH query holding the rows when each row belongs to one organization and is worked out
   * within it (the organization filter picks rows, never changes them): the engine may then work the rows out a batch
   * of organizations at a time (engine/report-cut.ts). The source's conditions are then empty.
   */
  cutRows?: string;
  /** Brings figures the source reads from a kept table up to date first (the WIP list's, billing/wip-days.ts). */
  refresh?: (db: Queryable) => Promise<void>;
  /** Values the summary reads that no column shows (an organization's id, to count organizations apart). */
  measures?: Record<string, string>;
  /**
   * One SELECT summarising every matching row (parameters to `f`), and its figures, chart and row count. It reads
   * ROWS, the report's rows as the table lists them (each column under its name, as its `value` where it has one,
   * with the measures), which the engine makes from `source` with the table's own conditions: the summary cannot
   * count other rows than the table.
   */
  summary: (f: ListFilter) => { sql: string; present: (rows: Record<string, unknown>[]) => Summary };
};

/** The name of the report's rows in a summary's SQL (see ReportPlan.summary). */
export const ROWS = 'r';
/** A column (or measure) of the rows, by name, in a summary's SQL. */
export const col = (name: string) => `${ROWS}."${name}"`;

export type ReportContext = {
  def: ReportDef;
  query: ReportQuery;
  /** The company's today, yyyy-MM-dd. */
  today: string;
  period: { from: string; to: string } | null;
  /** The virtual-device rule (user and device counts, annual update). */
  virtual: VirtualDevices;
  /** Internal reports: the default hourly rate (decimal text) of the billing settings; null for client reports. */
  defaultRate: string | null;
  /** The staff member chosen (reports that take `staff`), else null: everyone. */
  staff: { id: number; name: string } | null;
  /** The company time zone (an instant's day, e.g. when a case was billed). */
  timeZone: string;
};

export type PlanBuilder = (ctx: ReportContext) => ReportPlan;

/** A yyyy-MM-dd the server computed, as a SQL date literal (never user text). */
export const dateLiteral = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a date: ${day}`);
  return `DATE '${day}'`;
};

/** The company's IANA time zone (configuration, checked at start-up) as a SQL text literal. */
export const zoneLiteral = (timeZone: string) => {
  if (!/^[A-Za-z0-9_+\-/]+$/.test(timeZone)) throw new Error(`not a time zone: ${timeZone}`);
  return `'${timeZone}'`;
};

/** Conditions joined by AND ("true" for none). */
export const and = (conditions: string[]) => (conditions.length ? conditions.join(' AND ') : 'true');

/** A count from the database (bigint is parsed as a number; sums of counts come as numeric text). */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
