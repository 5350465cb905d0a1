// /api/manage/agreement/{agreementId}/document: an agreement's documents (list, record, save with or without a
// file, delete) and /{documentId}/file, the download; each change leaves a DOCUMENT entry on the agreement's
// activity timeline.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { documentRoutes } from '../../platform/document-routes.js';
import { addActivity } from '../agreement/index.js';
import { AGREEMENT_DOCUMENT } from './agreement-document.record.js';

export function agreementDocumentRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  documentRoutes(app, database, timeZone, {
    path: '/api/manage/agreement/:agreementId/document',
    key: 'agreementDocument',
    def: AGREEMENT_DOCUMENT,
    parent: { param: 'agreementId', table: 'agreements', field: 'agreement' },
    activity: (tx, entry) =>
      addActivity(tx, {
        agreementId: entry.parentId,
        kind: 'DOCUMENT',
        text: entry.text,
        actorId: entry.actorId,
      }),
  });
}
