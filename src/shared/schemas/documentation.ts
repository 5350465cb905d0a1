// The documentation books under Resources (docs/<book>/*.md, rendered on the server): their tables of contents and
// pages, as GET /api/resources/docs/:book and GET /api/resources/docs/:book/:page answer them.
import type { RouteName } from '../routes/index.js';

export const DOC_BOOKS = {
  user: { title: 'Documentation', route: 'documentation', pageRoute: 'documentation_page' },
  dev: { title: 'Documentation (Dev)', route: 'documentation_dev', pageRoute: 'documentation_dev_page' },
  scripting: {
    title: 'RMM Scripting Documentation',
    route: 'documentation_scripting',
    pageRoute: 'documentation_scripting_page',
  },
} as const satisfies Record<string, { title: string; route: RouteName; pageRoute: RouteName }>;

export type DocBookId = keyof typeof DOC_BOOKS;
export const DOC_BOOK_IDS = Object.keys(DOC_BOOKS) as DocBookId[];
export const isDocBook = (value: string): value is DocBookId => Object.hasOwn(DOC_BOOKS, value);

/** A page's file name without .md: lower-case words joined by hyphens. */
export const DOC_PAGE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A heading of a page and the text under it up to the next heading, for the book's search. */
export type DocSection = { anchor: string; title: string; level: number; text: string };
export type DocTocPage = { slug: string; title: string; group: string | null; sections: DocSection[] };
export type DocToc = { book: DocBookId; title: string; pages: DocTocPage[] };
export type DocLink = { slug: string; title: string };
export type DocPage = {
  book: DocBookId;
  slug: string;
  title: string;
  /** Sanitized HTML of the page; headings carry ids (anchors). */
  html: string;
  headings: { anchor: string; title: string; level: number }[];
  previous: DocLink | null;
  next: DocLink | null;
};
