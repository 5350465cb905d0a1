// The weekly and daily calendar.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { calendarRoutes } from './calendar.routes.js';

export const calendarArea = defineArea({
  name: 'calendar',
  register(app, { database }) {
    calendarRoutes(app, database);
  },
});
