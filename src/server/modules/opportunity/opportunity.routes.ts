import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyToday } from '../../../shared/format/company-time.js';
import type { Option } from '../../../shared/schemas/common.js';
import { BLANK, codeLabel } from '../../../shared/schemas/fields.js';
import {
  ALREADY_WON,
  CLOSE_DATE_PAST_WARNING,
  closeDateLongPast,
  LOST_REASON_LOST_ONLY,
  NUMBER_USED,
  type OpportunityListQuery,
  type OpportunityRecord,
  type OpportunityTotals,
  OUTCOMES,
  OWNER_NOT_SALES,
  opportunityForm,
  opportunityListQuery,
  opportunityTotalsSchema,
  STAGE_UNKNOWN,
} from '../../../shared/schemas/opportunity.js';
import type { Stage } from '../../../shared/schemas/sales-settings.js';
import type { Database } from '../../db/client.js';
import { activityRoutes } from '../../platform/activity.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest, registerUniqueViolation } from '../../platform/errors.js';
import { assignNumber, pendingNumber } from '../../platform/record-numbers.js';
import { recordRoutes } from '../../platform/record-routes.js';
import {
  type ListFilter,
  likePattern,
  loadRecord,
  param,
  type Queryable,
  type SortDef,
} from '../../platform/records.js';
import type { Outbox } from '../../platform/webhooks/outbox.js';
import { organizationOption } from '../person/index.js';
import {
  isSalesOwner,
  loadStoredOpportunitySettings,
  type StoredOpportunitySettings,
  salesOwnerOptions,
} from '../sales-settings/index.js';
import { addOpportunityActivity, OPPORTUNITY_ACTIVITY } from './activity.js';
import { OPPORTUNITY } from './opportunity.record.js';

registerUniqueViolation('opportunities_number_key', 'number', NUMBER_USED);

export const SOURCE_UNKNOWN = 'Choose a source of the opportunity settings.';
export const LOST_REASON_UNKNOWN = 'Choose a lost reason of the opportunity settings.';
export const OUTAGE_GONE = 'The outage this opportunity was started from no longer exists.';
export const WON_NOT_DELETED =
  'This opportunity has been won and cannot be deleted: its agreement came from it.';

/** The number a new opportunity gets when none is typed: OP-<1000 + id>. */

/** Filters and sort of the list (and of its totals); each sort has an index over its key and the id. */
export function opportunityList(query: OpportunityListQuery, filter: ListFilter): SortDef {
  if (query.outcome !== 'all') filter.where.push(`t.outcome = ${param(filter, query.outcome)}`);
  if (query.organization) filter.where.push(`t.organization_id = ${param(filter, query.organization)}`);
  if (query.stage) filter.where.push(`t.stage_id = ${param(filter, query.stage)}`);
  if (query.owner) filter.where.push(`t.owner_id = ${param(filter, query.owner)}`);
  if (query.closeFrom)
    filter.where.push(`t.close_date >= to_date(${param(filter, query.closeFrom)}, 'MM/DD/YYYY')`);
  if (query.closeTo)
    filter.where.push(`t.close_date <= to_date(${param(filter, query.closeTo)}, 'MM/DD/YYYY')`);
  if (query.q) {
    const p = param(filter, likePattern(query.q));
    filter.where.push(`(t.number ILIKE ${p} OR t.title ILIKE ${p} OR organization_r.name ILIKE ${p})`);
  }
  if (query.sort === 'number') return { keys: ['t.number'], dir: query.dir };
  if (query.sort === 'title') return { keys: ['t.title'], dir: query.dir };
  if (query.sort === 'amount') return { keys: ['t.amount'], dir: query.dir };
  // Days since 1970 (a number in the cursor); no close date sorts last.
  return { keys: [`coalesce(t.close_date - DATE '1970-01-01', 2147483647)`], dir: query.dir };
}

const stageOption = (s: Stage) => ({ value: s.id, label: s.name });
const outcomeOption = (value: string) => ({ value, label: codeLabel(OUTCOMES, value) ?? value });
const firstOpenStage = (settings: StoredOpportunitySettings) =>
  settings.stages.find((s) => s.outcome === 'OPEN') ?? settings.stages[0] ?? null;
const optionValue = (value: unknown) => (value as Option | null)?.value ?? null;
const optionLabel = (value: unknown) => (value as Option | null)?.label ?? null;
const wholeId = (text: string | undefined) => (text && /^\d{1,9}$/.test(text) ? Number(text) : null);

/** Stages in the settings' order with their default probability and outcome, for the form's stage picker. */
async function formOptions(db: Queryable) {
  const [{ value: settings }, owners] = await Promise.all([
    loadStoredOpportunitySettings(db),
    salesOwnerOptions(db),
  ]);
  return {
    stage: settings.stages.map((s) => ({
      ...stageOption(s),
      probability: s.probability,
      outcome: s.outcome,
    })),
    owner: owners,
    source: settings.sources.map((s) => ({ value: s, label: s })),
    lostReason: settings.lostReasons.map((s) => ({ value: s, label: s })),
  };
}

/** A new opportunity: empty, or prefilled from another opportunity (?oppCopyId=) or an outage (?outageId=). */
async function blank(query: Record<string, string | undefined>, db: Queryable) {
  const { value: settings } = await loadStoredOpportunitySettings(db);
  const stage = firstOpenStage(settings);
  const base: Record<string, unknown> = {
    organization: await organizationOption(db, query.organization),
    number: null,
    title: '',
    stage: stage ? stageOption(stage) : null,
    outcome: outcomeOption('OPEN'),
    owner: null,
    amount: '0.00',
    probability: stage?.probability ?? 0,
    closeDate: null,
    source: null,
    lostReason: null,
    notes: null,
    outage: null,
    agreement: null,
    weighted: '0.00',
    oppCopyId: null,
    outageId: null,
  };
  const copyId = wholeId(query.oppCopyId);
  const source = copyId ? await loadRecord(db, OPPORTUNITY, copyId) : null;
  if (source) {
    // A copy starts open: a won or lost source's stage gives way to the first open stage.
    const open = optionValue(source.outcome) === 'OPEN';
    return {
      ...base,
      organization: source.organization,
      title: `Copy of ${String(source.title)}`.slice(0, 200),
      stage: open ? source.stage : base.stage,
      owner: source.owner,
      amount: source.amount,
      probability: open ? source.probability : base.probability,
      closeDate: open ? source.closeDate : null,
      source: source.source,
      notes: source.notes,
      oppCopyId: source.id,
      copiedFrom: { value: source.id, label: String(source.number) },
    };
  }
  const outageId = wholeId(query.outageId);
  if (outageId) {
    const { rows } = await db.query<{
      id: number;
      title: string;
      description: string | null;
      organization_id: number | null;
      organization_name: string | null;
    }>(
      `SELECT o.id, o.title, o.description, o.organization_id, g.name AS organization_name
         FROM outages o LEFT JOIN organizations g ON g.id = o.organization_id WHERE o.id = $1`,
      [outageId],
    );
    const outage = rows[0];
    if (outage) {
      return {
        ...base,
        organization:
          outage.organization_id === null
            ? base.organization
            : { value: outage.organization_id, label: outage.organization_name ?? '' },
        title: outage.title,
        notes: outage.description,
        source: settings.sources.includes('Outage') ? 'Outage' : null,
        outage: { value: outage.id, label: outage.title },
        outageId: outage.id,
      };
    }
  }
  return base;
}

/** The warning an open opportunity long past its expected close date carries (the save still goes through). */
function withWarnings(record: OpportunityRecord, todayDisplay: string): OpportunityRecord {
  const longPast = record.outcome.value === 'OPEN' && closeDateLongPast(record.closeDate, todayDisplay);
  return { ...record, warnings: longPast ? { closeDate: [CLOSE_DATE_PAST_WARNING] } : {} };
}

/** opportunity.won, in the transaction that won it: the opportunity as GET /api/manage/opportunity/{id} answers. */
export const emitOpportunityWon = (tx: Queryable, webhooks: Outbox, id: number, timeZone: string) =>
  webhooks.emit(tx, {
    type: 'opportunity.won',
    entity: `opportunity:${id}`,
    data: async () => withWarnings((await loadRecord(tx, OPPORTUNITY, id))!, companyToday(timeZone).display),
  });

export function opportunityRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  recordRoutes(app, database, timeZone, {
    path: '/api/manage/opportunity',
    key: 'opportunity',
    def: OPPORTUNITY,
    form: opportunityForm,
    listQuery: opportunityListQuery,
    ownTotals: true,
    list: (query, filter) => opportunityList(query, filter),
    blank: (query, db) => blank(query, db),
    formOptions: (db) => formOptions(db),
    detail: async (_db, record) => withWarnings(record, companyToday(timeZone).display),
    // The outage travels as outageId (create only); oppCopyId stays beside the columns for the activity entry.
    toValues: ({ version: _version, outageId, ...rest }): Record<string, unknown> => ({
      ...rest,
      ...(outageId ? { outage: outageId } : {}),
    }),
    hooks: (user) => {
      let copiedNumber: string | null = null;
      return {
        validate: async (tx, values, before) => {
          const errors: Record<string, string[]> = {};
          const { value: settings } = await loadStoredOpportunitySettings(tx);
          const stage = settings.stages.find((s) => s.id === values.stage) ?? null;
          if (!stage) errors.stage = [STAGE_UNKNOWN];
          // The outcome is always the stage's: the open / won / lost filters read it.
          else values.outcome = stage.outcome;
          if (stage && optionValue(before?.agreement) !== null && stage.id !== optionValue(before?.stage))
            errors.stage = [ALREADY_WON];
          if (before && !values.number) errors.number = [BLANK];
          // A saved owner, source or lost reason the settings no longer offer may be kept; a new one must be offered.
          const owner = values.owner as number | null;
          if (owner !== null && owner !== optionValue(before?.owner) && !(await isSalesOwner(tx, owner)))
            errors.owner = [OWNER_NOT_SALES];
          const offered = (field: 'source' | 'lostReason', list: string[]) => {
            const v = values[field] as string | null;
            return !v || list.includes(v) || v === before?.[field];
          };
          if (!offered('source', settings.sources)) errors.source = [SOURCE_UNKNOWN];
          if (values.lostReason && stage && stage.outcome !== 'LOST')
            errors.lostReason = [LOST_REASON_LOST_ONLY];
          else if (!offered('lostReason', settings.lostReasons)) errors.lostReason = [LOST_REASON_UNKNOWN];
          if (before) {
            // The outage an opportunity came from is set once, at creation.
            delete values.outage;
          } else if (values.outage) {
            const { rows } = await tx.query('SELECT 1 FROM outages WHERE id = $1', [values.outage]);
            if (rows.length === 0) errors.outageId = [OUTAGE_GONE];
          }
          if (!before && values.oppCopyId) {
            const { rows } = await tx.query<{ number: string }>(
              'SELECT number FROM opportunities WHERE id = $1',
              [values.oppCopyId],
            );
            copiedNumber = rows[0]?.number ?? null;
          }
          if (Object.keys(errors).length) throw badRequest(errors);
        },
        // A unique stand-in until the id is known; replaced in the same transaction.
        fill: async (_tx, values) => (values.number ? {} : { number: pendingNumber() }),
        after: async (tx, id, before, values) => {
          if (!before && !values.number) await assignNumber(tx, 'opportunities', 'OP-', id);
          return [];
        },
        done: async (tx, after, before) => {
          if (!before) {
            const origin = after.outage
              ? ` (from outage ${optionLabel(after.outage)})`
              : copiedNumber
                ? ` (copy of ${copiedNumber})`
                : '';
            await addOpportunityActivity(tx, {
              opportunityId: after.id,
              kind: 'CREATED',
              text: `Opportunity ${after.number} created: ${after.title}${origin}`,
              actorId: user.id,
            });
          } else if (optionLabel(before.stage) !== optionLabel(after.stage)) {
            await addOpportunityActivity(tx, {
              opportunityId: after.id,
              kind: 'STAGE',
              text: `Stage changed from ${optionLabel(before.stage)} to ${optionLabel(after.stage)}`,
              actorId: user.id,
            });
          }
          // Moved to a won stage by the form (winning through /win makes its agreement too, and emits there).
          if (optionValue(after.outcome) === 'WON' && optionValue(before?.outcome) !== 'WON')
            await emitOpportunityWon(tx, app.webhooks, after.id, timeZone);
        },
      };
    },
    deleteBlocked: (record) => (optionValue(record.outcome) === 'WON' ? WON_NOT_DELETED : null),
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  const canRead = async (request: FastifyRequest) => {
    authorize(currentUser(request), 'read:opportunity');
  };

  // Count, amount and weighted amount of the whole filtered set (not only the rows loaded), in one statement.
  api.get(
    '/api/manage/opportunity/totals',
    {
      schema: { querystring: opportunityListQuery, response: { 200: opportunityTotalsSchema } },
      preValidation: canRead,
    },
    async (request): Promise<OpportunityTotals> => {
      const filter: ListFilter = { where: [], params: [] };
      opportunityList(request.query, filter);
      const where = filter.where.length ? `WHERE ${filter.where.join(' AND ')}` : '';
      const { rows } = await database.pool.query<OpportunityTotals>(
        `SELECT count(*)::int AS count,
                coalesce(sum(t.amount), 0)::numeric(16,2)::text AS amount,
                coalesce(sum(round(t.amount * t.probability / 100, 2)), 0)::numeric(16,2)::text AS weighted
           FROM opportunities t LEFT JOIN organizations organization_r ON organization_r.id = t.organization_id
          ${where}`,
        filter.params,
      );
      return rows[0]!;
    },
  );

  activityRoutes(app, database, {
    path: '/api/manage/opportunity/:id/activity',
    key: 'opportunity',
    def: OPPORTUNITY,
    log: OPPORTUNITY_ACTIVITY,
  });
}
