// Notices.
// Its kinds of record and history classes (beside its routes, routes/notices.ts, but not loaded with them).
import { ADMIN, type HistoryLabels, type RecordRows } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  notice: { access: ADMIN, readme: ['RMM imports', 'notices'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  Notice: 'Notice',
} as const satisfies HistoryLabels;
