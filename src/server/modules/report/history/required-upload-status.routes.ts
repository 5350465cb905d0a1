// GET /api/report/required-uploads?organization=<id>: each active required upload that applies to the organization
// (its client filter code), the current period, the last document sent (an export of its report, or an upload
// linked to it), when it is due and whether it is Received, Due or Overdue.

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type RequiredUploadStatus,
  requiredUploadsResponse,
  UPLOAD_STATES,
} from '../../../../shared/reports.js';
import { recordId } from '../../../../shared/schemas/common.js';
import { FREQUENCIES, type Frequency } from '../../../../shared/schemas/required-upload.js';
import type { Database } from '../../../db/client.js';
import { notFound } from '../../../platform/errors.js';
import { errorDocs } from '../../../platform/openapi.js';
import type { Queryable } from '../../../platform/records.js';
import { companyDate, usDate } from '../exports/export-format.js';
import { clientFilterMatch, historyReportTitle, reportAccess } from './history.service.js';
import { uploadStatus } from './required-upload-status.js';

/** The most required uploads one answer lists: an admin list of a handful in practice. */
const STATUS_LIMIT = 200;

type StatusRow = {
  id: number;
  name: string;
  description: string | null;
  report: string | null;
  frequency: Frequency;
  created_at: Date;
  last_id: number | null;
  last_title: string | null;
  last_at: Date | null;
};

export async function requiredUploadStatus(
  db: Queryable,
  organizationId: number,
  timeZone: string,
  now = new Date(),
): Promise<RequiredUploadStatus[] | null> {
  const org = await db.query('SELECT 1 FROM organizations WHERE id = $1', [organizationId]);
  if (org.rowCount === 0) return null;
  const { rows } = await db.query<StatusRow>(
    `SELECT rn.id, rn.name, rn.description, rn.report, rn.frequency, rn.created_at,
            last.id AS last_id, last.title AS last_title, last.created_at AS last_at
       FROM report_notices rn
       JOIN organizations o ON o.id = $1
       LEFT JOIN LATERAL (
         SELECT h.id, h.title, h.created_at
           FROM report_history_organizations ho
           JOIN report_history h ON h.id = ho.report_history_id
          WHERE ho.organization_id = o.id
            AND (h.required_upload_id = rn.id OR (rn.report IS NOT NULL AND h.report = rn.report))
          ORDER BY h.created_at DESC, h.id DESC
          LIMIT 1) last ON true
      WHERE rn.active AND ${clientFilterMatch('rn.clients')}
      ORDER BY rn.name, rn.id
      LIMIT ${STATUS_LIMIT}`,
    [organizationId],
  );
  const today = companyDate(now, timeZone);
  return rows.map((row) => {
    const status = uploadStatus({
      frequency: row.frequency,
      today,
      lastSent: row.last_at ? companyDate(row.last_at, timeZone) : null,
      since: companyDate(row.created_at, timeZone),
    });
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      report: row.report,
      reportTitle: row.report ? historyReportTitle(row.report) : null,
      frequency: FREQUENCIES.find((f) => f.value === row.frequency) ?? {
        value: row.frequency,
        label: row.frequency,
      },
      period: {
        from: usDate(status.period.start),
        to: usDate(status.period.end),
        label: status.period.label,
      },
      dueOn: usDate(status.dueOn),
      lastSent:
        row.last_id !== null && row.last_at
          ? {
              id: row.last_id,
              title: row.last_title ?? '',
              at: row.last_at.toISOString(),
              download: `/api/report/history/${row.last_id}/file`,
            }
          : null,
      state: UPLOAD_STATES.find((s) => s.value === status.state)!,
    };
  });
}

const statusQuery = z.object({ organization: recordId() });

export function requiredUploadStatusRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/report/required-uploads',
    {
      schema: {
        responseDocs: errorDocs({ 404: 'No organization has this id.' }),
        querystring: statusQuery,
        response: { 200: requiredUploadsResponse },
      },
      preValidation: reportAccess,
    },
    async (request) => {
      const items = await requiredUploadStatus(database.pool, request.query.organization, timeZone);
      if (!items) throw notFound();
      return { items };
    },
  );
}
