// /api/manage/person (list, record, save, delete) and the people picker /api/suggest/people/.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Option } from '../../../shared/schemas/common.js';
import { optionalRef } from '../../../shared/schemas/fields.js';
import { personForm, personListQuery } from '../../../shared/schemas/person.js';
import { suggestionsResponse } from '../../../shared/schemas/suggest.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser } from '../../platform/auth.js';
import { badRequest } from '../../platform/errors.js';
import { recordRoutes, suggestQuery } from '../../platform/record-routes.js';
import { likePattern, param } from '../../platform/records.js';
import { organizationOption } from './organization-option.js';
import { PERSON } from './person.record.js';

const PATH = '/api/manage/person';

/** Why a person cannot be deleted, or null. The foreign keys would silently clear these links (ON DELETE SET
 * NULL), losing who the contact was, so a person still linked is refused and can be marked inactive instead. */
async function inUseMessage(database: Database, id: number): Promise<string | null> {
  const { rows } = await database.pool.query<{ organizations: string[] | null; devices: string[] | null }>(
    `SELECT (SELECT array_agg(name ORDER BY name) FROM organizations WHERE primary_contact_id = $1) AS organizations,
            (SELECT array_agg(name ORDER BY name) FROM equipment WHERE person_id = $1) AS devices`,
    [id],
  );
  const { organizations, devices } = rows[0] ?? { organizations: null, devices: null };
  const list = (names: string[]) =>
    names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
  const reasons: string[] = [];
  if (organizations?.length) reasons.push(`the primary contact of ${list(organizations)}`);
  if (devices?.length) reasons.push(`assigned to equipment ${list(devices)}`);
  return reasons.length
    ? `This person is ${reasons.join(' and ')} and cannot be deleted. Mark the person inactive instead.`
    : null;
}

const peopleSuggestQuery = suggestQuery.extend({ organization: optionalRef() });

export function personRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  // A scope of its own, so the delete check below runs for these routes only.
  app.register(async (scope) => {
    scope.addHook('preHandler', async (request: FastifyRequest) => {
      if (request.method !== 'DELETE') return;
      const message = await inUseMessage(database, (request.params as { id: number }).id);
      if (message) throw badRequest({}, [message]);
    });

    recordRoutes(scope, database, timeZone, {
      path: PATH,
      key: 'person',
      def: PERSON,
      form: personForm,
      listQuery: personListQuery,
      list: (query, filter) => {
        if (query.active === '1') filter.where.push('t.active');
        else if (query.active === '2') filter.where.push('NOT t.active');
        if (query.organization) filter.where.push(`t.organization_id = ${param(filter, query.organization)}`);
        if (query.q) {
          const p = param(filter, likePattern(query.q));
          const text = [
            `t.first_name || ' ' || t.last_name ILIKE ${p}`,
            `t.last_name || ', ' || t.first_name ILIKE ${p}`,
            `t.email ILIKE ${p}`,
            `t.phone ILIKE ${p}`,
            `t.mobile ILIKE ${p}`,
          ];
          // Phones are stored formatted "(555) 201-3344": typed digits also match them without the punctuation.
          const digits = query.q.replace(/\D/g, '');
          if (digits.length >= 3 && /^[\d\s().+-]+$/.test(query.q))
            text.push(
              `regexp_replace(coalesce(t.phone, '') || '/' || coalesce(t.mobile, ''), '[^0-9/]', '', 'g') LIKE ${param(filter, `%${digits}%`)}`,
            );
          filter.where.push(`(${text.join(' OR ')})`);
        }
        // Index people_name_idx / people_org_name_idx cover this order.
        return { keys: ['t.last_name', 't.first_name'], dir: query.dir };
      },
      blank: async (query, db) => ({
        firstName: query.firstName?.trim() ?? '',
        lastName: query.lastName?.trim() ?? '',
        title: null,
        email: null,
        phone: null,
        mobile: null,
        organization: await organizationOption(db, query.organization),
        active: true,
        notes: null,
      }),
      hooks: () => ({
        // An organization's primary contact is one of its people (the organization form checks the same).
        validate: async (tx, values, before) => {
          if (!before || values.organization === (before.organization as Option).value) return;
          const { rows } = await tx.query<{ name: string }>(
            'SELECT name FROM organizations WHERE primary_contact_id = $1 AND id <> $2 ORDER BY name LIMIT 1',
            [before.id, values.organization],
          );
          if (rows[0])
            throw badRequest({
              organization: [
                `This person is the primary contact of ${rows[0].name}. Choose another primary contact there first.`,
              ],
            });
        },
      }),
    });
  });

  // Pickers: an organization's Primary Contact, a device's Assigned Person. Active people only.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/suggest/people/',
    {
      schema: {
        querystring: peopleSuggestQuery,
        response: {
          200: suggestionsResponse('Active people, labelled "First Last", by last and first name.'),
        },
      },
    },
    async (request) => {
      authorize(currentUser(request), `read:${PERSON.key}`);
      const { q, limit, organization } = request.query;
      const { rows } = await database.pool.query<{ id: number; name: string }>(
        `SELECT id, first_name || ' ' || last_name AS name FROM people
          WHERE active AND ($1::int IS NULL OR organization_id = $1)
            AND ($2::text IS NULL OR first_name || ' ' || last_name ILIKE $2
                 OR last_name || ', ' || first_name ILIKE $2 OR email ILIKE $2)
          ORDER BY last_name, first_name, id LIMIT $3`,
        [organization ?? null, q ? likePattern(q) : null, limit],
      );
      return rows.map((r) => ({ value: r.id, label: r.name }));
    },
  );
}
