// A task's time slips.
// Its kinds of record and history classes (beside its routes, routes/slips.ts, but not loaded with them).
import type { HistoryLabels } from '../access.js';

/** Field history's classes of the area, by the names users know: a user's week of slips (submitted, approved). */
export const historyLabels = {
  TimesheetWeek: 'Timesheet Week',
} as const satisfies HistoryLabels;
