// The current user's calls: POST /api/user/profile, /api/user/settings, /api/user/password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordChange, profileSettingsForm } from '../../../shared/schemas/user.js';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../platform/auth.js';
import { profileOf, settingsFormOptions } from './profile.presenter.js';
import { changePassword, loadSettings, saveSettings } from './profile.service.js';

export function profileRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The session lookup already read every profile field: no second query on this very frequent call.
  api.post('/api/user/profile', async (request) => ({ user: profileOf(currentUser(request)) }));
  api.get('/api/user/settings', async (request) => ({
    user: await loadSettings(database.pool, currentUser(request).id),
    formOptions: settingsFormOptions(),
  }));
  api.post('/api/user/settings', { schema: { body: profileSettingsForm } }, async (request) => ({
    user: await saveSettings(database, currentUser(request).id, request.body, timeZone),
  }));
  // Session only: an API token may not change the password it was made under.
  api.post(
    '/api/user/password',
    { schema: { body: passwordChange }, config: { sessionOnly: true } },
    async (request) => {
      const user = currentUser(request);
      await changePassword(database, user.id, request.sessionToken ?? '', request.body, timeZone);
      return { ok: true };
    },
  );
}
