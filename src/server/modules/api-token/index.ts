// Personal API tokens.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { apiTokenRoutes } from './api-token.routes.js';

export const apiTokenArea = defineArea({
  name: 'api-token',
  register(app, { database }) {
    apiTokenRoutes(app, database);
  },
});

// What other areas use.
export { listApiTokens, revokeApiToken } from './api-token.service.js';
