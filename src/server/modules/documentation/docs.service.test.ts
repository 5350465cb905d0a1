// The documentation books: rendering (anchors, links, no markup passed through), the sanitizer, and the books in
// the repository themselves (every page listed, renders, and every link between pages lands on a page).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchPath } from '../../../shared/routes/index.js';
import { DOC_BOOK_IDS, DOC_BOOKS } from '../../../shared/schemas/documentation.js';
import { sanitizeDocHtml } from './doc-html.js';
import {
  anchorOf,
  createDocsLibrary,
  findDocsRoot,
  linkTarget,
  loadBook,
  parseToc,
  renderPage,
} from './docs.service.js';

describe('renderPage', () => {
  it('gives headings unique anchors with a link to themselves, and finds the title', () => {
    const page = renderPage(
      '# The Title\n\n## Setting up\n\ntext\n\n## Setting up\n\n### A `code` part\n',
      'user',
    );
    expect(page.title).toBe('The Title');
    expect(page.headings.map((h) => h.anchor)).toEqual([
      'the-title',
      'setting-up',
      'setting-up-1',
      'a-code-part',
    ]);
    expect(page.html).toContain('<h2 id="setting-up">Setting up <a href="#setting-up" class="sd-doc-anchor"');
    expect(page.html).toContain('<h2 id="setting-up-1">');
  });

  it('shows raw HTML as text, never as markup', () => {
    const page = renderPage(
      '# T\n\n<script>alert(1)</script>\n\nInline <img src=x onerror=alert(1)> here.\n',
      'user',
    );
    expect(page.html).not.toMatch(/<script|<img/i);
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('keeps safe links, turns links to pages into app paths and drops unsafe schemes', () => {
    const md = [
      '# T',
      '[next](logging-time.md#keyboard) [other](../scripting/overview.md) [web](https://example.com/a)',
      '[bad](javascript:alert(1)) [data](data:text/html,x) [mail](mailto:it@example.com) [vb](vbscript:x)',
    ].join('\n\n');
    const { html } = renderPage(md, 'user');
    expect(html).toContain('<a href="/resources/documentation/logging-time#keyboard">next</a>');
    expect(html).toContain('<a href="/resources/documentation-scripting/overview">other</a>');
    expect(html).toContain(
      '<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">web</a>',
    );
    expect(html).toContain('<a href="mailto:it@example.com">mail</a>');
    expect(html).not.toMatch(/javascript:|data:text|vbscript:/);
    expect(html).toContain('bad');
  });

  it('escapes code and renders tables', () => {
    const { html } = renderPage(
      '# T\n\n```sh\necho "<b>" && ls\n```\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n',
      'dev',
    );
    expect(html).toContain('<pre><code class="language-sh">echo "&lt;b&gt;" &amp;&amp; ls');
    expect(html).toContain('<td align="right">2</td>');
  });
});

describe('sanitizeDocHtml', () => {
  it('keeps only allowed tags and attributes, drops scripts with their content', () => {
    const { html } = sanitizeDocHtml(
      '<p onclick="x()" style="color:red">Hi <span>there</span><script>evil()</script></p>' +
        '<a href="javascript:alert(1)">js</a><a href="//evil.example/x">proto</a><a href="/ok" target="_top">ok</a>' +
        '<iframe src="https://evil.example"></iframe><h2 id="Bad Id">H</h2>',
    );
    expect(html).toBe('<p>Hi there</p><a>js</a><a>proto</a><a href="/ok">ok</a><h2>H</h2>');
  });

  it('reads sections for the search: heading, anchor and the text under it', () => {
    const { sections } = sanitizeDocHtml(
      '<h1 id="t">Title</h1><p>Intro</p><h2 id="a">Alpha <a class="sd-doc-anchor" href="#a">#</a></h2><p>one</p><ul><li>two</li></ul><h4 id="d">Deep</h4><p>three</p>',
    );
    expect(sections).toEqual([
      { anchor: 't', title: 'Title', level: 1, text: 'Intro' },
      { anchor: 'a', title: 'Alpha', level: 2, text: 'one two Deep three' },
    ]);
  });
});

describe('links and the table of contents', () => {
  it('anchorOf makes lower-case hyphenated anchors', () => {
    expect(anchorOf('Two-factor sign-in (TOTP)')).toBe('two-factor-sign-in-totp');
    expect(anchorOf('Café & más')).toBe('cafe-mas');
    expect(anchorOf('***')).toBe('section');
  });

  it('linkTarget refuses protocol-relative and unknown schemes', () => {
    expect(linkTarget('//evil.example', 'user')).toBeNull();
    expect(linkTarget('ftp://x', 'user')).toBeNull();
    expect(linkTarget('#x', 'user')).toBe('#x');
    expect(linkTarget('monitoring.md', 'dev')).toBe('/resources/documentation-dev/monitoring');
  });

  it('parseToc reads groups and items in order, ignoring other lines', () => {
    expect(
      parseToc('# Book\n\n## Start\n- [One](one.md)\n\ntext\n## More\n* [Two](two-b.md)\n- [Bad](../x.md)\n'),
    ).toEqual([
      { title: 'One', slug: 'one', group: 'Start' },
      { title: 'Two', slug: 'two-b', group: 'More' },
    ]);
  });
});

describe('createDocsLibrary', () => {
  it('reads a book once and keeps it; a failed read is tried again next time', async () => {
    let found = 0;
    let missing = true;
    const library = createDocsLibrary(() => {
      found += 1;
      if (missing) throw new Error('No docs/ folder above /nowhere');
      return findDocsRoot();
    });
    await expect(library('user')).rejects.toThrow(/No docs/);
    missing = false;
    const first = await library('user');
    expect(await library('user')).toBe(first);
    expect(found).toBe(2);
    expect(first.toc.pages.length).toBeGreaterThan(0);
  });
});

describe('the books in the repository', () => {
  const root = findDocsRoot();

  it.each(DOC_BOOK_IDS)(
    '%s: every Markdown file is in the contents, renders with a title, and its links land',
    async (book) => {
      const loaded = await loadBook(root, book);
      const files = readdirSync(join(root, book))
        .filter((f) => f.endsWith('.md') && !f.startsWith('_'))
        .map((f) => f.replace(/\.md$/, ''))
        .sort();
      expect(loaded.toc.pages.map((p) => p.slug).sort()).toEqual(files);
      const all = await Promise.all(DOC_BOOK_IDS.map((b) => loadBook(root, b)));
      const anchorsOf = (path: string) => {
        const match = matchPath(path);
        // The developer book's monitoring page has a route of its own (monitoring_docs).
        const monitoring = match?.route.name === 'monitoring_docs';
        const bookIndex = monitoring
          ? DOC_BOOK_IDS.indexOf('dev')
          : DOC_BOOK_IDS.findIndex((b) => DOC_BOOKS[b].pageRoute === match?.route.name);
        const slug = monitoring ? 'monitoring' : match?.params.page;
        return slug && bookIndex >= 0
          ? all[bookIndex]!.pages.get(slug)?.headings.map((h) => h.anchor)
          : undefined;
      };
      for (const page of loaded.pages.values()) {
        expect(page.title, page.slug).not.toBe('');
        for (const [, href] of page.html.matchAll(/href="([^"]+)"/g)) {
          if (/^(https?:|mailto:)/.test(href!)) continue;
          const [path, hash] = href!.split('#');
          const anchors = path ? anchorsOf(path) : page.headings.map((h) => h.anchor);
          expect(anchors, `${page.slug}: ${href}`).toBeDefined();
          if (hash) expect(anchors, `${page.slug}: ${href}`).toContain(hash);
        }
      }
    },
  );

  it('the developer book has the monitoring page with every metric SD6 exports', async () => {
    const dev = await loadBook(root, 'dev');
    const html = dev.pages.get('monitoring')!.html;
    for (const name of [
      'sd6_http_requests_total',
      'sd6_http_request_duration_seconds',
      'sd6_db_pool_connections',
      'sd6_db_pool_max',
      '/healthz',
      '/readyz',
      '/metrics',
    ]) {
      expect(html).toContain(name);
    }
  });
});
