// Timers.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { timerRoutes } from './timer.routes.js';

export const timerArea = defineArea({
  name: 'timer',
  register(app, { database, timeZone }) {
    timerRoutes(app, database, timeZone);
  },
});
