// The book's search: every word typed must appear in a section's heading or text (any case); results in book order.
import type { DocTocPage } from '../../../shared/schemas/documentation';

export type DocHit = { slug: string; pageTitle: string; anchor: string; title: string; snippet: string };

export const SEARCH_MIN = 2;
const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 140;
export const HITS_MAX = 30;

const words = (query: string) =>
  query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 0);

/** The text around the first word found, cut at word boundaries, with ellipses where cut. */
function snippet(text: string, first: string): string {
  const at = text.toLowerCase().indexOf(first);
  if (at < 0)
    return text.length > SNIPPET_LENGTH ? `${text.slice(0, SNIPPET_LENGTH).replace(/\s\S*$/, '')}…` : text;
  let start = Math.max(0, at - SNIPPET_BEFORE);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(' ', end) > at ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

export function searchBook(pages: DocTocPage[], query: string): DocHit[] {
  const terms = words(query);
  if (query.trim().length < SEARCH_MIN || terms.length === 0) return [];
  const hits: DocHit[] = [];
  for (const page of pages) {
    for (const section of page.sections) {
      const title = section.title.toLowerCase();
      const text = section.text.toLowerCase();
      if (!terms.every((t) => title.includes(t) || text.includes(t))) continue;
      hits.push({
        slug: page.slug,
        pageTitle: page.title,
        anchor: section.anchor,
        title: section.title,
        snippet: snippet(section.text, terms.find((t) => text.includes(t)) ?? terms[0]!),
      });
      if (hits.length >= HITS_MAX) return hits;
    }
  }
  return hits;
}
