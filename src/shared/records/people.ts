// People, top-level and under an organization.
// Its kinds of record and history classes (beside its routes, routes/people.ts, but not loaded with them).
import { type HistoryLabels, type RecordRows, WORK } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  person: { access: WORK, readme: ['Organizations', 'people'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  Person: 'Person',
} as const satisfies HistoryLabels;
