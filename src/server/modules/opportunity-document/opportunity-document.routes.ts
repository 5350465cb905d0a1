// /api/manage/opportunity/{opportunityId}/document: an opportunity's documents (list, record, save with or without
// a file, delete) and /{documentId}/file, the download; each change leaves a DOCUMENT entry on the opportunity's
// activity timeline.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { documentRoutes } from '../../platform/document-routes.js';
import { addOpportunityActivity } from '../opportunity/index.js';
import { OPPORTUNITY_DOCUMENT } from './opportunity-document.record.js';

export function opportunityDocumentRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  documentRoutes(app, database, timeZone, {
    path: '/api/manage/opportunity/:opportunityId/document',
    key: 'opportunityDocument',
    def: OPPORTUNITY_DOCUMENT,
    parent: { param: 'opportunityId', table: 'opportunities', field: 'opportunity' },
    activity: (tx, entry) =>
      addOpportunityActivity(tx, {
        opportunityId: entry.parentId,
        kind: 'DOCUMENT',
        text: entry.text,
        actorId: entry.actorId,
      }),
  });
}
