// Required uploads (report notices).
// Its kinds of record and history classes (beside its routes, routes/required-uploads.ts, but not loaded with them).
import { ADMIN, type HistoryLabels, type RecordRows } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  'required-upload': { access: ADMIN, readme: ['RMM imports', 'required uploads'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  ReportNotice: 'Required Upload',
} as const satisfies HistoryLabels;
