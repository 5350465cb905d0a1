// Single sign-on settings (the sign-in page itself is in auth).
// Its kinds of record and history classes (beside its routes, routes/sso.ts, but not loaded with them).
import type { HistoryLabels } from '../access.js';

/** Field history's classes of these settings, by the names users know. */
export const historyLabels = {
  SsoSettings: 'SSO Settings',
} as const satisfies HistoryLabels;
