// Billing from the bill list (administrators, REPORT_ACCESS): mark a case billed (it leaves the list and its slips
// are locked) or take the mark back; and the billing settings (the default hourly rate) with their field history.
//   POST /api/report/bill-list/{caseId}/bill   { minutes, amount } → { billing } (and its billing snapshot)
//   POST /api/report/bill-list/{caseId}/unbill                     → { billing } (the snapshot deleted)
//   GET  /api/report/bill-list/{caseId}/lines?start&limit          → { lines } (the case's slips as billed)
//   GET, POST /api/report/billing-settings                 → { billingSettings, can: { save } }

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alreadyBilled,
  BILL_CHANGED,
  billCaseBody,
  billedByInvoice,
  billingSettingsForm,
  billingSettingsResponse,
  billingSettingsSavedResponse,
  billLinesQuery,
  billLinesResponse,
  caseBillingResponse,
  NOT_BILLED,
  NOTHING_TO_BILL,
  RUNNING_SLIP,
} from '../../../../shared/billing.js';
import { toHundredths } from '../../../../shared/format/money.js';
import { allows, REPORT_ACCESS } from '../../../../shared/permissions.js';
import { type InvoiceKind, invoiceNumberText } from '../../../../shared/schemas/billing-run.js';
import { recordId } from '../../../../shared/schemas/common.js';
import type { Database } from '../../../db/client.js';
import { currentUser } from '../../../platform/auth.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import { recordHistory, registerHistoryEntity } from '../../../platform/history.js';
import { errorDocs } from '../../../platform/openapi.js';
import type { Queryable } from '../../../platform/records.js';
import { withTransaction } from '../../../platform/transaction.js';
import { reportsAllowed } from '../engine/report.routes.js';
import {
  type BilledRow,
  billedText,
  emitMark,
  lockCases,
  markText,
  presentBilling,
  runningSlips,
  setMarks,
} from './billing-marks.js';
import {
  ENTITY_ID,
  FIELD_LABELS,
  HISTORY_KEY,
  loadBillingSettings,
  loadDefaultRate,
  saveBillingSettings,
} from './billing-settings.service.js';
import { caseLines, deleteSnapshot, snapshotCase } from './billing-snapshot.js';

const caseParams = z.object({ caseId: recordId() });

async function lockCase(tx: Queryable, id: number): Promise<BilledRow> {
  const [row] = await lockCases(tx, [id]);
  if (!row) throw notFound();
  return row;
}

/** "INV-00012": the number of the posted invoice that billed a case. */
async function invoiceNumberOf(tx: Queryable, invoiceId: number): Promise<string> {
  const { rows } = await tx.query<{ kind: InvoiceKind; number: number | null }>(
    'SELECT kind, number FROM invoices WHERE id = $1',
    [invoiceId],
  );
  return invoiceNumberText(rows[0]?.kind ?? 'INVOICE', rows[0]?.number ?? null) ?? `#${invoiceId}`;
}

export function billingRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  registerHistoryEntity({
    key: HISTORY_KEY,
    objectClass: 'BillingSettings',
    fieldLabels: FIELD_LABELS,
    title: async (_db, id) => (id === ENTITY_ID ? 'Billing Settings' : null),
    canRead: (user) => allows(user, REPORT_ACCESS),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/report/bill-list/:caseId/bill',
    {
      schema: {
        responseDocs: errorDocs({
          409: 'The case is billed already, or its time changed since it was read.',
        }),
        params: caseParams,
        body: billCaseBody,
        response: { 200: caseBillingResponse },
      },
      preValidation: reportsAllowed,
    },
    async (request) => {
      const user = currentUser(request);
      return withTransaction(database, async ({ client }) => {
        // The lock makes a second session wait, then find the mark: a case is never billed twice.
        const row = await lockCase(client, request.params.caseId);
        if (row.billed_at) throw conflict(alreadyBilled(markText(row, timeZone), null), presentBilling(row));
        if ((await runningSlips(client, [row.id])).size > 0) throw badRequest({}, [RUNNING_SLIP]);
        // The snapshot is priced by the bill list's SQL; what the user confirmed must be what is stored.
        const snapshot = await snapshotCase(client, row.id, await loadDefaultRate(client), user.id);
        if (!snapshot || snapshot.minutes === 0) throw badRequest({}, [NOTHING_TO_BILL]);
        const { minutes, amount } = request.body;
        if (snapshot.minutes !== minutes || toHundredths(snapshot.amount) !== toHundredths(amount!))
          throw badRequest({}, [BILL_CHANGED]);
        const [billed] = (await setMarks(client, [row.id], true, user.id)) as [BilledRow];
        await recordHistory(client, {
          entity: 'case',
          entityId: row.id,
          actorId: user.id,
          changes: [
            { field: 'billed', oldValue: null, newValue: billedText(billed, timeZone, snapshot.amount) },
          ],
        });
        await emitMark(client, app.webhooks, row.id, true);
        return { billing: presentBilling(billed) };
      });
    },
  );

  api.post(
    '/api/report/bill-list/:caseId/unbill',
    {
      schema: {
        responseDocs: errorDocs({ 409: 'The case is not billed.' }),
        params: caseParams,
        response: { 200: caseBillingResponse },
      },
      preValidation: reportsAllowed,
    },
    async (request) => {
      const user = currentUser(request);
      return withTransaction(database, async ({ client }) => {
        const row = await lockCase(client, request.params.caseId);
        if (!row.billed_at) throw conflict(NOT_BILLED, presentBilling(row));
        // A case an invoice billed stays billed while the invoice stands: voiding the invoice takes the mark back.
        if (row.invoice_id)
          throw conflict(billedByInvoice(await invoiceNumberOf(client, row.invoice_id)), presentBilling(row));
        const amount = await deleteSnapshot(client, row.id);
        const [unbilled] = (await setMarks(client, [row.id], false, user.id)) as [BilledRow];
        await recordHistory(client, {
          entity: 'case',
          entityId: row.id,
          actorId: user.id,
          changes: [{ field: 'billed', oldValue: billedText(row, timeZone, amount), newValue: null }],
        });
        await emitMark(client, app.webhooks, row.id, false);
        return { billing: presentBilling(unbilled) };
      });
    },
  );

  api.get(
    '/api/report/bill-list/:caseId/lines',
    {
      schema: { params: caseParams, querystring: billLinesQuery, response: { 200: billLinesResponse } },
      preValidation: reportsAllowed,
    },
    async (request) => {
      const { caseId } = request.params;
      const found = await database.pool.query<{ billed: boolean }>(
        'SELECT billed_at IS NOT NULL AS billed FROM cases WHERE id = $1',
        [caseId],
      );
      if (!found.rows[0]) throw notFound();
      const rate = await loadDefaultRate(database.pool);
      const lines = await caseLines(database.pool, caseId, rate, request.query);
      return { lines: { caseId, billed: found.rows[0].billed, ...lines } };
    },
  );

  api.get(
    '/api/report/billing-settings',
    { schema: { response: { 200: billingSettingsResponse } }, preValidation: reportsAllowed },
    async () => ({
      billingSettings: await loadBillingSettings(database.pool),
      can: { save: true },
    }),
  );

  api.post(
    '/api/report/billing-settings',
    {
      schema: { body: billingSettingsForm, response: { 200: billingSettingsSavedResponse } },
      preValidation: reportsAllowed,
    },
    async (request) => ({
      billingSettings: await saveBillingSettings(database, request.body, currentUser(request).id, timeZone),
    }),
  );
}
