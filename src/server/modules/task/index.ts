// Tasks.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { taskRoutes } from './task.routes.js';

export const taskArea = defineArea({
  name: 'task',
  records: ['task'],
  searchSources: [
    {
      kind: 'task',
      table: 'tasks',
      columns: ['title', 'case_id'],
      from: 'tasks t',
      name: 't.title',
      ids: ['t.case_id'],
      route: (id, [caseId]) => pathFor('case_task_basics', { caseId: caseId!, taskId: id }),
      fields: [{ label: 'Title', column: 't.title', match: 'text' }],
    },
  ],
  register(app, { database, timeZone }) {
    taskRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { TASK } from './task.record.js';
