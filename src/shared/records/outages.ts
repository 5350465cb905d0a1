// Outages.
// Its kinds of record and history classes (beside its routes, routes/outages.ts, but not loaded with them).
import { type HistoryLabels, type RecordRows, WORK } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  outage: { access: WORK, readme: ['Cases', 'outages'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  Outage: 'Outage',
} as const satisfies HistoryLabels;
