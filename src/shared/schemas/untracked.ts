// "Changed today, no time" (issue 17): cases and tasks a user changed on a day without logging time on them.
import { z } from 'zod';

export const UNTRACKED_LIMIT = 50;
export const INVALID_DAY = 'Please enter a valid date (MMDDYYYY).';

export const untrackedItemSchema = z.object({
  kind: z.enum(['case', 'task']),
  caseId: z.number().int(),
  caseTitle: z.string(),
  taskId: z.number().int().nullable(),
  taskTitle: z.string().nullable(),
  organization: z.string(),
  /** The newest change that day (ISO instant). */
  changedAt: z.string(),
  /** Labels of the fields changed that day. */
  fields: z.array(z.string()),
});
export type UntrackedItem = z.infer<typeof untrackedItemSchema>;

export const untrackedListSchema = z.object({ items: z.array(untrackedItemSchema) });
export type UntrackedList = z.infer<typeof untrackedListSchema>;
