// Agreements with their services, amendments, documents and activity, top-level and under an organization.
// Its kinds of record and history classes (beside its routes, routes/agreements.ts, but not loaded with them).
import { type HistoryLabels, type RecordRows, WORK } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  agreement: { access: WORK, readme: ['Agreements', 'Agreements'] },
  agreementService: { access: WORK, readme: ['Agreements', 'their services'] },
  amendment: { access: WORK, readme: ['Agreements', 'amendments'] },
  agreementDocument: { access: WORK, readme: ['Agreements', 'documents'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  Agreement: 'Agreement',
  AgreementService: 'Agreement Service',
  Amendment: 'Amendment',
  AgreementDocument: 'Agreement Document',
} as const satisfies HistoryLabels;
