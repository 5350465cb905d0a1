// /api/admin/sales-settings-opportunity, -roles and -esignature: the sales settings pages of administrators (read and
// saved by them only; every signed-in user meets the stages, sources and lost reasons through the opportunity form),
// and the field history of the first two (e-signature has none, SPEC §2).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  esignatureSettingsForm,
  esignatureSettingsResponse,
  opportunitySettingsForm,
  opportunitySettingsResponse,
  salesRoleSettingsForm,
  salesRoleSettingsResponse,
} from '../../../shared/schemas/sales-settings.js';
import type { Database } from '../../db/client.js';
import { type AuthUser, administratorsOnly, authorize, currentUser } from '../../platform/auth.js';
import { registerHistoryEntity } from '../../platform/history.js';
import { loadEsignatureSettings, saveEsignatureSettings } from './esignature-settings.service.js';
import * as opportunity from './opportunity-settings.service.js';
import * as roles from './sales-roles.service.js';

export const OPPORTUNITY_PATH = '/api/admin/sales-settings-opportunity';
export const ROLES_PATH = '/api/admin/sales-settings-roles';
export const ESIGNATURE_PATH = '/api/admin/sales-settings-esignature';

function admin(request: FastifyRequest): AuthUser {
  const user = currentUser(request);
  authorize(user, 'admin');
  return user;
}

export function salesSettingsRoutes(app: FastifyInstance, database: Database, timeZone: string): void {
  registerHistoryEntity({
    key: opportunity.HISTORY_KEY,
    objectClass: 'OpportunitySettings',
    fieldLabels: opportunity.FIELD_LABELS,
    title: async (_db, id) => (id === opportunity.ENTITY_ID ? 'Sales Settings: Opportunities' : null),
    canRead: (user) => user.isAdmin,
  });
  registerHistoryEntity({
    key: roles.HISTORY_KEY,
    objectClass: 'SalesRoleSettings',
    fieldLabels: roles.FIELD_LABELS,
    title: async (_db, id) => (id === roles.ENTITY_ID ? 'Sales Settings: Roles' : null),
    canRead: (user) => user.isAdmin,
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const can = { save: true };

  // Every POST is refused before its body is validated: a non-administrator learns nothing from validation errors.
  api.get(
    OPPORTUNITY_PATH,
    { schema: { response: { 200: opportunitySettingsResponse } } },
    async (request) => {
      admin(request);
      return { opportunitySettings: await opportunity.loadOpportunitySettings(database.pool), can };
    },
  );
  api.post(
    OPPORTUNITY_PATH,
    {
      schema: { body: opportunitySettingsForm, response: { 200: opportunitySettingsResponse } },
      preValidation: administratorsOnly,
    },
    async (request) => {
      const user = admin(request);
      const saved = await opportunity.saveOpportunitySettings(database, request.body, user.id, timeZone);
      return { opportunitySettings: saved, can };
    },
  );

  const rolesPage = async (settings: Awaited<ReturnType<typeof roles.loadSalesRoleSettings>>) => ({
    salesRoleSettings: settings,
    formOptions: { staff: await roles.activeStaffOptions(database.pool) },
    can,
  });
  api.get(ROLES_PATH, { schema: { response: { 200: salesRoleSettingsResponse } } }, async (request) => {
    admin(request);
    return rolesPage(await roles.loadSalesRoleSettings(database.pool));
  });
  api.post(
    ROLES_PATH,
    {
      schema: { body: salesRoleSettingsForm, response: { 200: salesRoleSettingsResponse } },
      preValidation: administratorsOnly,
    },
    async (request) => {
      const user = admin(request);
      return rolesPage(await roles.saveSalesRoleSettings(database, request.body, user.id, timeZone));
    },
  );

  api.get(ESIGNATURE_PATH, { schema: { response: { 200: esignatureSettingsResponse } } }, async (request) => {
    admin(request);
    return { esignatureSettings: await loadEsignatureSettings(database.pool), can };
  });
  api.post(
    ESIGNATURE_PATH,
    {
      schema: { body: esignatureSettingsForm, response: { 200: esignatureSettingsResponse } },
      preValidation: administratorsOnly,
    },
    async (request) => {
      const user = admin(request);
      return {
        esignatureSettings: await saveEsignatureSettings(database, request.body, user.id, timeZone),
        can,
      };
    },
  );
}
