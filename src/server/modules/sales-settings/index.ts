// Sales settings: opportunities, sales roles, e-signature.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { salesSettingsRoutes } from './sales-settings.routes.js';

export const salesSettingsArea = defineArea({
  name: 'sales-settings',
  register(app, { database, timeZone }) {
    salesSettingsRoutes(app, database, timeZone);
  },
});

// What other areas use.
export {
  loadOpportunitySettings,
  loadStoredOpportunitySettings,
  type StoredOpportunitySettings,
  storedDefaults as storedOpportunityDefaults,
} from './opportunity-settings.service.js';
export { isSalesOwner, salesOwnerOptions } from './sales-roles.service.js';
