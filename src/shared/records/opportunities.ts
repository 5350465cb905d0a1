// Opportunities with their proposals, documents and activity, top-level and under an organization.
// Its kinds of record and history classes (beside its routes, routes/opportunities.ts, but not loaded with them).
import { type HistoryLabels, type RecordRows, WORK } from '../access.js';

/** The area's kinds of record: who may read, change and delete them, and their row of README's table. */
export const records = {
  opportunity: { access: WORK, readme: ['Opportunities', 'Opportunities'] },
  proposal: { access: WORK, readme: ['Opportunities', 'their proposals'] },
  opportunityDocument: { access: WORK, readme: ['Opportunities', 'documents'] },
} as const satisfies RecordRows;

/** Field history's classes of these records, by the names users know. */
export const historyLabels = {
  Opportunity: 'Opportunity',
  Proposal: 'Proposal',
  OpportunityDocument: 'Opportunity Document',
} as const satisfies HistoryLabels;
