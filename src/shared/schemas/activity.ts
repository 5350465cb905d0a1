// The activity timeline of a record (an agreement, an opportunity): what happened to it and the notes staff add,
// newest first. One list of kinds serves every timeline, so the badges read the same everywhere.
import { z } from 'zod';
import { type CodeList, codeValues, requiredText } from './fields.js';

export const ACTIVITY_KINDS = [
  { value: 'CREATED', label: 'Created' },
  { value: 'STATUS', label: 'Status' },
  { value: 'STAGE', label: 'Stage' },
  { value: 'SERVICE', label: 'Service' },
  { value: 'AMENDMENT', label: 'Amendment' },
  { value: 'PROPOSAL', label: 'Proposal' },
  { value: 'DOCUMENT', label: 'Document' },
  { value: 'WON', label: 'Won' },
  { value: 'NOTE', label: 'Note' },
] as const satisfies CodeList;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]['value'];

export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  after: z.string().max(500).optional(),
});
export const activityNoteForm = z.object({ text: requiredText(4000) });
/** One entry of a timeline. */
export const activitySchema = z.object({
  id: z.number().int(),
  kind: z.object({ value: z.enum(codeValues(ACTIVITY_KINDS)), label: z.string() }),
  text: z.string(),
  actor: z
    .object({ value: z.number().int(), label: z.string() })
    .nullable()
    .describe('The user who did it or wrote the note; null when no user did (or the user was deleted).'),
  at: z.string().describe('When it happened: an ISO 8601 instant.'),
});
export type Activity = z.infer<typeof activitySchema>;
/** GET {record}/activity: a page of the timeline, newest first; `next` is the cursor of the next page (`after`). */
export const activityPageResponse = z.object({ items: z.array(activitySchema), next: z.string().nullable() });
/** POST {record}/activity: the note added. */
export const activityNoteResponse = z.object({ activity: activitySchema });
