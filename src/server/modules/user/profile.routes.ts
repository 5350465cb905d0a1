// The current user's calls: POST /api/user/profile, /api/user/settings, /api/user/password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okResponse } from '../../../shared/schemas/common.js';
import {
  passwordChange,
  profileResponse,
  profileSettingsForm,
  userSettingsResponse,
  userSettingsSaved,
} from '../../../shared/schemas/user.js';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../platform/auth.js';
import { profileOf, settingsFormOptions } from './profile.presenter.js';
import { changePassword, loadSettings, saveSettings } from './profile.service.js';

export function profileRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session lookup already read every profile field: no second query on this very frequent call.
  api.post('/api/user/profile', { schema: { response: { 200: profileResponse } } }, async (request) => ({
    user: profileOf(currentUser(request)),
  }));
  api.get('/api/user/settings', { schema: { response: { 200: userSettingsResponse } } }, async (request) => ({
    user: await loadSettings(database.pool, currentUser(request).id),
    formOptions: settingsFormOptions(),
  }));
  api.post(
    '/api/user/settings',
    { schema: { body: profileSettingsForm, response: { 200: userSettingsSaved } } },
    async (request) => ({
      user: await saveSettings(database, currentUser(request).id, request.body, timeZone),
    }),
  );
  // Session only: an API token may not change the password it was made under.
  api.post(
    '/api/user/password',
    { schema: { body: passwordChange, response: { 200: okResponse } }, config: { sessionOnly: true } },
    async (request) => {
      const user = currentUser(request);
      await changePassword(database, user.id, request.sessionToken ?? '', request.body, timeZone);
      return { ok: true as const };
    },
  );
}
