// POST /api/manage/opportunity/{id}/win: an opportunity with an accepted proposal becomes an agreement in ONE
// transaction — the agreement (linked both ways), a monthly service for each monthly line of the proposal and a
// one-time charge for each one-time line, the proposal's PDF as the agreement's first document, the opportunity at the
// won stage with the proposal's first-year value as its amount and the sale's close date, and both timelines. Either
// all of it happens or none of it. GET on the same path previews it for the dialog.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { companyToday } from '../../../shared/format/company-time.js';
import { formatMoney } from '../../../shared/format/money.js';
import { idParam } from '../../../shared/schemas/common.js';
import {
  ALREADY_WON,
  NUMBER_USED,
  WIN_NEEDS_ACCEPTED,
  type WinForm,
  type WinPreview,
  type WinResult,
  winForm,
  winPreviewSchema,
  winResultSchema,
} from '../../../shared/schemas/opportunity.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest, conflict, notFound, requireVersion } from '../../platform/errors.js';
import { storeGenerated } from '../../platform/files.js';
import { changeRecord, insertRecord, loadRecord } from '../../platform/records.js';
import { changedByMessage } from '../../platform/stamp.js';
import { withTransaction } from '../../platform/transaction.js';
import type { Outbox } from '../../platform/webhooks/outbox.js';
import { AGREEMENT, AGREEMENT_SERVICE, addActivity, suggestedNumber } from '../agreement/index.js';
import { AGREEMENT_DOCUMENT } from '../agreement-document/index.js';
import { addOpportunityActivity, emitOpportunityWon, OPPORTUNITY } from '../opportunity/index.js';
import { renderProposalPdf } from '../proposal/index.js';
import { loadOpportunitySettings } from '../sales-settings/index.js';
import { acceptedProposals, loadWinLines, planWin, type WinLine } from './win-plan.js';

type OpportunityRow = {
  id: number;
  version: number;
  number: string;
  title: string;
  organization_id: number;
  owner_id: number | null;
  agreement_id: number | null;
  updated_at: Date;
  updated_by_name: string | null;
};

/** "03/01/2026" → "03/01/2027": the renewal a year after the start (Feb 29 → Feb 28). */
function yearLater(display: string): string {
  const [mm, dd, yyyy] = display.split('/').map(Number) as [number, number, number];
  const day = mm === 2 && dd === 29 ? 28 : dd;
  return `${String(mm).padStart(2, '0')}/${String(day).padStart(2, '0')}/${yyyy + 1}`;
}

export async function winOpportunity(
  client: pg.PoolClient,
  opportunityId: number,
  form: WinForm,
  actorId: number,
  timeZone: string,
  webhooks: Outbox,
): Promise<WinResult> {
  const { rows: found } = await client.query<OpportunityRow>(
    `SELECT o.id, o.version, o.number, o.title, o.organization_id, o.owner_id, o.agreement_id, o.updated_at,
            u.first_name || ' ' || u.last_name AS updated_by_name
       FROM opportunities o LEFT JOIN users u ON u.id = o.updated_by
      WHERE o.id = $1 FOR UPDATE OF o`,
    [opportunityId],
  );
  const opportunity = found[0];
  if (!opportunity) throw notFound();
  if (opportunity.version !== requireVersion(form.version))
    throw conflict(
      changedByMessage(opportunity.updated_by_name, opportunity.updated_at, timeZone),
      await loadRecord(client, OPPORTUNITY, opportunityId),
    );
  if (opportunity.agreement_id !== null) throw badRequest({}, [ALREADY_WON]);

  const { rows: proposals } = await client.query<{ number: string; status: string }>(
    'SELECT number, status FROM proposals WHERE id = $1 AND opportunity_id = $2 FOR SHARE',
    [form.proposal, opportunityId],
  );
  const proposal = proposals[0];
  if (proposal?.status !== 'ACCEPTED') throw badRequest({ proposal: [WIN_NEEDS_ACCEPTED] });

  const plan = planWin((await loadWinLines(client, [form.proposal])).get(form.proposal) ?? []);
  if (plan.problems.length) throw badRequest({ proposal: plan.problems });
  const services = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const created = `${services(plan.monthly.length, 'monthly service')} and ${services(plan.oneTime.length, 'one-time charge')}`;

  const wonStage = (await loadOpportunitySettings(client)).stages.find((s) => s.outcome === 'WON');
  if (!wonStage) throw badRequest({}, ['The opportunity settings have no won stage.']);

  const number = form.agreementNumber ?? (await suggestedNumber(client));
  const { rows: used } = await client.query('SELECT 1 FROM agreements WHERE lower(number) = lower($1)', [
    number,
  ]);
  if (used.length) throw badRequest({ agreementNumber: [NUMBER_USED] });

  const agreement = await insertRecord(
    client,
    AGREEMENT,
    {
      organization: opportunity.organization_id,
      number,
      title: opportunity.title,
      status: 'OPEN',
      type: 'MANAGED',
      startDate: form.startDate,
      endDate: null,
      renewalDate: yearLater(form.startDate),
      termMonths: 12,
      billingContact: null,
      accountManager: opportunity.owner_id,
      notes: `Created from opportunity ${opportunity.number} (proposal ${proposal.number}).`,
    },
    actorId,
  );
  await client.query('UPDATE agreements SET opportunity_id = $2 WHERE id = $1', [
    agreement.id,
    opportunityId,
  ]);
  await addActivity(client, {
    agreementId: agreement.id,
    kind: 'CREATED',
    text: `Agreement ${number} created from opportunity ${opportunity.number} (proposal ${proposal.number}), with ${created}`,
    actorId,
  });
  // The agreement as GET /api/manage/agreement/{id} answers it, linked to its opportunity.
  await webhooks.emit(client, {
    type: 'agreement.created',
    entity: `agreement:${agreement.id}`,
    data: () => loadRecord(client, AGREEMENT, agreement.id),
  });

  // Monthly lines run from the start date on; a one-time line is one charge, on the start date.
  const service = (line: WinLine, oneTime: boolean) =>
    insertRecord(
      client,
      AGREEMENT_SERVICE,
      {
        agreement: agreement.id,
        serviceType: line.service_type_id,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        billingFrequency: oneTime ? 'ONE_TIME' : 'MONTHLY',
        startDate: form.startDate,
        endDate: oneTime ? form.startDate : null,
        coveredHours: null,
      },
      actorId,
    );
  for (const line of plan.monthly) await service(line, false);
  for (const line of plan.oneTime) await service(line, true);

  const pdf = await renderProposalPdf(client, opportunityId, form.proposal, { timeZone });
  if (pdf) {
    const file = await storeGenerated(client, pdf, {
      name: `${proposal.number}.pdf`,
      contentType: 'application/pdf',
      actorId,
    });
    await insertRecord(
      client,
      AGREEMENT_DOCUMENT,
      {
        agreement: agreement.id,
        title: `Proposal ${proposal.number} (accepted)`,
        kind: 'QUOTE',
        signedDate: null,
        notes: `The accepted proposal of opportunity ${opportunity.number}.`,
      },
      actorId,
      {
        after: async (tx, id) => {
          await tx.query('UPDATE agreement_documents SET file_id = $2 WHERE id = $1', [id, file.id]);
          return [{ field: 'file', oldValue: null, newValue: file.name }];
        },
      },
    );
  }

  const won = await changeRecord(
    client,
    OPPORTUNITY,
    opportunityId,
    opportunity.version,
    {
      stage: wonStage.id,
      outcome: 'WON',
      probability: wonStage.probability,
      amount: plan.totals.firstYear,
      closeDate: form.closeDate,
    },
    actorId,
    timeZone,
    {
      after: async (tx, id) => {
        await tx.query('UPDATE opportunities SET agreement_id = $2, lost_reason = NULL WHERE id = $1', [
          id,
          agreement.id,
        ]);
        return [{ field: 'agreement', oldValue: null, newValue: number }];
      },
    },
  );
  await addOpportunityActivity(client, {
    opportunityId,
    kind: 'WON',
    text: `Won with proposal ${proposal.number} (first year ${formatMoney(plan.totals.firstYear)}): agreement ${number} created with ${created}`,
    actorId,
  });
  await emitOpportunityWon(client, webhooks, opportunityId, timeZone);
  return {
    agreement: { id: agreement.id, number },
    opportunity: { id: opportunityId, version: won.version },
  };
}

export function opportunityWinRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const canWin = async (request: FastifyRequest) => {
    authorize(currentUser(request), 'write:opportunity');
    authorize(currentUser(request), 'write:agreement');
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/manage/opportunity/:id/win',
      { schema: { params: idParam, response: { 200: winPreviewSchema } }, preValidation: canWin },
      async (request): Promise<WinPreview> => {
        const { rows } = await database.pool.query('SELECT 1 FROM opportunities WHERE id = $1', [
          request.params.id,
        ]);
        if (!rows.length) throw notFound();
        const today = companyToday(timeZone).display;
        return {
          closeDate: today,
          startDate: today,
          proposals: await acceptedProposals(database.pool, request.params.id),
        };
      },
    )
    .post(
      '/api/manage/opportunity/:id/win',
      {
        schema: { params: idParam, body: winForm, response: { 200: winResultSchema } },
        preValidation: canWin,
      },
      async (request) =>
        withTransaction(database, ({ client }) =>
          winOpportunity(
            client,
            request.params.id,
            request.body,
            currentUser(request).id,
            timeZone,
            app.webhooks,
          ),
        ),
    );
}
