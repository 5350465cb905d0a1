// Report history (administrators only, REPORT_ACCESS):
//   GET  /api/report/history?organization=&report=&limit=&after=   newest first, keyset paged
//   GET  /api/report/history/{id}/file                               the file, as an attachment
//   POST /api/report/history/upload                                  multipart: organization, requiredUpload, file
//                                                                    (a document given to the client by hand)
// and the required-upload status of an organization (required-upload-status.routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_HISTORY_REPORTS,
  REPORT_KEYS,
  reportHistoryPageResponse,
  reportHistoryResponse,
} from '../../../../shared/reports.js';
import { idParam, listQuery, recordId } from '../../../../shared/schemas/common.js';
import { DOCUMENT_MAX_BYTES, FILE_REQUIRED } from '../../../../shared/schemas/document.js';
import type { Database } from '../../../db/client.js';
import { currentUser } from '../../../platform/auth.js';
import { badRequest, type FieldErrors, notFound } from '../../../platform/errors.js';
import { ALLOWED_TYPES, contentDisposition, deleteFile, streamFile } from '../../../platform/files.js';
import { readFormWithFile } from '../../../platform/multipart.js';
import { fileResponse } from '../../../platform/openapi.js';
import { withTransaction } from '../../../platform/transaction.js';
import {
  clientFilterMatch,
  insertHistory,
  linkOrganizations,
  listHistory,
  loadHistoryItem,
  reportAccess,
} from './history.service.js';
import { requiredUploadStatusRoutes } from './required-upload-status.routes.js';

export const UPLOAD_AS_FORM =
  'Send the document as multipart/form-data with its organization and required upload.';
export const CHOOSE_ORGANIZATION = 'Choose an organization.';
export const CHOOSE_REQUIRED_UPLOAD = 'Choose the required upload this document fulfils.';
export const REQUIRED_UPLOAD_INACTIVE = 'This required upload is no longer active.';
export const REQUIRED_UPLOAD_NOT_FOR = 'This required upload does not apply to this organization.';

const historyQuery = z.object({
  organization: recordId().optional(),
  report: z
    .enum([...REPORT_KEYS, 'security-pack', 'upload', ...BILLING_HISTORY_REPORTS.map((r) => r.value)])
    .optional(),
  limit: listQuery.shape.limit,
  after: listQuery.shape.after,
});

/** A record id from a form field, or null when it is missing or not one. */
const idOf = (value: unknown): number | null => {
  const parsed = recordId().safeParse(value);
  return parsed.success ? parsed.data : null;
};
type UploadForm = { organization: number; requiredUpload: number; name: string };

export function reportHistoryRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/report/history',
    {
      schema: { querystring: historyQuery, response: { 200: reportHistoryPageResponse } },
      preValidation: reportAccess,
    },
    async (request) => listHistory(database.pool, request.query),
  );

  api.get(
    '/api/report/history/:id/file',
    {
      schema: {
        params: idParam,
        responseDocs: fileResponse(
          'The kept file as an attachment: an export (CSV, XLSX or PDF), a security pack (PDF) or an uploaded document.',
          ['text/csv', ...ALLOWED_TYPES],
        ),
      },
      preValidation: reportAccess,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const { rows } = await database.pool.query<{
        id: number;
        name: string;
        content_type: string;
        size: number;
      }>(
        `SELECT f.id, f.name, f.content_type, f.size
           FROM report_history h JOIN files f ON f.id = h.file_id AND f.complete
          WHERE h.id = $1`,
        [request.params.id],
      );
      const file = rows[0];
      if (!file) throw notFound();
      reply
        .header('Content-Type', file.content_type)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.name))
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(streamFile(database, file.id, Number(file.size)));
    },
  );

  /** The upload's fields, every problem reported, checked against the database before the file is read. */
  const parseUpload = async (fields: Record<string, unknown>, problems: FieldErrors): Promise<UploadForm> => {
    const errors: FieldErrors = { ...problems };
    const add = (name: string, message: string) => {
      errors[name] = [...(errors[name] ?? []), message];
    };
    const organization = idOf(fields.organization);
    const requiredUpload = idOf(fields.requiredUpload);
    if (organization === null) add('organization', CHOOSE_ORGANIZATION);
    if (requiredUpload === null) add('requiredUpload', CHOOSE_REQUIRED_UPLOAD);
    let name = '';
    if (organization !== null && requiredUpload !== null) {
      const { rows } = await database.pool.query<{
        org: boolean;
        name: string | null;
        active: boolean | null;
        applies: boolean | null;
      }>(
        `SELECT o.id IS NOT NULL AS org, rn.name, rn.active,
                CASE WHEN o.id IS NULL OR rn.id IS NULL THEN NULL ELSE ${clientFilterMatch('rn.clients')} END AS applies
           FROM (SELECT 1) one
           LEFT JOIN organizations o ON o.id = $1
           LEFT JOIN report_notices rn ON rn.id = $2`,
        [organization, requiredUpload],
      );
      const found = rows[0]!;
      if (!found.org) add('organization', CHOOSE_ORGANIZATION);
      if (found.name === null) add('requiredUpload', CHOOSE_REQUIRED_UPLOAD);
      else if (!found.active) add('requiredUpload', REQUIRED_UPLOAD_INACTIVE);
      else if (found.applies === false) add('requiredUpload', REQUIRED_UPLOAD_NOT_FOR);
      name = found.name ?? '';
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    return { organization: organization!, requiredUpload: requiredUpload!, name };
  };

  api.post(
    '/api/report/history/upload',
    { schema: { response: { 200: reportHistoryResponse } }, preValidation: reportAccess },
    async (request, reply) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw badRequest({}, [UPLOAD_AS_FORM]);
      const { form, file } = await readFormWithFile(database, request, reply, {
        fields: ['organization', 'requiredUpload'],
        fileField: 'file',
        parse: parseUpload,
        actorId: user.id,
        maxBytes: DOCUMENT_MAX_BYTES,
      });
      if (!file) throw badRequest({ file: [FILE_REQUIRED] });
      let id: number;
      try {
        id = await withTransaction(database, async ({ client }) => {
          const historyId = await insertHistory(client, {
            report: 'upload',
            title: form.name,
            format: 'FILE',
            filters: {},
            filtersText: '',
            fileId: file.id,
            requiredUploadId: form.requiredUpload,
            rowCount: null,
            actorId: user.id,
          });
          await linkOrganizations(client, historyId, { organizations: [form.organization] });
          return historyId;
        });
      } catch (error) {
        // Nothing keeps the file: it goes too.
        await deleteFile(database.pool, file.id).catch(() => undefined);
        throw error;
      }
      return { history: await loadHistoryItem(database.pool, id) };
    },
  );

  requiredUploadStatusRoutes(app, database, timeZone);
}
