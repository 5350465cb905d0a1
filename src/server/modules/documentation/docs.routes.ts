// GET /api/resources/docs/:book (table of contents with each page's sections, for the search) and
// GET /api/resources/docs/:book/:page (title, sanitized HTML, headings, previous and next): every signed-in user.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOC_PAGE_PATTERN,
  docBookSchema,
  docPageSchema,
  docTocSchema,
} from '../../../shared/schemas/documentation.js';
import { notFound } from '../../platform/errors.js';
import { createDocsLibrary, findDocsRoot } from './docs.service.js';

export function documentationRoutes(app: FastifyInstance, options: { root?: string } = {}): void {
  const library = createDocsLibrary(options.root ?? (() => findDocsRoot()));
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A book or page name that is not one names nothing: 404, as for a page that does not exist.
  api.get(
    '/api/resources/docs/:book',
    { schema: { params: z.object({ book: docBookSchema }), response: { 200: docTocSchema } } },
    async (request) => (await library(request.params.book)).toc,
  );

  api.get(
    '/api/resources/docs/:book/:page',
    {
      schema: {
        params: z.object({ book: docBookSchema, page: z.string().max(100).regex(DOC_PAGE_PATTERN) }),
        response: { 200: docPageSchema },
      },
    },
    async (request) => {
      const { book, page } = request.params;
      const found = (await library(book)).pages.get(page);
      if (!found) throw notFound();
      return found;
    },
  );
}
