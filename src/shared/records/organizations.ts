// Organizations (clients): the list, an organization's basics and history; its tabs belong to their areas.
// Its kinds of record and history classes (beside its routes, routes/organizations.ts, but not loaded with them).
import { type HistoryLabels, type RecordRows, WORK } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  organization: { access: WORK, readme: ['Organizations', 'Organizations'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  Organization: 'Organization',
} as const satisfies HistoryLabels;
