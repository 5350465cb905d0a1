// The case and task grammar.
// Its kinds of record and history classes (beside its routes, routes/language-settings.ts, but not loaded with them).
import type { HistoryLabels } from '../access.js';

/** Field history's classes of these settings, by the names users know. */
export const historyLabels = {
  LanguageSettings: 'Case & Task Grammar',
} as const satisfies HistoryLabels;
