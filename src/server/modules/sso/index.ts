// Single sign-on (OIDC) and its settings.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { ssoRoutes } from './sso.routes.js';

export const ssoArea = defineArea({
  name: 'sso',
  register(app, { database, config, policy }) {
    ssoRoutes(app, database, policy, config);
  },
});
