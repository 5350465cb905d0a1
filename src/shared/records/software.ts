// Software, top-level and under an organization.
// Its kinds of record and history classes (beside its routes, routes/software.ts, but not loaded with them).
import { type HistoryLabels, type RecordRows, WORK } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  software: { access: WORK, readme: ['Organizations', 'software'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know (Project is shown as software). */
export const historyLabels = {
  Project: 'Software',
} as const satisfies HistoryLabels;
