// Cases (invoices) and their tasks (SPEC §2 "Cases").
// Its kinds of record and history classes (beside its routes, routes/cases.ts, but not loaded with them).
import { type HistoryLabels, type RecordRows, WORK } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  case: { access: WORK, readme: ['Cases', 'Cases'] },
  task: { access: WORK, readme: ['Cases', 'tasks'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know (shown in Case & Task Grammar's words). */
export const historyLabels = {
  Case: 'Case',
  Task: 'Task',
} as const satisfies HistoryLabels;
