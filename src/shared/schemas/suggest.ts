// What the pickers' suggestion calls answer (GET /api/suggest/<what>/?q=&limit=): the records matching the typed
// text as options, at most `limit` (default 25).
import { z } from 'zod';

export const suggestionSchema = z.object({
  value: z.number().describe('The record id.'),
  label: z.string().describe('What the picker shows.'),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** The suggestions of one picker; `what` says which records and in what order. */
export const suggestionsResponse = (what: string) => z.array(suggestionSchema).describe(what);
