// The Mail Catcher of dev and design installs.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { mailCatcherRoutes } from './mail-catcher.routes.js';

export const mailCatcherArea = defineArea({
  name: 'mail-catcher',
  register(app, { database, config }) {
    mailCatcherRoutes(app, database, config);
  },
});
