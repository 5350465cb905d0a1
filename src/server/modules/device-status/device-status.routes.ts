// /api/admin/device-status (GET, POST): the single-page device status settings, administrators only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceStatusForm, deviceStatusResponse } from '../../../shared/schemas/device-status.js';
import type { Database } from '../../db/client.js';
import { authorize, currentUser, registerPolicy } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import {
  ENTITY_ID,
  HISTORY_KEY,
  HISTORY_LABELS,
  loadDeviceStatus,
  saveDeviceStatus,
} from './device-status.service.js';

const PATH = '/api/admin/device-status';
const ACTION = 'admin:device-status';

export function deviceStatusRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  registerPolicy(ACTION, (user) => user.isAdmin);
  registerHistoryEntity({
    key: HISTORY_KEY,
    objectClass: 'DeviceStatusSettings',
    fieldLabels: HISTORY_LABELS,
    title: async (_db, id) => (id === ENTITY_ID ? 'Device Status' : null),
    canRead: (user) => user.isAdmin,
  });
  const admin = (request: FastifyRequest) => {
    const user = currentUser(request);
    authorize(user, ACTION);
    return user;
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(PATH, { schema: { response: { 200: deviceStatusResponse } } }, async (request) => {
    admin(request);
    return { deviceStatus: await loadDeviceStatus(database.pool), formOptions: {} };
  });

  // Checked before the body is validated too: a non-administrator learns nothing from validation errors.
  api.post(
    PATH,
    {
      schema: { body: deviceStatusForm, response: { 200: deviceStatusResponse } },
      preValidation: async (request) => void admin(request),
    },
    async (request) => {
      const user = admin(request);
      return {
        deviceStatus: await saveDeviceStatus(database, request.body, user.id, timeZone),
        formOptions: {},
      };
    },
  );
}
