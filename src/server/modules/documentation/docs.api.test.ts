// GET /api/resources/docs/:book and /:book/:page: every signed-in user reads every book (the developer book too);
// unknown books and pages are 404; the HTML served carries no markup beyond the allowlist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import type { DocPage, DocToc } from '../../../shared/schemas/documentation.js';

let api: ApiHarness;
let tech: Awaited<ReturnType<ApiHarness['signIn']>>;
beforeAll(async () => {
  api = await setupApi();
  const user = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  tech = await api.signIn(user.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

describe('documentation books', () => {
  it('needs a session', async () => {
    const res = await api.anonymous.get('/api/resources/docs/user');
    expect(res.statusCode).toBe(401);
    expect((await api.anonymous.get('/api/resources/docs/user/logging-time')).statusCode).toBe(401);
  });

  it.each([
    ['user', 'Documentation', 'getting-started'],
    ['dev', 'Documentation (Dev)', 'architecture'],
    ['scripting', 'RMM Scripting Documentation', 'overview'],
  ])(
    'a technician reads the %s book: its ordered contents with sections to search',
    async (book, title, first) => {
      const res = await tech.get(`/api/resources/docs/${book}`);
      expect(res.statusCode).toBe(200);
      const toc = res.json() as DocToc;
      expect(toc.title).toBe(title);
      expect(toc.pages[0]?.slug).toBe(first);
      expect(toc.pages.length).toBeGreaterThan(4);
      for (const page of toc.pages) {
        expect(page.title).not.toBe('');
        expect(page.sections.length).toBeGreaterThan(0);
      }
    },
  );

  it('serves a page: title, HTML with anchored headings, headings, previous and next', async () => {
    const toc = (await tech.get('/api/resources/docs/user')).json() as DocToc;
    const index = toc.pages.findIndex((p) => p.slug === 'logging-time');
    const res = await tech.get('/api/resources/docs/user/logging-time');
    expect(res.statusCode).toBe(200);
    const page = res.json() as DocPage;
    expect(page.title).toBe('Logging time');
    expect(page.headings).toContainEqual({ anchor: 'keyboard', title: 'Keyboard', level: 3 });
    expect(page.html).toContain('<h3 id="keyboard">');
    expect(page.previous).toEqual({ slug: toc.pages[index - 1]!.slug, title: toc.pages[index - 1]!.title });
    expect(page.next).toEqual({ slug: toc.pages[index + 1]!.slug, title: toc.pages[index + 1]!.title });
    const first = (await tech.get(`/api/resources/docs/user/${toc.pages[0]!.slug}`)).json() as DocPage;
    expect(first.previous).toBeNull();
    const last = (await tech.get(`/api/resources/docs/user/${toc.pages.at(-1)!.slug}`)).json() as DocPage;
    expect(last.next).toBeNull();
  });

  it('serves the monitoring page of the developer book to every signed-in user', async () => {
    const res = await tech.get('/api/resources/docs/dev/monitoring');
    expect(res.statusCode).toBe(200);
    const page = res.json() as DocPage;
    expect(page.title).toBe('Monitoring');
    expect(page.html).toContain('sd6_http_request_duration_seconds');
  });

  it('answers 404 for an unknown book or page, and for names that are not page names', async () => {
    for (const url of [
      '/api/resources/docs/secret',
      '/api/resources/docs/__proto__',
      '/api/resources/docs/user/no-such-page',
      '/api/resources/docs/user/_toc',
      '/api/resources/docs/user/..%2Fdev%2Fmonitoring',
      '/api/resources/docs/user/Logging-Time',
      '/api/resources/docs/constructor/x',
    ]) {
      const res = await tech.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('serves only allowlisted markup: no scripts, event handlers, styles or unsafe links in any page', async () => {
    for (const book of ['user', 'dev', 'scripting']) {
      const toc = (await tech.get(`/api/resources/docs/${book}`)).json() as DocToc;
      for (const { slug } of toc.pages) {
        const { html } = (await tech.get(`/api/resources/docs/${book}/${slug}`)).json() as DocPage;
        expect(html, slug).not.toMatch(/<(script|style|iframe|img|object|embed)\b/i);
        expect(html, slug).not.toMatch(/\son\w+=|\sstyle=/i);
        for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
          expect(href, slug).toMatch(/^(#[\w-]+|\/[^/]|https?:\/\/|mailto:)/);
        }
      }
    }
  });
});
