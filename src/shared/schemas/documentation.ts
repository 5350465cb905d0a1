// The documentation books under Resources (docs/<book>/*.md, rendered on the server): their tables of contents and
// pages, as GET /api/resources/docs/:book and GET /api/resources/docs/:book/:page answer them.
import { z } from 'zod';
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

export const docBookSchema = z.enum(Object.keys(DOC_BOOKS) as [DocBookId, ...DocBookId[]]);
const anchor = z.string().describe("The heading's id in the page's HTML.");

/** A heading of a page and the text under it up to the next heading, for the book's search. */
export const docSectionSchema = z.object({
  anchor,
  title: z.string(),
  level: z.number().int().describe('The heading level (1-6).'),
  text: z.string().describe('The plain text under the heading, up to the next one.'),
});
export type DocSection = z.infer<typeof docSectionSchema>;

export const docTocPageSchema = z.object({
  slug: z.string().describe('The page file name without .md.'),
  title: z.string(),
  group: z.string().nullable().describe('The group the contents list the page under; null: none.'),
  sections: z.array(docSectionSchema),
});
export type DocTocPage = z.infer<typeof docTocPageSchema>;

/** GET /api/resources/docs/{book}: the book's table of contents, with each page's sections for the search. */
export const docTocSchema = z.object({
  book: docBookSchema,
  title: z.string(),
  pages: z.array(docTocPageSchema),
});
export type DocToc = z.infer<typeof docTocSchema>;

export const docLinkSchema = z.object({ slug: z.string(), title: z.string() });
export type DocLink = z.infer<typeof docLinkSchema>;

/** GET /api/resources/docs/{book}/{page}: one page. */
export const docPageSchema = z.object({
  book: docBookSchema,
  slug: z.string(),
  title: z.string(),
  /** Sanitized HTML of the page; headings carry ids (anchors). */
  html: z.string().describe('Sanitized HTML of the page; headings carry ids (anchors).'),
  headings: z.array(z.object({ anchor, title: z.string(), level: z.number().int() })),
  previous: docLinkSchema.nullable().describe('The page before in the contents; null on the first.'),
  next: docLinkSchema.nullable().describe('The page after in the contents; null on the last.'),
});
export type DocPage = z.infer<typeof docPageSchema>;
