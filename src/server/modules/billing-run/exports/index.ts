// Invoices for accounting (administrators, REPORT_ACCESS):
//   GET, POST /api/report/accounting-mapping                → { mapping, can } / { mapping }  with field history
//   GET /api/report/billing-run/{id}/export?format=xero|qbo|iif|csv|xlsx   the run's posted invoices and credit notes
//   GET /api/report/invoice/{id}/pdf                         one invoice or credit note (a draft: marked DRAFT)
// Every file is made as it is read into the file store, kept in report history with the organizations it covers,
// then streamed back from the store.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allows, REPORT_ACCESS } from '../../../../shared/permissions.js';
import {
  ACCOUNTING_MAPPING_FIELD_LABELS,
  ACCOUNTING_MAPPING_HISTORY_KEY,
  accountingMappingForm,
  accountingMappingResponse,
  accountingMappingSaved,
  invoiceExportQuery,
  NOTHING_POSTED,
} from '../../../../shared/schemas/accounting-mapping.js';
import { periodLabel, runParams } from '../../../../shared/schemas/billing-run.js';
import type { Database } from '../../../db/client.js';
import { currentUser } from '../../../platform/auth.js';
import { badRequest, notFound } from '../../../platform/errors.js';
import {
  contentDisposition,
  storeGenerated,
  storeGeneratedStream,
  streamFile,
} from '../../../platform/files.js';
import { registerHistoryEntity } from '../../../platform/history.js';
import { fileResponse } from '../../../platform/openapi.js';
import { withTransaction } from '../../../platform/transaction.js';
import {
  companyDate,
  exportFileName,
  insertHistory,
  linkOrganizations,
  reportsAllowed,
} from '../../report/index.js';
import {
  ENTITY_ID,
  loadAccountingMapping,
  loadStoredMapping,
  saveAccountingMapping,
} from './accounting-mapping.service.js';
import { exportScope, oneInvoice, runInvoices } from './export-data.js';
import { exportFile, FORMAT_TITLES } from './export-files.js';
import { documentTitle, invoicePdf } from './invoice-pdf.js';

const MAPPING = '/api/report/accounting-mapping';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Stored = { id: number; name: string; contentType: string; size: number };

/** Sends a stored file back as an attachment, read from the store as the client reads it. */
function sendStored(reply: FastifyReply, database: Database, file: Stored) {
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(file.name))
    .header('X-Content-Type-Options', 'nosniff');
  return reply.send(streamFile(database, file.id, file.size));
}

export function invoiceExportRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const db = database.pool;
  registerHistoryEntity({
    key: ACCOUNTING_MAPPING_HISTORY_KEY,
    objectClass: 'AccountingMapping',
    fieldLabels: ACCOUNTING_MAPPING_FIELD_LABELS,
    title: async (_db, id) => (id === ENTITY_ID ? 'Accounting Mapping' : null),
    canRead: (user) => allows(user, REPORT_ACCESS),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    MAPPING,
    { schema: { response: { 200: accountingMappingResponse } }, preValidation: reportsAllowed },
    async () => ({ mapping: await loadAccountingMapping(db), can: { save: true } }),
  );

  api.post(
    MAPPING,
    {
      schema: { body: accountingMappingForm, response: { 200: accountingMappingSaved } },
      preValidation: reportsAllowed,
    },
    async (request) => ({
      mapping: await saveAccountingMapping(database, request.body, currentUser(request).id, timeZone),
    }),
  );

  api.get(
    '/api/report/billing-run/:id/export',
    {
      schema: {
        params: runParams,
        querystring: invoiceExportQuery,
        responseDocs: fileResponse(
          "The run's posted invoices and credit notes as a Xero, QuickBooks Online, IIF, CSV or XLSX file.",
          ['text/csv', 'text/plain', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        ),
      },
      preValidation: reportsAllowed,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const { format } = request.query;
      const { rows } = await db.query<{ period: string }>(
        `SELECT to_char(period, 'YYYY-MM') AS period FROM billing_runs WHERE id = $1`,
        [id],
      );
      if (!rows[0]) throw notFound();
      const period = rows[0].period;
      const scope = await exportScope(db, id);
      if (scope.invoices + scope.creditNotes === 0) throw badRequest({}, [NOTHING_POSTED]);
      const mapping = await loadStoredMapping(db);
      const now = new Date();
      const file = exportFile(format, runInvoices(db, id, mapping), {
        receivableAccount: mapping.receivableAccount,
        now,
      });
      const name = exportFileName(`invoices-${format}`, period, companyDate(now, timeZone), file.extension);
      const stored = await storeGeneratedStream(
        database,
        file.stream,
        { name, contentType: file.contentType, actorId: user.id },
        async (tx, f) => {
          const historyId = await insertHistory(tx, {
            report: 'billing-run-export',
            title: `${FORMAT_TITLES[format]}: ${periodLabel(period)}`,
            format: file.historyFormat,
            filters: { run: String(id), format },
            filtersText: [
              plural(scope.invoices, 'invoice', 'invoices'),
              plural(scope.creditNotes, 'credit note', 'credit notes'),
            ].join(', '),
            fileId: f.id,
            requiredUploadId: null,
            rowCount: file.rowCount(),
            actorId: user.id,
          });
          await linkOrganizations(tx, historyId, { organizations: scope.organizations });
          return f;
        },
      );
      return sendStored(reply, database, stored);
    },
  );

  api.get(
    '/api/report/invoice/:id/pdf',
    {
      schema: {
        params: runParams,
        responseDocs: fileResponse('The invoice or credit note as a PDF; a draft is marked DRAFT.', [
          'application/pdf',
        ]),
      },
      preValidation: reportsAllowed,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const user = currentUser(request);
      const invoice = await oneInvoice(db, request.params.id, await loadStoredMapping(db));
      if (!invoice) throw notFound();
      const bytes = await invoicePdf(invoice);
      const now = new Date();
      const title = documentTitle(invoice);
      const stored = await withTransaction(database, async ({ client }) => {
        const f = await storeGenerated(client, bytes, {
          name: exportFileName(
            invoice.kind === 'CREDIT_NOTE' ? 'credit-note' : 'invoice',
            `${invoice.status === 'POSTED' || invoice.status === 'VOID' ? invoice.number : 'draft'} ${invoice.billTo}`,
            companyDate(now, timeZone),
            'pdf',
          ),
          contentType: 'application/pdf',
          actorId: user.id,
        });
        const historyId = await insertHistory(client, {
          report: 'invoice-pdf',
          title: `${title}: ${invoice.billTo}`,
          format: 'PDF',
          filters: { invoice: String(invoice.id) },
          filtersText: title,
          fileId: f.id,
          requiredUploadId: null,
          rowCount: invoice.lines.length,
          actorId: user.id,
        });
        await linkOrganizations(client, historyId, { organizations: [invoice.organizationId] });
        return f;
      });
      return sendStored(reply, database, stored);
    },
  );
}
