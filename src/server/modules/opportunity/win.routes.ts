// POST /api/manage/opportunity/{id}/win: an opportunity with an accepted proposal becomes an agreement in ONE
// transaction — the agreement (linked both ways), a monthly service for each recurring line of the proposal, the
// proposal's PDF as the agreement's first document, the opportunity moved to the won stage, and both timelines.
// Either all of it happens or none of it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { idParam } from '../../../shared/schemas/common.js';
import {
  ALREADY_WON,
  NUMBER_USED,
  WIN_NEEDS_ACCEPTED,
  type WinForm,
  type WinResult,
  winForm,
} from '../../../shared/schemas/opportunity.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest, conflict, notFound, requireVersion } from '../../platform/errors.js';
import { storeGenerated } from '../../platform/files.js';
import { changeRecord, insertRecord, loadRecord } from '../../platform/records.js';
import { changedByMessage } from '../../platform/stamp.js';
import { withTransaction } from '../../platform/transaction.js';
import { addActivity } from '../agreement/activity.js';
import { AGREEMENT } from '../agreement/agreement.record.js';
import { suggestedNumber } from '../agreement/agreement.routes.js';
import { AGREEMENT_SERVICE } from '../agreement/agreement-service.record.js';
import { AGREEMENT_DOCUMENT } from '../agreement-document/agreement-document.record.js';
import { renderProposalPdf } from '../proposal/proposal-pdf.js';
import { loadOpportunitySettings } from '../sales-settings/opportunity-settings.service.js';
import { addOpportunityActivity } from './activity.js';
import { OPPORTUNITY } from './opportunity.record.js';

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
type LineRow = {
  position: number;
  service_type_id: number | null;
  description: string | null;
  quantity: string;
  unit_price: string;
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

  const { rows: lines } = await client.query<LineRow>(
    `SELECT position, service_type_id, description, quantity::text, unit_price::text
       FROM proposal_lines WHERE proposal_id = $1 AND recurrence = 'MONTHLY' ORDER BY position`,
    [form.proposal],
  );
  // A service needs a type: a free-text monthly line cannot become one, so say which lines to fix.
  const untyped = lines.filter((l) => l.service_type_id === null);
  if (untyped.length)
    throw badRequest({
      proposal: untyped.map(
        (l) =>
          `Line ${l.position + 1} (${l.description ?? 'no description'}) is monthly but has no service type. Choose one on the proposal first.`,
      ),
    });

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
    text: `Agreement ${number} created from opportunity ${opportunity.number} (proposal ${proposal.number}), with ${lines.length} service${lines.length === 1 ? '' : 's'}`,
    actorId,
  });

  for (const line of lines)
    await insertRecord(
      client,
      AGREEMENT_SERVICE,
      {
        agreement: agreement.id,
        serviceType: line.service_type_id,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unit_price,
        billingFrequency: 'MONTHLY',
        startDate: form.startDate,
        endDate: null,
        coveredHours: null,
      },
      actorId,
    );

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
    { stage: wonStage.id, outcome: 'WON', probability: wonStage.probability },
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
    text: `Won with proposal ${proposal.number}: agreement ${number} created`,
    actorId,
  });
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
    .post(
      '/api/manage/opportunity/:id/win',
      { schema: { params: idParam, body: winForm }, preValidation: canWin },
      async (request) =>
        withTransaction(database, ({ client }) =>
          winOpportunity(client, request.params.id, request.body, currentUser(request).id, timeZone),
        ),
    );
}
