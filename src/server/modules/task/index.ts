// Tasks.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { taskRoutes } from './task.routes.js';

export const taskArea = defineArea({
  name: 'task',
  register(app, { database, timeZone }) {
    taskRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { TASK } from './task.record.js';
