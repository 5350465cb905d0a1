// /api/admin/file-manager (administrators): the stored files with owners, uses and storage totals (keyset paged,
// All / Unused, by date or size); GET …/:id/download streams a file's chunks; DELETE …/:id removes an unused file.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/schemas/common.js';
import { fileListQuery, fileListSchema } from '../../../shared/schemas/file-manager.js';
import { deletedResponse } from '../../../shared/schemas/record.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { contentDisposition, streamFile } from '../../platform/files.js';
import { errorDocs, fileResponse } from '../../platform/openapi.js';
import { deleteUnusedFile, downloadable, listFiles } from './file-manager.service.js';

const PATH = '/api/admin/file-manager';

export function fileManagerRoutes(app: FastifyInstance, database: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    PATH,
    {
      schema: { querystring: fileListQuery, response: { 200: fileListSchema } },
      preValidation: administratorsOnly,
    },
    async (request) => listFiles(database.pool, request.query),
  );

  api.get(
    `${PATH}/:id/download`,
    {
      schema: {
        params: idParam,
        responseDocs: fileResponse(
          'The stored file as an attachment (Content-Disposition names it), in the content type it was stored with.',
          ['*/*'],
        ),
      },
      preValidation: administratorsOnly,
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const file = await downloadable(database.pool, request.params.id);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(file.name))
        .header('X-Content-Type-Options', 'nosniff');
      return reply.send(streamFile(database, file.id, file.size));
    },
  );

  api.delete(
    `${PATH}/:id`,
    {
      schema: {
        responseDocs: errorDocs({ 409: 'The file is in use (the message says where) and is kept.' }),
        params: idParam,
        response: { 200: deletedResponse },
      },
      preValidation: administratorsOnly,
    },
    async (request) => {
      authorize(currentUser(request), 'admin');
      await deleteUnusedFile(database, request.params.id);
      return { deleted: true as const };
    },
  );
}
