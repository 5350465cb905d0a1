// GET /api/resources/docs/:book (table of contents with each page's sections, for the search) and
// GET /api/resources/docs/:book/:page (title, sanitized HTML, headings, previous and next): every signed-in user.
import type { FastifyInstance } from 'fastify';
import { DOC_PAGE_PATTERN, isDocBook } from '../../../shared/schemas/documentation.js';
import { notFound } from '../../platform/errors.js';
import { createDocsLibrary, findDocsRoot } from './docs.service.js';

export function documentationRoutes(app: FastifyInstance, options: { root?: string } = {}): void {
  const library = createDocsLibrary(options.root ?? (() => findDocsRoot()));
  app.get<{ Params: { book: string } }>('/api/resources/docs/:book', async (request) => {
    const { book } = request.params;
    if (!isDocBook(book)) throw notFound();
    return (await library(book)).toc;
  });

  app.get<{ Params: { book: string; page: string } }>('/api/resources/docs/:book/:page', async (request) => {
    const { book, page } = request.params;
    if (!isDocBook(book) || !DOC_PAGE_PATTERN.test(page)) throw notFound();
    const found = (await library(book)).pages.get(page);
    if (!found) throw notFound();
    return found;
  });
}
