// /api/admin/staff/:id/security (administrators only): a staff member's sign-in and its administration.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '../../../shared/schemas/common.js';
import { staffAccessForm, staffSecurityResponse } from '../../../shared/schemas/staff-security.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly, currentUser } from '../../platform/auth.js';
import { loadStaff, saveStaff, staffFormOptions } from '../staff/index.js';
import {
  loadStaffSecurity,
  resetTwoFactor,
  revokeAllSessions,
  revokeSession,
  revokeUserApiToken,
  sendPasswordReset,
  unlockUser,
} from './staff-security.service.js';

const PATH = '/api/admin/staff/:id/security';
const params = z.object({ id: recordId() });
/** Every call answers the screen as it is after it. */
const response = { 200: staffSecurityResponse };

export function staffSecurityRoutes(app: FastifyInstance, database: Database, config: Config): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const load = async (id: number) => ({
    security: await loadStaffSecurity(database.pool, id, config.sessionIdleMinutes),
    formOptions: { roles: staffFormOptions().roles },
  });
  // preValidation: refused before anything of the request is read, so a technician learns nothing.
  const admin = { preValidation: administratorsOnly };

  api.get(
    PATH,
    { ...admin, schema: { summary: "A staff member's sign-in and security", params, response } },
    (request) => load(request.params.id),
  );
  api.post(
    `${PATH}/access`,
    {
      ...admin,
      schema: {
        summary: 'Save roles and the active flag (as the staff form does)',
        params,
        body: staffAccessForm,
        response,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = request.params;
      const staff = await loadStaff(database.pool, id);
      await saveStaff(
        database,
        id,
        {
          email: staff.email,
          firstName: staff.firstName,
          lastName: staff.lastName,
          shortCode: staff.shortCode,
          homePage: staff.homePage,
          caseListDailySlipsMode: staff.caseListDailySlipsMode,
          autoPopulateTaskPoints: staff.autoPopulateTaskPoints,
          ...request.body,
        },
        user.id,
        config.timeZone,
        request.sessionToken,
      );
      return load(id);
    },
  );
  api.post(
    `${PATH}/two-factor/reset`,
    {
      ...admin,
      schema: {
        summary: "Reset the staff member's two-factor sign-in (ends their sessions)",
        params,
        response,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await resetTwoFactor(database, request.params.id, { id: user.id, sessionToken: request.sessionToken });
      return load(request.params.id);
    },
  );
  api.delete(
    `${PATH}/sessions`,
    { ...admin, schema: { summary: 'End every session of the staff member', params, response } },
    async (request) => {
      const user = currentUser(request);
      await revokeAllSessions(database, request.params.id, {
        id: user.id,
        sessionToken: request.sessionToken,
      });
      return load(request.params.id);
    },
  );
  api.delete(
    `${PATH}/sessions/:sessionId`,
    {
      ...admin,
      schema: {
        summary: 'End one session of the staff member',
        params: params.extend({ sessionId: recordId() }),
        response,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await revokeSession(database, request.params.id, request.params.sessionId, {
        id: user.id,
        sessionToken: request.sessionToken,
      });
      return load(request.params.id);
    },
  );
  api.post(
    `${PATH}/unlock`,
    { ...admin, schema: { summary: 'Clear failed sign-ins and the lock', params, response } },
    async (request) => {
      await unlockUser(database, request.params.id, currentUser(request).id);
      return load(request.params.id);
    },
  );
  api.post(
    `${PATH}/password-reset`,
    {
      ...admin,
      schema: { summary: 'Mail the staff member a link to choose a new password', params, response },
    },
    async (request) => {
      const baseUrl = app.publicBaseUrl();
      await sendPasswordReset(database, app.mail, request.params.id, baseUrl, currentUser(request).id);
      return load(request.params.id);
    },
  );
  api.delete(
    `${PATH}/api-tokens/:tokenId`,
    {
      ...admin,
      schema: {
        summary: "Revoke one of the staff member's API tokens",
        params: params.extend({ tokenId: recordId() }),
        response,
      },
    },
    async (request) => {
      await revokeUserApiToken(database, request.params.id, request.params.tokenId, currentUser(request).id);
      return load(request.params.id);
    },
  );
}
