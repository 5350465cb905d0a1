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
  billingSettingsForm,
  billingSettingsResponse,
  billingSettingsSavedResponse,
  billLinesQuery,
  billLinesResponse,
  type CaseBilling,
  caseBillingResponse,
  NOT_BILLED,
  NOTHING_TO_BILL,
  RUNNING_SLIP,
} from '../../../../shared/billing.js';
import { wallClockOf } from '../../../../shared/format/company-time.js';
import { formatMoney, toHundredths } from '../../../../shared/format/money.js';
import { allows, REPORT_ACCESS } from '../../../../shared/permissions.js';
import { recordId } from '../../../../shared/schemas/common.js';
import type { Database } from '../../../db/client.js';
import { currentUser } from '../../../platform/auth.js';
import { badRequest, conflict, notFound } from '../../../platform/errors.js';
import { recordHistory, registerHistoryEntity } from '../../../platform/history.js';
import { errorDocs } from '../../../platform/openapi.js';
import { loadRecord, type Queryable } from '../../../platform/records.js';
import { withTransaction } from '../../../platform/transaction.js';
import type { Outbox } from '../../../platform/webhooks/outbox.js';
import { CASE } from '../../case/index.js';
import { reportsAllowed } from '../engine/report.routes.js';
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

type BilledRow = {
  id: number;
  billed_at: Date | null;
  billed_by: number | null;
  billed_by_name: string | null;
};

async function lockCase(tx: Queryable, id: number): Promise<BilledRow> {
  // Lock first, then read: a session that waited on the lock sees the mark (and who made it) as committed.
  const locked = await tx.query('SELECT id FROM cases WHERE id = $1 FOR UPDATE', [id]);
  if (!locked.rows[0]) throw notFound();
  const { rows } = await tx.query<BilledRow>(
    `SELECT c.id, c.billed_at, c.billed_by, u.first_name || ' ' || u.last_name AS billed_by_name
       FROM cases c LEFT JOIN users u ON u.id = c.billed_by WHERE c.id = $1`,
    [id],
  );
  return rows[0]!;
}

const present = (row: BilledRow): CaseBilling => ({
  caseId: row.id,
  billedAt: row.billed_at ? row.billed_at.toISOString() : null,
  billedBy: row.billed_by === null ? null : { value: row.billed_by, label: row.billed_by_name ?? '' },
});

/** The mark as history and messages say it: "11/24/2026 by Ann Smith". */
const markText = (row: BilledRow, timeZone: string) =>
  `${wallClockOf(row.billed_at!, timeZone).date}${row.billed_by_name ? ` by ${row.billed_by_name}` : ''}`;

/** The mark and the amount billed, as the case's history keeps them: "11/24/2026 by Ann Smith: $395.00". */
const billedText = (row: BilledRow, timeZone: string, amount: string | null) =>
  `${markText(row, timeZone)}${amount === null ? '' : `: ${formatMoney(amount)}`}`;

/** How many slips of the case are still running. */
async function runningSlips(tx: Queryable, id: number): Promise<number> {
  const { rows } = await tx.query<{ running: number }>(
    `SELECT count(*)::int AS running FROM tasks t JOIN slips s ON s.task_id = t.id
      WHERE t.case_id = $1 AND s.stop_time IS NULL`,
    [id],
  );
  return rows[0]!.running;
}

async function setMark(tx: Queryable, id: number, billed: boolean, actorId: number): Promise<BilledRow> {
  await tx.query(
    `UPDATE cases SET billed_at = ${billed ? 'now()' : 'NULL'}, billed_by = ${billed ? '$2' : 'NULL'},
            version = version + 1, updated_at = now(), updated_by = $2
      WHERE id = $1`,
    [id, actorId],
  );
  return lockCase(tx, id);
}

/** case.billed / case.unbilled: the case as GET /api/manage/case/{id} answers it, with its new mark. */
const emitMark = (tx: Queryable, webhooks: Outbox, id: number, billed: boolean) =>
  webhooks.emit(tx, {
    type: billed ? 'case.billed' : 'case.unbilled',
    entity: `case:${id}`,
    data: () => loadRecord(tx, CASE, id),
  });

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
        if (row.billed_at) throw conflict(alreadyBilled(markText(row, timeZone), null), present(row));
        if ((await runningSlips(client, row.id)) > 0) throw badRequest({}, [RUNNING_SLIP]);
        // The snapshot is priced by the bill list's SQL; what the user confirmed must be what is stored.
        const snapshot = await snapshotCase(client, row.id, await loadDefaultRate(client), user.id);
        if (!snapshot || snapshot.minutes === 0) throw badRequest({}, [NOTHING_TO_BILL]);
        const { minutes, amount } = request.body;
        if (snapshot.minutes !== minutes || toHundredths(snapshot.amount) !== toHundredths(amount!))
          throw badRequest({}, [BILL_CHANGED]);
        const billed = await setMark(client, row.id, true, user.id);
        await recordHistory(client, {
          entity: 'case',
          entityId: row.id,
          actorId: user.id,
          changes: [
            { field: 'billed', oldValue: null, newValue: billedText(billed, timeZone, snapshot.amount) },
          ],
        });
        await emitMark(client, app.webhooks, row.id, true);
        return { billing: present(billed) };
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
        if (!row.billed_at) throw conflict(NOT_BILLED, present(row));
        const amount = await deleteSnapshot(client, row.id);
        const unbilled = await setMark(client, row.id, false, user.id);
        await recordHistory(client, {
          entity: 'case',
          entityId: row.id,
          actorId: user.id,
          changes: [{ field: 'billed', oldValue: billedText(row, timeZone, amount), newValue: null }],
        });
        await emitMark(client, app.webhooks, row.id, false);
        return { billing: present(unbilled) };
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
