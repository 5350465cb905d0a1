// Slips (time), bucket time, a task's slips, the task card print, and the week lock they obey.
// Other areas import from this one only through this file.
import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { cardPrintRoutes } from './card-print.routes.js';
import { slipRoutes } from './slip.routes.js';
import { taskSlipRoutes } from './task-slip.routes.js';

export const slipArea = defineArea({
  name: 'slip',
  searchSources: [
    {
      kind: 'slip',
      table: 'slips',
      columns: ['comment', 'task_id'],
      follows: [
        {
          table: 'tasks',
          columns: ['title', 'case_id'],
          records: 'SELECT t.id FROM slips t JOIN changed c ON c.id = t.task_id',
        },
      ],
      from: 'slips t JOIN tasks k ON k.id = t.task_id',
      name: `'Slip #' || t.id || ' - ' || k.title`,
      ids: ['k.case_id', 't.task_id'],
      route: (id, [caseId, taskId]) =>
        pathFor('case_task_slip_basics', { caseId: caseId!, taskId: taskId!, slipId: id }),
      fields: [{ label: 'Comment', column: 't.comment', match: 'text', typos: false }],
    },
  ],
  register(app, { database, timeZone }) {
    slipRoutes(app, database, timeZone);
    taskSlipRoutes(app, database);
    cardPrintRoutes(app, database, timeZone);
  },
});

// What other areas use.
export {
  billableSql,
  RULED_SERVICES,
  ruleColumns,
  serviceRuleJoin,
  slipRuleSql,
  sourceLabelSql,
} from './billable-sql.js';
export {
  billerOptions,
  closedMessage,
  codeOption,
  createSlip,
  displayDate,
  taskState,
} from './slip.service.js';
export { assertDaysOpen, mondayOf } from './week-lock.js';
