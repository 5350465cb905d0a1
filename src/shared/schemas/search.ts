// Global search (SPEC §3 "Global search result", §7 GET /api/suggest/global-search/).
import { z } from 'zod';

export const GLOBAL_SEARCH_LIMIT = 25;
export const GLOBAL_SEARCH_MAX_TERM = 100;

export const globalSearchQuery = z.object({
  term: z.string().trim().max(GLOBAL_SEARCH_MAX_TERM).optional(),
});

export type GlobalSearchResult = {
  /** What was found: the organization, person, device… */
  name: string;
  /** The client path of its screen. */
  route: string;
  /** The field that matched, e.g. "Serial Number". */
  field_label: string;
  /** The matched field's text, HTML-escaped, with the matched part in <mark>. */
  value: string;
  /** Plain text of what the record belongs to (an opportunity's organization and stage), when that helps. */
  detail?: string;
};
