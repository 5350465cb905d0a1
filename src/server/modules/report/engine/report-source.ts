// A client report over the database: its head (filters in words, period, summary, columns, notices, row count), one
// page of rows (GET /api/report/{key}), or every row in keyset batches (exports: bounded memory, one connection).

import { wallClockOf } from '../../../../shared/format/company-time.js';
import { displayOf } from '../../../../shared/format/date.js';
import {
  CHOOSE_STAFF,
  type ReportCell,
  type ReportKey,
  type ReportQuery,
  type ReportResponse,
  type ReportRow,
  reportDef,
} from '../../../../shared/reports.js';
import { badRequest } from '../../../platform/errors.js';
import { type ListFilter, param, type Queryable } from '../../../platform/records.js';
import { loadVirtualDevices, NO_VIRTUAL_DEVICES } from '../../rmm-settings/index.js';
import { loadDefaultRate } from '../billing/billing-settings.service.js';
import type { ReportSource } from '../exports/export-format.js';
import { REPORT_PLANS } from '../queries/index.js';
import { type ColumnSpec, type ReportContext, type ReportPlan, ROWS, type SortKey } from '../queries/plan.js';
import { openCutRows, withCutRows } from './report-cut.js';
import {
  filtersText,
  noneAssigned,
  ORGANIZATION_UNKNOWN,
  resolvePeriod,
  resolveWeeks,
  type Selection,
} from './report-filters.js';

const DEFAULT_BATCH = 1000;
const MAX_BATCH = 10_000;

type Prepared = {
  key: ReportKey;
  ctx: ReportContext;
  plan: ReportPlan;
  selection: Selection;
  sort: { field: string; dir: 'asc' | 'desc'; keys: SortKey[] };
};

/** The company's today, yyyy-MM-dd. */
export function companyDay(timeZone: string, at = new Date()): string {
  const [mm, dd, yyyy] = wallClockOf(at, timeZone).date.split('/');
  return `${yyyy}-${mm}-${dd}`;
}

/** The chosen sort when it names a sortable column, else the report's default; the tie breaker always follows. */
export function resolveSort(plan: ReportPlan, query: Pick<ReportQuery, 'sort' | 'dir'>): Prepared['sort'] {
  const chosen = plan.columns.find((c) => c.name === query.sort && c.keys);
  const column = chosen ?? plan.columns.find((c) => c.name === plan.defaultSort.field)!;
  const dir = query.dir ?? (chosen ? 'asc' : plan.defaultSort.dir);
  return { field: column.name, dir, keys: [...(column.keys ?? []), ...plan.tieBreak] };
}

async function prepare(
  db: Queryable,
  key: ReportKey,
  query: ReportQuery,
  timeZone: string,
): Promise<Prepared> {
  const def = reportDef(key)!;
  const today = companyDay(timeZone);
  const ids = def.subject === 'equipment' && noneAssigned(query) ? [] : (query.organization ?? []);
  const [selection, virtual, defaultRate, staff] = await Promise.all([
    ids.length && def.subject !== 'staff' ? selected(db, ids) : Promise.resolve([]),
    key === 'user-and-device-counts' || key === 'annual-update'
      ? loadVirtualDevices(db)
      : Promise.resolve(NO_VIRTUAL_DEVICES),
    def.group === 'internal' ? loadDefaultRate(db) : Promise.resolve(null),
    def.staff && query.staff ? staffMember(db, query.staff) : Promise.resolve(null),
  ]);
  const ctx: ReportContext = {
    def,
    query,
    today,
    period: def.weeks ? resolveWeeks(query, today) : def.period ? resolvePeriod(query, today) : null,
    virtual,
    defaultRate,
    staff,
    timeZone,
  };
  const plan = REPORT_PLANS[key](ctx);
  await plan.refresh?.(db);
  return { key, ctx, plan, selection, sort: resolveSort(plan, query) };
}

/** The chosen organizations' names, in the order chosen; an id that names none is refused. */
async function selected(db: Queryable, ids: number[]): Promise<Selection> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM organizations WHERE id = ANY($1::int[])',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (byId.size !== ids.length) throw badRequest({ organization: [ORGANIZATION_UNKNOWN] });
  return ids.map((id) => byId.get(id)!);
}

/** The staff member a report is limited to; an id that names nobody is refused. */
async function staffMember(db: Queryable, id: number): Promise<{ id: number; name: string }> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, first_name || ' ' || last_name AS name FROM users WHERE id = $1`,
    [id],
  );
  if (!rows[0]) throw badRequest({ staff: [CHOOSE_STAFF] });
  return rows[0];
}

const where = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

/**
 * The SELECT of the rows in the chosen order (its WITH list apart); with `cursor`, those after it (and the keys'
 * text, for the next). Parameters go to `f`.
 */
function rowsSelect(
  p: Prepared,
  f: ListFilter,
  options: { limit: number; offset?: number; cursor?: string[] | null },
): { with?: string; select: string; src: ReturnType<ReportPlan['source']> } {
  const src = p.plan.source(f, p.sort);
  const conditions = [...src.where];
  const { keys, dir } = p.sort;
  if (options.cursor) {
    const values = options.cursor.map((v, i) => `${param(f, v)}::${keys[i]!.type}`);
    conditions.push(
      `(${keys.map((k) => k.sql).join(', ')}) ${dir === 'desc' ? '<' : '>'} (${values.join(', ')})`,
    );
  }
  const columns = p.plan.columns.map((c) => `${c.sql} AS "${c.name}"`);
  if (options.cursor !== undefined) columns.push(...keys.map((k, i) => `(${k.sql})::text AS _k${i}`));
  const order = keys.map((k) => `${k.sql} ${dir === 'desc' ? 'DESC' : 'ASC'}`).join(', ');
  const limit = param(f, options.limit);
  const offset = options.offset ? ` OFFSET ${param(f, options.offset)}` : '';
  return {
    with: src.with,
    select: `SELECT ${columns.join(', ')} FROM ${src.from} ${where(conditions)}
              ORDER BY ${order} LIMIT ${limit}${offset}`,
    src,
  };
}

function rowsStatement(p: Prepared, options: { limit: number; offset?: number; cursor?: string[] | null }) {
  const f: ListFilter = { where: [], params: [] };
  const rows = rowsSelect(p, f, options);
  return { text: `${rows.with ? `WITH ${rows.with} ` : ''}${rows.select}`, values: f.params };
}

const cell = (column: ColumnSpec, value: unknown): ReportCell => {
  if (column.format) return column.format(value ?? null);
  if (value instanceof Date) return value.toISOString();
  return (value ?? null) as ReportCell;
};

function present(plan: ReportPlan, row: Record<string, unknown>): ReportRow {
  const out: ReportRow = {};
  for (const c of plan.columns) out[c.name] = cell(c, row[c.name]);
  return out;
}

/**
 * The WITH list a summary reads: the source's own, then ROWS, the report's rows as the table lists them (its columns
 * by name and the plan's measures) with the table's conditions. A WITH query nobody reads is never run.
 */
function rowsWith(plan: ReportPlan, src: ReturnType<ReportPlan['source']>): string {
  const values = [
    ...plan.columns.map((c) => `${c.value ?? c.sql} AS "${c.name}"`),
    ...Object.entries(plan.measures ?? {}).map(([name, sql]) => `${sql} AS "${name}"`),
  ];
  const rows = `${ROWS} AS (SELECT ${values.join(', ')} FROM ${src.from} ${where(src.where)})`;
  return src.with ? `${src.with}, ${rows}` : rows;
}

/** The summary over every row: the plan's SELECT (its own WITH list, if any, nested) over ROWS. */
const summarySelect = (sql: string) => `SELECT * FROM (${sql}) s`;

/** The summary's statement: the whole set of rows (a combined plan's in the page's form, whose WITH list it reads). */
function summaryStatement(p: Prepared) {
  const f: ListFilter = { where: [], params: [] };
  const src = p.plan.source(f, p.plan.combined ? p.sort : null);
  const summary = p.plan.summary(f);
  return {
    text: `WITH ${rowsWith(p.plan, src)} ${summarySelect(summary.sql)}`,
    values: f.params,
    summary,
  };
}

/** Notices printed on reports are for clients: an internal report (the firm's own) carries none. */
const loadNotices = async (db: Queryable, p: Prepared) =>
  p.ctx.def.group === 'internal'
    ? { rows: [] }
    : db.query<{ title: string; body: string }>(
        'SELECT title, body FROM notices WHERE active AND on_reports ORDER BY id',
      );

async function loadHead(db: Queryable, p: Prepared): Promise<Omit<ReportResponse, 'rows'>> {
  const statement = summaryStatement(p);
  const [figures, notices] = await Promise.all([
    db.query<Record<string, unknown>>(statement.text, statement.values),
    loadNotices(db, p),
  ]);
  return presentHead(p, statement.summary.present(figures.rows), notices.rows);
}

function presentHead(
  p: Prepared,
  { total, ...shown }: ReturnType<ReturnType<ReportPlan['summary']>['present']>,
  notices: { title: string; body: string }[],
): Omit<ReportResponse, 'rows'> {
  const { def, query, period } = p.ctx;
  return {
    report: { key: p.key, title: def.title },
    filtersText: filtersText(def, query, p.selection, period, p.ctx.staff),
    period: period ? { from: displayOf(period.from), to: displayOf(period.to) } : null,
    organization:
      p.selection.length === 1 ? { value: p.selection[0]!.id, label: p.selection[0]!.name } : null,
    summary: shown,
    columns: p.plan.columns.map(({ name, title, kind, sortable, hidden, expected }) => ({
      name,
      title,
      kind,
      ...(sortable ? { sortable } : {}),
      ...(hidden ? { hidden } : {}),
      ...(expected !== undefined ? { expected } : {}),
    })),
    total,
    sort: { field: p.sort.field, dir: p.sort.dir },
    notices: notices.map((n) => ({ title: n.title, body: n.body })),
  };
}

async function loadPage(db: Queryable, p: Prepared): Promise<ReportRow[]> {
  const statement = rowsStatement(p, { limit: p.ctx.query.limit, offset: p.ctx.query.start });
  const { rows } = await db.query<Record<string, unknown>>(statement.text, statement.values);
  return rows.map((r) => present(p.plan, r));
}

/** Keyset batches on the report's order: each batch starts after the last row of the one before. */
async function* batches(db: Queryable, p: Prepared, batch: number): AsyncIterable<ReportRow[]> {
  const size = Math.max(1, Math.min(MAX_BATCH, Math.floor(batch)));
  let cursor: string[] | null = null;
  for (;;) {
    const statement = rowsStatement(p, { limit: size, cursor });
    const { rows } = await db.query<Record<string, unknown>>(statement.text, statement.values);
    if (rows.length) yield rows.map((r) => present(p.plan, r));
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    cursor = p.sort.keys.map((_, i) => last[`_k${i}`] as string);
  }
}

/**
 * A report's head and its rows in keyset batches (an export). `cut`: as for loadReport; the source must then be
 * closed once its rows are read (it holds them in a temporary table).
 */
export async function openReport(
  db: Queryable,
  key: ReportKey,
  query: ReportQuery,
  timeZone: string,
  options: { cut?: boolean } = {},
): Promise<ReportSource> {
  const p = await prepare(db, key, query, timeZone);
  if (!p.plan.cutRows || !options.cut) {
    const head = await loadHead(db, p);
    return { head, rows: (batch = DEFAULT_BATCH) => batches(db, p, batch) };
  }
  const cut = await openCutRows(db, p);
  try {
    const read = { ...p, plan: cut.plan };
    const head = await loadHead(db, read);
    return { head, rows: (batch = DEFAULT_BATCH) => batches(db, read, batch), close: cut.close };
  } catch (error) {
    await cut.close();
    throw error;
  }
}

/**
 * One page, as GET /api/report/{key} answers. `cut`: a plan that can be is worked out a batch of organizations per
 * statement (report-cut.ts); `db` must then be one session (a client, or the embedded database's pool).
 */
export async function loadReport(
  db: Queryable,
  key: ReportKey,
  query: ReportQuery,
  timeZone: string,
  options: { cut?: boolean } = {},
): Promise<ReportResponse> {
  const p = await prepare(db, key, query, timeZone);
  if (p.plan.cutRows && options.cut) return withCutRows(db, p, (plan) => loadCombined(db, { ...p, plan }));
  if (p.plan.combined) return loadCombined(db, p);
  // Separate statements, so on a server with a pool they run side by side.
  const [head, rows] = await Promise.all([loadHead(db, p), loadPage(db, p)]);
  return { ...head, rows };
}

/** A combined plan's page and summary in one statement: the work of its WITH list is done once for both. */
async function loadCombined(db: Queryable, p: Prepared): Promise<ReportResponse> {
  const f: ListFilter = { where: [], params: [] };
  const page = rowsSelect(p, f, { limit: p.ctx.query.limit, offset: p.ctx.query.start });
  const summary = p.plan.summary(f);
  const [result, notices] = await Promise.all([
    db.query<{ rows: Record<string, unknown>[] | null; summary: Record<string, unknown>[] | null }>(
      `WITH ${rowsWith(p.plan, page.src)}
       SELECT (SELECT json_agg(pr) FROM (${page.select}) pr) AS rows,
              (SELECT json_agg(s) FROM (${summarySelect(summary.sql)}) s) AS summary`,
      f.params,
    ),
    loadNotices(db, p),
  ]);
  const { rows, summary: figures } = result.rows[0]!;
  const head = presentHead(p, summary.present(figures ?? []), notices.rows);
  return { ...head, rows: (rows ?? []).map((r) => present(p.plan, r)) };
}
