// Staff members: the list, a member's basics, history and security.
// Its kinds of record and history classes (beside its routes, routes/staff.ts, but not loaded with them).
import type { HistoryLabels } from '../access.js';

/** Field history's classes of the area, by the names users know: a staff member's account. */
export const historyLabels = {
  User: 'Staff Member',
} as const satisfies HistoryLabels;
