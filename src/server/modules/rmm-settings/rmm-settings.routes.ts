// /api/admin/rmm-settings (GET, POST) and /api/admin/rmm-settings/virtual-count: the virtual-device rule, for
// administrators only (REPORT_ACCESS), with its field history.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allows, REPORT_ACCESS } from '../../../shared/permissions.js';
import {
  rmmSettingsForm,
  rmmSettingsResponse,
  rmmSettingsSaved,
  virtualCountQuery,
  virtualCountSchema,
} from '../../../shared/schemas/rmm-settings.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser, registerPolicy } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import {
  categoryOptions,
  countVirtual,
  ENTITY_ID,
  FIELD_LABELS,
  HISTORY_KEY,
  loadRmmSettings,
  loadVirtualDevices,
  saveRmmSettings,
} from './rmm-settings.service.js';

const PATH = '/api/admin/rmm-settings';
const ACTION = 'admin:rmm-settings';

export function rmmSettingsRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  registerPolicy(ACTION, (user) => allows(user, REPORT_ACCESS));
  registerHistoryEntity({
    key: HISTORY_KEY,
    objectClass: 'RmmSettings',
    fieldLabels: FIELD_LABELS,
    title: async (_db, id) => (id === ENTITY_ID ? 'RMM Settings: Virtual Devices' : null),
    canRead: (user) => allows(user, REPORT_ACCESS),
  });
  // Refused before the query or body is validated: a non-administrator learns nothing from validation errors.
  const admin = async (request: Parameters<typeof currentUser>[0]) => {
    authorize(currentUser(request), ACTION);
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(PATH, { schema: { response: { 200: rmmSettingsResponse } }, preValidation: admin }, async () => ({
    rmmSettings: await loadRmmSettings(database.pool),
    formOptions: { categories: await categoryOptions(database.pool) },
  }));

  api.post(
    PATH,
    { schema: { body: rmmSettingsForm, response: { 200: rmmSettingsSaved } }, preValidation: admin },
    async (request) => {
      const user = currentUser(request);
      authorize(user, ACTION);
      return { rmmSettings: await saveRmmSettings(database, request.body, user.id, timeZone) };
    },
  );

  api.get(
    `${PATH}/virtual-count`,
    {
      schema: { querystring: virtualCountQuery, response: { 200: virtualCountSchema } },
      preValidation: admin,
    },
    async (request) => {
      const { categoryIds, models } = request.query;
      const given = categoryIds !== undefined || models !== undefined;
      const rule = given
        ? { categoryIds: categoryIds ?? [], models: models ?? [] }
        : await loadVirtualDevices(database.pool);
      return countVirtual(database.pool, rule);
    },
  );
}
