// Amendment settings: numbering, default type, signing rule.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { amendmentSettingsRoutes } from './amendment-settings.routes.js';

export const amendmentSettingsArea = defineArea({
  name: 'amendment-settings',
  register(app, { database, timeZone }) {
    amendmentSettingsRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { loadStoredSettings, takeAmendmentNumber } from './amendment-settings.service.js';
