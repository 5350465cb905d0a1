// Global search (SPEC §3 "Global search result", §7 GET /api/suggest/global-search/).
import { z } from 'zod';

export const GLOBAL_SEARCH_LIMIT = 25;
export const GLOBAL_SEARCH_MAX_TERM = 100;

export const globalSearchQuery = z.object({
  term: z.string().trim().max(GLOBAL_SEARCH_MAX_TERM).optional(),
});

export const globalSearchResultSchema = z.object({
  name: z.string().describe('What was found: the organization, person, device…'),
  route: z.string().describe('The client path of its screen.'),
  field_label: z.string().describe('The field that matched, e.g. "Serial Number".'),
  value: z.string().describe("The matched field's text, HTML-escaped, with the matched part in <mark>."),
  detail: z
    .string()
    .optional()
    .describe(
      "Plain text of what the record belongs to (an opportunity's organization and stage), when that helps.",
    ),
});
export type GlobalSearchResult = z.infer<typeof globalSearchResultSchema>;

/** GET /api/suggest/global-search/?term=: the best matches (at most 25); none for an empty term or a search out of time. */
export const globalSearchResponse = z.array(globalSearchResultSchema);
