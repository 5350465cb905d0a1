// "Changed today, no time" (issue 17): cases and tasks a user changed on a day without logging time on them.
import { z } from 'zod';

export const UNTRACKED_LIMIT = 50;
export { INVALID_DAY } from './path-date.js';

export const untrackedItemSchema = z.object({
  kind: z.enum(['case', 'task']).describe('What was changed: a case, or a task (of the case named).'),
  caseId: z.number().int(),
  caseTitle: z.string(),
  taskId: z.number().int().nullable().describe('Null for a case.'),
  taskTitle: z.string().nullable().describe('Null for a case.'),
  organization: z.string(),
  changedAt: z.string().describe('The newest change that day (ISO instant).'),
  fields: z
    .array(z.string())
    .describe('Labels of the fields changed that day, in the order the record shows them.'),
});
export type UntrackedItem = z.infer<typeof untrackedItemSchema>;

/** GET /api/time/untracked/{MMddyyyy}: the signed-in user's changes that day with no time logged on them (≤ 50). */
export const untrackedListSchema = z.object({
  items: z.array(untrackedItemSchema).describe('Newest change first.'),
});
export type UntrackedList = z.infer<typeof untrackedListSchema>;
