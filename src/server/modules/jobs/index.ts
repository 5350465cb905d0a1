// Background jobs (developer page) and session clean-up.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { jobRoutes } from './jobs.routes.js';

export const jobsArea = defineArea({
  name: 'jobs',
  register(app, { database, config }) {
    jobRoutes(app, database, config.sessionIdleMinutes);
  },
});
