import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Option } from '../../../shared/schemas/common.js';
import { recordId } from '../../../shared/schemas/common.js';
import { BLANK, codeOptions } from '../../../shared/schemas/fields.js';
import {
  COPY_OTHER_OPPORTUNITY,
  NUMBER_USED,
  PROPOSAL_NEEDS_LINES,
  PROPOSAL_STATUSES,
  type ProposalForm,
  type ProposalRecord,
  proposalForm,
  proposalListQuery,
  proposalTotals,
  RECURRENCES,
} from '../../../shared/schemas/opportunity.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest, notFound, registerUniqueViolation } from '../../platform/errors.js';
import { contentDisposition } from '../../platform/files.js';
import { fileResponse } from '../../platform/openapi.js';
import { assignNumber, pendingNumber } from '../../platform/record-numbers.js';
import { recordRoutes } from '../../platform/record-routes.js';
import { likePattern, param, type Queryable } from '../../platform/records.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { addOpportunityActivity } from '../opportunity/index.js';
import { PROPOSAL } from './proposal.record.js';
import {
  describeLines,
  type LineInput,
  lineTypeProblems,
  loadLines,
  NO_TOTALS,
  saveLines,
  totalsOf,
} from './proposal-lines.js';
import { printProposal } from './proposal-pdf.js';

registerUniqueViolation('proposals_number_key', 'number', NUMBER_USED);

export const COPY_MISSING = 'The proposal to copy no longer exists.';

const PATH = '/api/manage/opportunity/:opportunityId/proposal';
const NEEDS_LINES = new Set(['SENT', 'ACCEPTED']);

const statusOf = (record: ProposalRecord | null) => record?.status.value ?? null;

async function formOptions(db: Queryable): Promise<Record<string, Option[]>> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM service_types WHERE active ORDER BY name, id LIMIT 500',
  );
  return {
    serviceType: rows.map((r) => ({ value: r.id, label: r.name })),
    status: codeOptions(PROPOSAL_STATUSES),
    recurrence: codeOptions(RECURRENCES),
  };
}

type CopySource = { id: number; number: string; title: string; terms: string | null };

/** The proposal a copy starts from, or why it cannot be copied here (only this opportunity's proposals can). */
async function copySource(
  db: Queryable,
  copyId: number,
  opportunityId: number,
): Promise<CopySource | { refused: string }> {
  const { rows } = await db.query<CopySource & { opportunity_id: number }>(
    'SELECT id, opportunity_id, number, title, terms FROM proposals WHERE id = $1',
    [copyId],
  );
  const source = rows[0];
  if (!source) return { refused: COPY_MISSING };
  if (source.opportunity_id !== opportunityId) return { refused: COPY_OTHER_OPPORTUNITY };
  return source;
}

/** "PR-1001.pdf": the number with anything a file name should not hold (slashes, quotes, spaces) as "-". */
export function pdfFileName(number: string): string {
  const stem = number
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|-+$/g, '')
    .slice(0, 100);
  return `${stem || 'proposal'}.pdf`;
}

/** The proposal with its lines and totals: what its GET answers. */
async function withLines(db: Queryable, record: ProposalRecord): Promise<ProposalRecord> {
  const lines = await loadLines(db, record.id);
  const totals = proposalTotals(lines.map((l) => ({ ...l, recurrence: String(l.recurrence.value) })));
  return { ...record, lines, totals, proposalCopyId: null };
}

export function proposalRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: PATH,
    key: 'proposal',
    def: PROPOSAL,
    parent: { param: 'opportunityId', table: 'opportunities', field: 'opportunity' },
    form: proposalForm,
    listQuery: proposalListQuery,
    list: (query, filter) => {
      if (query.status !== 'all') filter.where.push(`t.status = ${param(filter, query.status)}`);
      if (query.q) {
        const p = param(filter, likePattern(query.q));
        filter.where.push(`(t.number ILIKE ${p} OR t.title ILIKE ${p})`);
      }
      // Newest first: the opportunity index (opportunity_id, id) serves it.
      return { keys: [], dir: query.dir ?? 'desc' };
    },
    listed: async (db, items) => {
      const totals = await totalsOf(
        db,
        items.map((i) => i.id),
      );
      return items.map((i) => ({ ...i, totals: totals.get(i.id) ?? NO_TOTALS }));
    },
    blank: async (query, db, scope) => {
      const base = {
        opportunity: null,
        number: null,
        title: '',
        status: { value: 'DRAFT', label: 'Draft' },
        validUntil: null,
        terms: null as string | null,
        copiedFrom: null as Option | null,
        proposalCopyId: null as number | null,
        lines: [] as unknown[],
        totals: NO_TOTALS,
      };
      const copyText = query.proposalCopyId;
      if (!copyText) return base;
      const copyId = /^\d{1,9}$/.test(copyText) ? Number(copyText) : 0;
      const source = await copySource(db, copyId, scope.parentId);
      if ('refused' in source) throw badRequest({ proposalCopyId: [source.refused] }, [source.refused]);
      const lines = await loadLines(db, source.id);
      return {
        ...base,
        title: source.title,
        terms: source.terms,
        lines,
        totals: proposalTotals(lines.map((l) => ({ ...l, recurrence: String(l.recurrence.value) }))),
        proposalCopyId: source.id,
        copiedFrom: { value: source.id, label: source.number },
      };
    },
    formOptions: (db) => formOptions(db),
    detail: withLines,
    toValues: (form: ProposalForm) => ({
      number: form.number,
      title: form.title,
      status: form.status,
      validUntil: form.validUntil,
      terms: sanitizeRichText(form.terms) || null,
      lines: form.lines,
      proposalCopyId: form.proposalCopyId,
    }),
    hooks: (user, scope) => {
      let linesBefore: string | null = null;
      let copiedFrom: string | null = null;
      return {
        validate: async (tx, values, before) => {
          const errors: Record<string, string[]> = {};
          const lines = values.lines as LineInput[];
          if (before && !values.number) errors.number = [BLANK];
          if (NEEDS_LINES.has(String(values.status)) && lines.length === 0)
            errors.status = [PROPOSAL_NEEDS_LINES];
          const problems = await lineTypeProblems(tx, before?.id ?? null, lines);
          if (problems.length) errors.lines = problems;
          // A copy is chosen when the proposal is created; later saves keep where it came from.
          const copyId = before ? null : (values.proposalCopyId as number | null);
          if (copyId) {
            const source = await copySource(tx, copyId, scope.parentId);
            if ('refused' in source) errors.proposalCopyId = [source.refused];
            else copiedFrom = source.number;
          }
          if (Object.keys(errors).length) throw badRequest(errors);
          if (before) linesBefore = describeLines(await loadLines(tx, before.id));
        },
        // Unique until the row's id gives it its number (after), in the same transaction.
        fill: async (_tx, values) => (values.number ? {} : { number: pendingNumber() }),
        after: async (tx, id, before, values) => {
          if (!before) {
            if (!values.number) await assignNumber(tx, 'proposals', 'PR-', id);
            if (values.proposalCopyId)
              await tx.query('UPDATE proposals SET copied_from_id = $2 WHERE id = $1', [
                id,
                values.proposalCopyId,
              ]);
          }
          await saveLines(tx, id, values.lines as LineInput[]);
          const linesAfter = describeLines(await loadLines(tx, id));
          return linesBefore === linesAfter
            ? []
            : [{ field: 'lines', oldValue: linesBefore, newValue: linesAfter }];
        },
        done: async (tx, after, before) => {
          const name = `Proposal ${after.number}`;
          let text: string | null = null;
          if (!before)
            text = copiedFrom
              ? `${name} copied from ${copiedFrom}: ${after.title}`
              : `${name} created: ${after.title}`;
          else if (statusOf(before) !== statusOf(after)) text = `${name} marked ${after.status.label}`;
          if (text)
            await addOpportunityActivity(tx, {
              opportunityId: scope.parentId,
              kind: 'PROPOSAL',
              text,
              actorId: user.id,
            });
          if (statusOf(after) === 'ACCEPTED' && statusOf(before) !== 'ACCEPTED')
            await app.webhooks.emit(tx, {
              type: 'proposal.accepted',
              entity: `proposal:${after.id}`,
              data: () => withLines(tx, after),
            });
        },
      };
    },
    deleted: async (tx, before, user) => {
      await addOpportunityActivity(tx, {
        opportunityId: before.opportunity.value,
        kind: 'PROPOSAL',
        text: `Proposal ${before.number} deleted`,
        actorId: user.id,
      });
    },
  });

  const canRead = async (request: FastifyRequest) => {
    authorize(currentUser(request), 'read:proposal');
  };
  // The proposal as a letter-size PDF, downloaded under its number.
  app.withTypeProvider<ZodTypeProvider>().get(
    `${PATH}/:id/pdf`,
    {
      schema: {
        params: z.object({ opportunityId: recordId(), id: recordId() }),
        responseDocs: fileResponse(
          'The proposal as a letter-size PDF, as an attachment named by its number.',
          ['application/pdf'],
        ),
      },
      preValidation: canRead,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      authorize(currentUser(request), 'read:proposal');
      const { opportunityId, id } = request.params;
      const printed = await printProposal(database.pool, opportunityId, id, { timeZone });
      if (!printed) throw notFound();
      const { pdf } = printed;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(pdf.length))
        .header('Content-Disposition', contentDisposition(pdfFileName(printed.number)))
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );
}
