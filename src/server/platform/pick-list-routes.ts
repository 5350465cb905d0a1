// Admin pick lists (device categories, outage types, departments, bucket categories): the generic record routes,
// administrators only (refused before validation), the SPEC §4 active filter and text search over name and
// description, and names unique without regard to case ("Laptop" and "laptop" would read as one).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NAME_USED } from '../../shared/schemas/device-category.js';
import type { Database } from '../db/client.js';
import { currentUser } from './auth.js';
import { badRequest, forbidden } from './errors.js';
import { type FormValues, type RecordRoutes, recordRoutes } from './record-routes.js';
import { likePattern, type Presented, param, type SortDef } from './records.js';

type PickListQuery = { active: 'all' | '1' | '2'; q?: string; dir?: 'asc' | 'desc'; sort?: string };

export type PickListRoutes<
  Form extends z.ZodType<{ version?: number }>,
  Query extends z.ZodType,
  Rec extends Presented = Presented,
> = Omit<RecordRoutes<Form, Query, Rec, FormValues<Form>>, 'list' | 'hooks' | 'toValues'> & {
  /** The list order; by name unless given (the name's unique index covers it). */
  order?: (query: z.infer<Query>) => SortDef;
};

export function pickListRoutes<
  Form extends z.ZodType<{ version?: number; name: string }>,
  Query extends z.ZodType<PickListQuery>,
  Rec extends Presented = Presented,
>(app: FastifyInstance, database: Database, timeZone: string, spec: PickListRoutes<Form, Query, Rec>): void {
  const { order, ...routes } = spec;
  const { table } = spec.def;
  // A scope of its own, so the hook below touches these routes only.
  app.register(async (scope) => {
    // Refused before the body or query is validated: a non-administrator learns nothing from validation errors.
    scope.addHook('preValidation', async (request) => {
      if (!currentUser(request).isAdmin) throw forbidden();
    });
    recordRoutes(scope, database, timeZone, {
      ...routes,
      list: (query, filter) => {
        if (query.active === '1') filter.where.push('t.active');
        else if (query.active === '2') filter.where.push('NOT t.active');
        if (query.q) {
          const p = param(filter, likePattern(query.q));
          filter.where.push(`(t.name ILIKE ${p} OR t.description ILIKE ${p})`);
        }
        return order?.(query) ?? { keys: ['t.name'], dir: query.dir };
      },
      hooks: () => ({
        validate: async (tx, values, before) => {
          const { rows } = await tx.query(
            `SELECT 1 FROM ${table} WHERE lower(name) = lower($1) AND id <> $2`,
            [values.name, before?.id ?? 0],
          );
          if (rows.length) throw badRequest({ name: [NAME_USED] });
        },
      }),
    });
  });
}
