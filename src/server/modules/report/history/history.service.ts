// Report history: every export made and every document uploaded for a required upload, newest first, with who made
// it, for whom, with which filters, its file, and where to run the report again.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allows, REPORT_ACCESS } from '../../../../shared/permissions.js';
import {
  BILLING_HISTORY_REPORTS,
  type ReportHistoryItem,
  reportDef,
  reportQuery,
} from '../../../../shared/reports.js';
import { pathFor, type RouteName } from '../../../../shared/routes/index.js';
import type { ListPage } from '../../../../shared/schemas/common.js';
import { currentUser } from '../../../platform/auth.js';
import { decodeCursor, encodeCursor } from '../../../platform/cursor.js';
import { forbidden } from '../../../platform/errors.js';
import type { Queryable } from '../../../platform/records.js';

/** preValidation of every report route: administrators only, refused before the input is read. */
export async function reportAccess(request: FastifyRequest): Promise<void> {
  if (!allows(currentUser(request), REPORT_ACCESS)) throw forbidden();
}

/** The title of a history row's report: a client report's, the security pack's, or an uploaded document's. */
export function historyReportTitle(report: string): string {
  if (report === 'security-pack') return 'Security Pack';
  if (report === 'upload') return 'Uploaded Document';
  const billing = BILLING_HISTORY_REPORTS.find((r) => r.value === report);
  if (billing) return billing.label;
  return reportDef(report)?.title ?? report;
}

/**
 * SQL that is true when organization `o` matches the SPEC §4 client report filter code `code` (an SQL expression:
 * a parameter or a column), as the organization list applies it.
 */
export function clientFilterMatch(code: string, o = 'o'): string {
  // A NULL plan compared is NULL: COALESCE makes "does not match" false, as a select list needs it.
  return `COALESCE(CASE ${code}
            WHEN 'all' THEN true
            WHEN '1' THEN ${o}.active
            WHEN '3' THEN NOT ${o}.active
            WHEN '2' THEN ${o}.rmm_plan IS NOT NULL
            WHEN '4' THEN ${o}.rmm_plan = 'RMM_BILL_BY_DEVICE'
            WHEN '5' THEN ${o}.rmm_plan = 'RMM_BILL_BY_USER'
            ELSE false END, false)`;
}

export type HistoryFilter = { organization?: number; report?: string; limit: number; after?: string };

type HistoryRow = {
  id: number;
  report: string;
  title: string;
  format: ReportHistoryItem['format'];
  filters: Record<string, string> | null;
  filters_text: string;
  row_count: number | null;
  created_at: Date;
  // The instant to the microsecond, for the keyset cursor (a Date keeps milliseconds only).
  cursor_at: string;
  created_by: string | null;
  file_name: string;
  size: number;
  organization_count: number;
  organization_name: string | null;
};

const SELECT = `
  SELECT h.id, h.report, h.title, h.format, h.filters, h.filters_text, h.row_count, h.created_at,
         to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
         u.first_name || ' ' || u.last_name AS created_by, f.name AS file_name, f.size,
         orgs.count AS organization_count, orgs.name AS organization_name
    FROM report_history h
    JOIN files f ON f.id = h.file_id
    LEFT JOIN users u ON u.id = h.created_by
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS count, min(o.name) AS name
        FROM report_history_organizations ho JOIN organizations o ON o.id = ho.organization_id
       WHERE ho.report_history_id = h.id) orgs`;

const FILTER_ORDER = Object.keys(reportQuery.shape).filter((k) => k !== 'start' && k !== 'limit');

/** The address of the report's screen with these filters; null for what is no client report. */
export function rerunPath(report: string, filters: Record<string, string> | null): string | null {
  // Exports made when the by-age report took `by=site` rerun as the report by address they were.
  if (report === 'device-summary-by-age' && filters?.by === 'site') report = 'device-summary-by-address';
  const def = reportDef(report);
  if (!def) return null;
  // In the order of the report's filters (jsonb keeps its keys in an order of its own).
  const query: Record<string, string> = {};
  for (const key of FILTER_ORDER) {
    const value = filters?.[key];
    if (typeof value === 'string' && value !== '') query[key] = value;
  }
  return pathFor(def.route as RouteName, {}, query);
}

function present(row: HistoryRow): ReportHistoryItem {
  const count = row.organization_count;
  return {
    id: row.id,
    report: row.report,
    reportTitle: historyReportTitle(row.report),
    title: row.title,
    format: row.format,
    filtersText: row.filters_text,
    rerun: rerunPath(row.report, row.filters),
    organizations: count === 1 ? (row.organization_name ?? '') : count ? `${count} organizations` : '',
    rowCount: row.row_count,
    size: Number(row.size),
    fileName: row.file_name,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    download: `/api/report/history/${row.id}/file`,
  };
}

const cursorSchema = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.number().int(),
]);

/** One page of report history, newest first; only one organization's, or one report's, when asked. */
export async function listHistory(
  db: Queryable,
  filter: HistoryFilter,
): Promise<ListPage<ReportHistoryItem>> {
  const params: unknown[] = [];
  const where: string[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.organization !== undefined)
    where.push(
      `EXISTS (SELECT 1 FROM report_history_organizations x
                WHERE x.report_history_id = h.id AND x.organization_id = ${p(filter.organization)})`,
    );
  if (filter.report) where.push(`h.report = ${p(filter.report)}`);
  // The first page says how many exports match, as record lists do (same WHERE, before the cursor).
  const total = filter.after
    ? undefined
    : await db
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM report_history h JOIN files f ON f.id = h.file_id
            ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
          params,
        )
        .then((r) => r.rows[0]?.n ?? 0);
  if (filter.after) {
    const [at, id] = decodeCursor(filter.after, cursorSchema);
    where.push(`(h.created_at, h.id) < (${p(at)}::timestamptz, ${p(id)})`);
  }
  const { rows } = await db.query<HistoryRow>(
    `${SELECT}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY h.created_at DESC, h.id DESC
      LIMIT ${p(filter.limit + 1)}`,
    params,
  );
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(present),
    next: rows.length > filter.limit && last ? encodeCursor([last.cursor_at, last.id]) : null,
    ...(total === undefined ? {} : { total }),
  };
}

/** One history row as listed, or null. */
export async function loadHistoryItem(db: Queryable, id: number): Promise<ReportHistoryItem | null> {
  const { rows } = await db.query<HistoryRow>(`${SELECT} WHERE h.id = $1`, [id]);
  return rows[0] ? present(rows[0]) : null;
}

export type NewHistory = {
  report: string;
  title: string;
  format: ReportHistoryItem['format'];
  filters: Record<string, string>;
  filtersText: string;
  fileId: number;
  requiredUploadId: number | null;
  rowCount: number | null;
  actorId: number;
};

/** Inserts a history row; returns its id. */
export async function insertHistory(tx: Queryable, entry: NewHistory): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO report_history (report, title, format, filters, filters_text, file_id, required_upload_id,
                                 row_count, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      entry.report,
      entry.title,
      entry.format,
      JSON.stringify(entry.filters),
      entry.filtersText,
      entry.fileId,
      entry.requiredUploadId,
      entry.rowCount,
      entry.actorId,
    ],
  );
  return rows[0]!.id;
}

/**
 * Records which organizations a history row covered, in one statement: the chosen ones, or every one the client
 * filter code matches.
 */
export async function linkOrganizations(
  tx: Queryable,
  historyId: number,
  scope: { organizations: number[] } | { clients: string },
): Promise<void> {
  if ('organizations' in scope)
    await tx.query(
      `INSERT INTO report_history_organizations (report_history_id, organization_id)
       SELECT $1, o.id FROM organizations o WHERE o.id = ANY($2::int[])`,
      [historyId, scope.organizations],
    );
  else
    await tx.query(
      `INSERT INTO report_history_organizations (report_history_id, organization_id)
       SELECT $1, o.id FROM organizations o WHERE ${clientFilterMatch('$2::text')}`,
      [historyId, scope.clients],
    );
}
