// /api/settings/language (GET for every signed-in user: the shell names cases, tasks and slips with it; POST for
// administrators) and its field history (everyone reads it, as the settings).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allows, LANGUAGE_SETTINGS_ACCESS } from '../../../shared/permissions.js';
import { languageSettingsForm, languageSettingsResponse } from '../../../shared/schemas/language-settings.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import {
  ENTITY_ID,
  FIELD_LABELS,
  HISTORY_KEY,
  loadLanguageSettings,
  saveLanguageSettings,
} from './language-settings.service.js';

export const LANGUAGE_API = '/api/settings/language';

export function languageSettingsRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  registerHistoryEntity({
    key: HISTORY_KEY,
    objectClass: 'LanguageSettings',
    fieldLabels: FIELD_LABELS,
    title: async (_db, id) => (id === ENTITY_ID ? 'Case & Task Grammar' : null),
    canRead: (user) => allows(user, LANGUAGE_SETTINGS_ACCESS.read),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(LANGUAGE_API, { schema: { response: { 200: languageSettingsResponse } } }, async (request) => ({
    languageSettings: await loadLanguageSettings(database.pool),
    can: { save: allows(currentUser(request), LANGUAGE_SETTINGS_ACCESS.write) },
  }));

  api.post(
    LANGUAGE_API,
    {
      schema: { body: languageSettingsForm, response: { 200: languageSettingsResponse } },
      preValidation: administratorsOnly,
    },
    async (request) => {
      const user = currentUser(request);
      authorize(user, 'admin');
      return {
        languageSettings: await saveLanguageSettings(database, request.body, user.id, timeZone),
        can: { save: true },
      };
    },
  );
}
