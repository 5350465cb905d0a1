// POST /api/report/{key}/export (administrators only): the report with the filters given, as CSV, XLSX or PDF,
// streamed into the file store as it is made; then one transaction completes the file and keeps it in report
// history with the organizations it covered. Answers { history: ReportHistoryItem }.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ExportFormat,
  exportBody,
  type ReportDef,
  type ReportHistoryItem,
  type ReportQuery,
  reportDef,
  reportHistoryResponse,
  reportQuery,
} from '../../../../shared/reports.js';
import type { Database } from '../../../db/client.js';
import { asBulk } from '../../../db/priority.js';
import { currentUser } from '../../../platform/auth.js';
import { badRequest, notFound, zodFieldErrors } from '../../../platform/errors.js';
import { storeGeneratedStream } from '../../../platform/files.js';
import {
  insertHistory,
  linkOrganizations,
  loadHistoryItem,
  reportAccess,
} from '../history/history.service.js';
import { csvExport } from './export-csv.js';
import {
  companyDate,
  type ExportContext,
  type Exporter,
  exportFileName,
  FORMAT_CODES,
  type OpenReport,
  scopeOf,
} from './export-format.js';
import { pdfExport } from './export-pdf.js';
import { xlsxExport } from './export-xlsx.js';

const EXPORTERS: Record<ExportFormat, Exporter> = { csv: csvExport, xlsx: xlsxExport, pdf: pdfExport };

/** The filters a history row keeps to run the report again: the report's own, without the page position. */
const KEPT_FILTERS = Object.keys(reportQuery.shape).filter((k) => k !== 'start' && k !== 'limit');

export type ExportDeps = {
  /** Opens a report's rows (report-source.ts openReport; tests pass a source of their own). */
  openReport: OpenReport;
  now?: () => Date;
};

const keyParam = z.object({ key: z.string().max(60) });

export function reportExportRoutes(
  app: FastifyInstance,
  database: Database,
  timeZone: string,
  deps: ExportDeps,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/report/:key/export',
    {
      schema: { params: keyParam, body: exportBody, response: { 200: reportHistoryResponse } },
      preValidation: reportAccess,
    },
    async (request) => {
      const user = currentUser(request);
      const def = reportDef(request.params.key);
      if (!def) throw notFound();
      const { format, query: given } = request.body;
      const parsed = reportQuery.safeParse(given);
      if (!parsed.success) throw badRequest(zodFieldErrors(parsed.error));
      const query = parsed.data;
      // Bulk work, its rows cut by organization on the embedded database (as GET /api/report/{key}): other
      // users' calls go between its statements.
      return asBulk(() => exportReport(user.id, def, format, query, given));
    },
  );

  async function exportReport(
    actorId: number,
    def: ReportDef,
    format: ExportFormat,
    query: ReportQuery,
    given: Record<string, string | undefined>,
  ): Promise<{ history: ReportHistoryItem | null }> {
    const opened = await deps.openReport(database.pool, def.key, query, timeZone, {
      cut: database.kind === 'embedded',
    });
    try {
      // Hidden columns (ids for the screen's row actions) are never written out.
      const source = {
        ...opened,
        head: { ...opened.head, columns: opened.head.columns.filter((c) => !c.hidden) },
      };
      const context: ExportContext = {
        timeZone,
        now: deps.now?.() ?? new Date(),
        scope: scopeOf(source.head, query),
      };
      const output = EXPORTERS[format](source, context);
      const filters = Object.fromEntries(
        KEPT_FILTERS.filter((k) => given[k] !== undefined && given[k] !== '').map((k) => [k, given[k]!]),
      );
      const id = await storeGeneratedStream(
        database,
        output.stream,
        {
          name: exportFileName(def.key, context.scope, companyDate(context.now, timeZone), output.extension),
          contentType: output.contentType,
          actorId,
        },
        async (tx, file) => {
          const historyId = await insertHistory(tx, {
            report: def.key,
            title: `${source.head.report.title}: ${context.scope}`,
            format: FORMAT_CODES[format],
            filters,
            filtersText: source.head.filtersText,
            fileId: file.id,
            requiredUploadId: null,
            rowCount: output.rowCount(),
            actorId,
          });
          // Internal reports are the firm's own: they are not listed among what a client was sent.
          if (def.group === 'client')
            await linkOrganizations(
              tx,
              historyId,
              query.organization?.length ? { organizations: query.organization } : { clients: query.clients },
            );
          return historyId;
        },
      );
      return { history: await loadHistoryItem(database.pool, id) };
    } finally {
      await opened.close?.();
    }
  }
}
