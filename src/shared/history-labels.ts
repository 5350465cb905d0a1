// The names users know for the record classes of field history (SPEC §3 "Entities with field history" names the
// classes; the screens name them as their menus and breadcrumbs do: Project is shown as software). One mapping for
// every history screen, put together from the areas' labels; cases, tasks and slips in the words of Case & Task
// Grammar.
import { applyGrammar, DEFAULT_GRAMMAR, type Grammar } from './grammar.js';
import { HISTORY_LABELS } from './records/areas.js';

/** Every class of field history by its label: each area names its own (records/<area>.ts `historyLabels`). */
export const HISTORY_CLASS_LABELS: Readonly<Record<string, string>> = HISTORY_LABELS;

/** Classes named by the grammar's words (Case & Task Grammar is the settings page's own name, kept as it is). */
const GRAMMAR_CLASSES = new Set(['Case', 'Task']);

/**
 * "Project" → "Software", "Case" → "Ticket" with that grammar. A class missing from the table is split into words
 * ("FooBarSettings" → "Foo Bar Settings") rather than shown as code; the table test keeps every class in the table.
 */
export function historyClassLabel(objectClass: string, grammar: Grammar = DEFAULT_GRAMMAR): string {
  const label = HISTORY_CLASS_LABELS[objectClass] ?? objectClass.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return GRAMMAR_CLASSES.has(objectClass) ? applyGrammar(label, grammar) : label;
}
