// The words the UI uses for cases, tasks and slips (language settings, "Case & Task Grammar"), and how a visible label
// is put in them. No validation library here: the shell's first chunk reads it.
/** The words the UI uses for the three things. */
export type Grammar = {
  caseSingular: string;
  casePlural: string;
  taskSingular: string;
  taskPlural: string;
  slipSingular: string;
  slipPlural: string;
};

export const DEFAULT_GRAMMAR: Grammar = {
  caseSingular: 'Case',
  casePlural: 'Cases',
  taskSingular: 'Task',
  taskPlural: 'Tasks',
  slipSingular: 'Slip',
  slipPlural: 'Slips',
};

/**
 * A visible label in the saved words: "Cases & Tasks" → "Tickets & Tasks", "Create Case" → "Create Ticket".
 * Whole words only, capitalised and lower-case forms alike (a lower-case word keeps lower case).
 */
export function applyGrammar(label: string, grammar: Grammar): string {
  const words: Record<string, string> = {
    case: grammar.caseSingular,
    cases: grammar.casePlural,
    task: grammar.taskSingular,
    tasks: grammar.taskPlural,
    slip: grammar.slipSingular,
    slips: grammar.slipPlural,
  };
  return label.replace(/\b(cases|case|tasks|task|slips|slip)\b/gi, (found) => {
    const to = words[found.toLowerCase()] ?? found;
    if (found === found.toLowerCase()) return to.toLowerCase();
    if (found === found.toUpperCase() && found.length > 1) return to.toUpperCase();
    return to;
  });
}
