// Case & Task Grammar.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { languageSettingsRoutes } from './language-settings.routes.js';

export const languageSettingsArea = defineArea({
  name: 'language-settings',
  register(app, { database, timeZone }) {
    languageSettingsRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { titleCaseTask } from './language-settings.service.js';
