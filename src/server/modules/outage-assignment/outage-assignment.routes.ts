// /api/admin/outage-auto-assignment (administrators only): the single-page settings and their field history.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  outageAutoAssignmentForm,
  outageAutoAssignmentResponse,
  outageAutoAssignmentSaved,
} from '../../../shared/schemas/outage-assignment.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import { outageTypeOptions } from '../outage-type/index.js';
import {
  ENTITY_ID,
  FIELD_LABELS,
  HISTORY_KEY,
  loadOutageAutoAssignment,
  saveOutageAutoAssignment,
} from './outage-assignment.service.js';

const PATH = '/api/admin/outage-auto-assignment';

export function outageAssignmentRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  registerHistoryEntity({
    key: HISTORY_KEY,
    objectClass: 'OutageAutoAssignment',
    fieldLabels: FIELD_LABELS,
    title: async (_db, id) => (id === ENTITY_ID ? 'Outage Auto Assignment' : null),
    canRead: (user) => user.isAdmin,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(PATH, { schema: { response: { 200: outageAutoAssignmentResponse } } }, async (request) => {
    authorize(currentUser(request), 'admin');
    return {
      outageAutoAssignment: await loadOutageAutoAssignment(database.pool),
      formOptions: { outageType: await outageTypeOptions(database.pool, { activeOnly: true }) },
    };
  });
  api.post(
    PATH,
    {
      schema: { body: outageAutoAssignmentForm, response: { 200: outageAutoAssignmentSaved } },
      preValidation: administratorsOnly,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      return {
        outageAutoAssignment: await saveOutageAutoAssignment(database, request.body, user.id, timeZone),
      };
    },
  );
}
