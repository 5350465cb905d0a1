// /api/admin/sales-settings-amendment: the amendment sales settings, read by every signed-in user (SPEC §6: the
// screen carries ROLE_USER), saved by administrators only; and their field history, readable by everyone.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  amendmentSettingsForm,
  amendmentSettingsResponse,
} from '../../../shared/schemas/amendment-settings.js';
import type { Database } from '../../db/client.js';
import { type AuthUser, administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import { amendmentTypeOptions } from '../amendment-type/index.js';
import {
  ENTITY_ID,
  FIELD_LABELS,
  HISTORY_KEY,
  loadAmendmentSettings,
  saveAmendmentSettings,
} from './amendment-settings.service.js';

const PATH = '/api/admin/sales-settings-amendment';

/** The page's answer: the settings, the active types to choose from, and whether this user may save. */
async function page(
  db: Queryable,
  user: AuthUser,
  settings?: Awaited<ReturnType<typeof loadAmendmentSettings>>,
) {
  return {
    amendmentSettings: settings ?? (await loadAmendmentSettings(db)),
    formOptions: { defaultAmendmentType: await amendmentTypeOptions(db) },
    can: { save: user.isAdmin },
  };
}

export function amendmentSettingsRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  registerHistoryEntity({
    key: HISTORY_KEY,
    objectClass: 'AmendmentSettings',
    fieldLabels: FIELD_LABELS,
    title: async (_db, id) => (id === ENTITY_ID ? 'Sales Settings: Amendments' : null),
    canRead: () => true,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(PATH, { schema: { response: { 200: amendmentSettingsResponse } } }, async (request) =>
    page(database.pool, currentUser(request)),
  );
  // Refused before the body is validated: a non-administrator learns nothing from validation errors.
  api.post(
    PATH,
    {
      schema: { body: amendmentSettingsForm, response: { 200: amendmentSettingsResponse } },
      preValidation: administratorsOnly,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      const saved = await saveAmendmentSettings(database, request.body, user.id, timeZone);
      return page(database.pool, user, saved);
    },
  );
}
