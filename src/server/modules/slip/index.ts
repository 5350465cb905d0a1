// Slips (time), bucket time, a task's slips, the task card print, and the week lock they obey.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { cardPrintRoutes } from './card-print.routes.js';
import { slipRoutes } from './slip.routes.js';
import { taskSlipRoutes } from './task-slip.routes.js';

export const slipArea = defineArea({
  name: 'slip',
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
