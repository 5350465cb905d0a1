// /api/admin/staff (administrators only) and /api/suggest/staff/ (any signed-in user).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOrCreateParam } from '../../../shared/schemas/common.js';
import {
  staffForm,
  staffListQuery,
  staffListResponse,
  staffResponse,
  staffSaved,
  staffSuggestions,
} from '../../../shared/schemas/staff.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { newStaff, staffFormOptions } from './staff.presenter.js';
import { createStaff, listStaff, loadStaff, saveStaff, suggestStaff } from './staff.service.js';

export function staffRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/staff',
    { schema: { querystring: staffListQuery, response: { 200: staffListResponse } } },
    async (request) => {
      authorize(currentUser(request), 'admin');
      return listStaff(database.pool, request.query);
    },
  );
  api.get(
    '/api/admin/staff/:id',
    { schema: { params: idOrCreateParam, response: { 200: staffResponse } } },
    async (request) => {
      authorize(currentUser(request), 'admin');
      const { id } = request.params;
      const staff = id === 'create' ? newStaff() : await loadStaff(database.pool, id);
      return { staff, formOptions: staffFormOptions() };
    },
  );
  api.post(
    '/api/admin/staff/:id',
    {
      schema: { params: idOrCreateParam, body: staffForm, response: { 200: staffSaved } },
      preValidation: administratorsOnly,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      const { id } = request.params;
      const staff =
        id === 'create'
          ? await createStaff(database, request.body, user.id)
          : await saveStaff(database, id, request.body, user.id, timeZone, request.sessionToken);
      return { staff };
    },
  );
  api.get(
    '/api/suggest/staff/',
    {
      schema: {
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(25),
        }),
        response: { 200: staffSuggestions },
      },
    },
    async (request) => suggestStaff(database.pool, request.query.q, request.query.limit),
  );
}
