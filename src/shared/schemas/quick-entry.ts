// The one-line entry box's answers (issue 17): the task match of GET /api/time/quick-match and the user's recent
// tasks of GET /api/time/recent-tasks, which a device keeps to match on its own (shared/quick-entry.ts).
import { z } from 'zod';

export const quickMatchTaskSchema = z.object({
  taskId: z.number(),
  taskTitle: z.string(),
  caseId: z.number(),
  caseTitle: z.string(),
  organization: z.string(),
});
export type QuickMatchTask = z.infer<typeof quickMatchTaskSchema>;

/** GET /api/time/quick-match: the tasks the longest prefix of the words names, the user's recent ones first. */
export const quickMatchSchema = z.object({
  consumed: z.number().describe('How many of the words named the task (0: none matched).'),
  total: z.number().describe('How many open tasks they name (at most 10 are listed).'),
  matches: z.array(quickMatchTaskSchema),
});
export type QuickMatch = z.infer<typeof quickMatchSchema>;

/** A task the one-line entry may name, with its words and the user's last day on it. */
export const quickCandidateSchema = quickMatchTaskSchema.extend({
  shortCode: z.string().nullable().describe("The organization's short code."),
  lastWorked: z
    .string()
    .nullable()
    .describe('The last day the user logged time on it, yyyy-MM-dd; null: none recent.'),
});
export type QuickCandidate = z.infer<typeof quickCandidateSchema>;

/** GET /api/time/recent-tasks: the user's open tasks with time in the last 30 days, latest first (at most 200). */
export const recentTasksResponse = z.object({
  tasks: z.array(
    quickCandidateSchema.extend({
      lastWorked: z.string().describe('The last day the user logged time on it, yyyy-MM-dd.'),
    }),
  ),
});
export type RecentTasks = z.infer<typeof recentTasksResponse>;
