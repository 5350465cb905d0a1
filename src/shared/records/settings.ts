// Single-record settings pages: device status, outage auto assignment, RMM and sales settings.
// Its kinds of record and history classes (beside its routes, routes/settings.ts, but not loaded with them).
import type { HistoryLabels } from '../access.js';

/** Field history's classes of these settings, by the names users know. */
export const historyLabels = {
  DeviceStatusSettings: 'Device Status',
  OutageAutoAssignment: 'Outage Auto Assignment',
  AmendmentSettings: 'Sales Settings: Amendments',
  OpportunitySettings: 'Sales Settings: Opportunities',
  SalesRoleSettings: 'Sales Settings: Roles',
  RmmSettings: 'RMM Settings',
} as const satisfies HistoryLabels;
