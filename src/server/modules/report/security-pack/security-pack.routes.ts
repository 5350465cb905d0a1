// Security packs: POST /api/report/security-pack queues one job making a pack for each chosen client (one, or all a
// client code matches); GET /api/report/security-pack/{id} tells how far it got. Each pack is stored in its own
// transaction with its history row, so a client's pack, once made, stays made if a later one fails (a retry skips
// the clients already done).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NO_CLIENT_DEVICES_TO_REPORT,
  NO_DEVICES_TO_REPORT,
  NO_ORGANIZATIONS_MATCH,
  type ReportQuery,
  reportQuery,
  SECURITY_PACK_MAX,
  type SecurityPackJob,
  type SecurityPackStarted,
  securityPackBody,
  securityPackStartedSchema,
  securityPackStatusResponse,
} from '../../../../shared/reports.js';
import type { Database } from '../../../db/client.js';
import { currentUser } from '../../../platform/auth.js';
import { fieldError, notFound } from '../../../platform/errors.js';
import { storeGenerated } from '../../../platform/files.js';
import type { NoticeText } from '../../../platform/pdf.js';
import { type ListFilter, param, type Queryable } from '../../../platform/records.js';
import { withTransaction } from '../../../platform/transaction.js';
import { clientScope } from '../engine/report-filters.js';
import { companyDate, exportFileName, type OpenReport } from '../exports/export-format.js';
import {
  clientFilterMatch,
  insertHistory,
  linkOrganizations,
  reportAccess,
} from '../history/history.service.js';
import { and } from '../queries/plan.js';
import { PACK_DEVICES, securityPackPdf } from './security-pack.js';

const JOB = 'security-pack';
type PackJobData = { organizationIds: number[]; actorId: number };

const jobParam = z.object({ id: z.uuid() });

/** The active security-pack required upload that applies to an organization, with its notice. */
async function requiredUploadFor(
  db: Database['pool'],
  organizationId: number,
): Promise<{ id: number | null; notices: NoticeText[] }> {
  const { rows } = await db.query<{ id: number; title: string | null; body: string | null }>(
    `SELECT r.id, n.title, n.body
       FROM report_notices r
       JOIN organizations o ON o.id = $1
       LEFT JOIN notices n ON n.id = r.notice_id AND n.active
      WHERE r.report = 'security-pack' AND r.active AND ${clientFilterMatch('r.clients')}
      ORDER BY r.id LIMIT 1`,
    [organizationId],
  );
  const row = rows[0];
  return {
    id: row?.id ?? null,
    notices: row?.title && row.body ? [{ title: row.title, body: row.body }] : [],
  };
}

/**
 * The organizations to make packs for: the one chosen, or the clients the client filter code matches (SPEC §4, as
 * the client reports apply it; only organizations whose sales status is Client); those without a device the pack
 * reports on are skipped and counted. Both parts bounded: at most SECURITY_PACK_MAX ids, and a count.
 */
async function packOrganizations(
  db: Database['pool'],
  body: { organization?: number; clients: ReportQuery['clients'] },
): Promise<{ ids: number[]; skipped: number }> {
  const f: ListFilter = { where: [], params: [] };
  const scope = body.organization
    ? [`o.id = ${param(f, body.organization)}`]
    : clientScope(reportQuery.parse({ clients: body.clients }), f);
  const max = param(f, SECURITY_PACK_MAX);
  const { rows } = await db.query<{ ids: number[] | null; skipped: number }>(
    `WITH c AS (
       SELECT o.id, EXISTS (SELECT 1 FROM equipment e WHERE e.organization_id = o.id AND ${PACK_DEVICES}) AS reported
         FROM organizations o WHERE ${and(scope)})
     SELECT (SELECT array_agg(x.id ORDER BY x.id) FROM (SELECT id FROM c WHERE reported ORDER BY id LIMIT ${max}) x)
              AS ids,
            (SELECT count(*) FROM c WHERE NOT reported)::int AS skipped`,
    f.params,
  );
  return { ids: rows[0]?.ids ?? [], skipped: rows[0]?.skipped ?? 0 };
}

/** The packs a job has stored so far. */
async function packsDone(db: Queryable, jobId: string): Promise<number> {
  const { rows } = await db.query<{ done: number }>(
    `SELECT count(*)::int AS done FROM report_history WHERE report = 'security-pack' AND filters->>'pack' = $1::text`,
    [jobId],
  );
  return rows[0]?.done ?? 0;
}

export function securityPackRoutes(
  app: FastifyInstance,
  database: Database,
  timeZone: string,
  deps: { openReport: OpenReport; now?: () => Date },
): void {
  const db = database.pool;

  app.jobs.register<PackJobData>(JOB, async (data, job) => {
    const { rows: organizations } = await db.query<{ id: number; name: string }>(
      `SELECT o.id, o.name FROM organizations o
        WHERE o.id = ANY($1::int[])
          AND NOT EXISTS (SELECT 1 FROM report_history h
                            JOIN report_history_organizations x ON x.report_history_id = h.id
                           WHERE h.report = 'security-pack' AND h.filters->>'pack' = $2 AND x.organization_id = o.id)
        ORDER BY o.name, o.id`,
      [data.organizationIds, job.id],
    );
    // The job's status once its last pack is stored, as GET /api/report/security-pack/{id} answers when it is done.
    const ready = (client: Queryable) =>
      app.webhooks.emit(client, {
        type: 'security_pack.ready',
        entity: `security_pack:${job.id}`,
        data: async () => ({
          id: job.id,
          state: 'DONE',
          total: data.organizationIds.length,
          done: await packsDone(client, job.id),
        }),
      });
    for (const [i, organization] of organizations.entries()) {
      const now = deps.now?.() ?? new Date();
      const required = await requiredUploadFor(db, organization.id);
      const bytes = await securityPackPdf(db, deps.openReport, {
        organization,
        extraNotices: required.notices,
        timeZone,
        now,
      });
      await withTransaction(database, async ({ client }) => {
        const file = await storeGenerated(client, bytes, {
          name: exportFileName('security-pack', organization.name, companyDate(now, timeZone), 'pdf'),
          contentType: 'application/pdf',
          actorId: data.actorId,
        });
        const historyId = await insertHistory(client, {
          report: 'security-pack',
          title: `Security Pack: ${organization.name}`,
          format: 'PDF',
          filters: { organization: String(organization.id), pack: job.id },
          filtersText: 'Active devices',
          fileId: file.id,
          requiredUploadId: required.id,
          rowCount: null,
          actorId: data.actorId,
        });
        await linkOrganizations(client, historyId, { organizations: [organization.id] });
        if (i === organizations.length - 1) await ready(client);
      });
    }
    // Every pack was stored by an earlier attempt (stopped before it ended): ready now.
    if (organizations.length === 0) await withTransaction(database, ({ client }) => ready(client));
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/report/security-pack',
    {
      schema: { body: securityPackBody, response: { 200: securityPackStartedSchema } },
      preValidation: reportAccess,
    },
    async (request): Promise<SecurityPackStarted> => {
      const user = currentUser(request);
      const { organization } = request.body;
      const chosen = await packOrganizations(db, request.body);
      if (chosen.ids.length === 0 && chosen.skipped === 0)
        throw fieldError(organization ? 'organization' : 'clients', NO_ORGANIZATIONS_MATCH);
      if (chosen.ids.length === 0)
        throw organization
          ? fieldError('organization', NO_DEVICES_TO_REPORT)
          : fieldError('clients', NO_CLIENT_DEVICES_TO_REPORT);
      const data: PackJobData = { organizationIds: chosen.ids, actorId: user.id };
      const id = await app.jobs.send(JOB, data);
      const job: SecurityPackJob = { id, state: 'QUEUED', total: chosen.ids.length, done: 0 };
      return { job, skipped: chosen.skipped };
    },
  );

  typed.get(
    '/api/report/security-pack/:id',
    {
      schema: { params: jobParam, response: { 200: securityPackStatusResponse } },
      preValidation: reportAccess,
    },
    async (request) => {
      const { id } = request.params;
      const state = await app.jobs.state(JOB, id);
      if (!state) throw notFound();
      const { rows } = await db.query<{ total: number; done: number }>(
        `SELECT (SELECT jsonb_array_length(data->'organizationIds') FROM pgboss.job WHERE id = $1::uuid
                 UNION ALL SELECT jsonb_array_length(data->'organizationIds') FROM pgboss.archive WHERE id = $1::uuid
                 LIMIT 1)::int AS total,
                (SELECT count(*) FROM report_history WHERE report = 'security-pack' AND filters->>'pack' = $1::text)::int AS done`,
        [id],
      );
      const job: SecurityPackJob = {
        id,
        state:
          state === 'completed'
            ? 'DONE'
            : state === 'failed' || state === 'cancelled'
              ? 'FAILED'
              : state === 'active'
                ? 'RUNNING'
                : 'QUEUED',
        total: rows[0]?.total ?? 0,
        done: rows[0]?.done ?? 0,
      };
      return { job };
    },
  );
}
