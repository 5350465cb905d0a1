// Timesheets: weeks submitted, approved and reopened.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { timesheetRoutes } from './timesheet.routes.js';

export const timesheetArea = defineArea({
  name: 'timesheet',
  register(app, { database }) {
    timesheetRoutes(app, database);
  },
});
