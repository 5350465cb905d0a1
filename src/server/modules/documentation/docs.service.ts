// The documentation books (docs/<book>/*.md in the repository): read once, rendered with marked, sanitized, kept in
// memory. Each book's docs/<book>/_toc.md lists its pages in order ("- [Title](page.md)", optional "## Group" lines).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked, type Tokens } from 'marked';
import { pathFor } from '../../../shared/routes/index.js';
import {
  DOC_BOOKS,
  DOC_PAGE_PATTERN,
  type DocBookId,
  type DocPage,
  type DocSection,
  type DocToc,
} from '../../../shared/schemas/documentation.js';
import { sanitizeDocHtml } from './doc-html.js';

type LoadedPage = Omit<DocPage, 'previous' | 'next'> & { group: string | null; sections: DocSection[] };
export type LoadedBook = { toc: DocToc; pages: Map<string, DocPage> };

/**
 * The project root: the nearest folder above this module holding docs/ and package.json. The same walk finds it
 * from src/server/modules/documentation (tsx) and from dist/server (the built bundle).
 */
export function findDocsRoot(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'docs', 'user', '_toc.md')) && existsSync(join(dir, 'package.json'))) {
      return join(dir, 'docs');
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`No docs/ folder above ${start}`);
    dir = up;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A heading's anchor: lower-case words joined by hyphens ("Two-factor sign-in" -> "two-factor-sign-in"). */
export function anchorOf(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
  return slug || 'section';
}

const SAFE_SCHEMES = /^(https?:|mailto:)/i;

/** Where a link of a page goes: other pages of the book become app paths, unsafe schemes go nowhere. */
export function linkTarget(href: string, book: DocBookId): string | null {
  const trimmed = href.trim();
  if (trimmed.startsWith('#')) return trimmed;
  const page = /^(?:\.\/)?([a-z0-9-]+)\.md(#[\w-]+)?$/.exec(trimmed);
  if (page) return pathFor(DOC_BOOKS[book].pageRoute, { page: page[1]! }) + (page[2] ?? '');
  const other = /^\.\.\/(user|dev|scripting)\/([a-z0-9-]+)\.md(#[\w-]+)?$/.exec(trimmed);
  if (other) {
    return pathFor(DOC_BOOKS[other[1] as DocBookId].pageRoute, { page: other[2]! }) + (other[3] ?? '');
  }
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  if (SAFE_SCHEMES.test(trimmed)) return trimmed;
  return null;
}

/** Renders one page: headings get unique ids, raw HTML shows as text, links are checked; then sanitized. */
export function renderPage(markdown: string, book: DocBookId) {
  const used = new Map<string, number>();
  const headings: DocPage['headings'] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const base = anchorOf(token.text.replace(/[`*_]/g, ''));
        const count = used.get(base) ?? 0;
        used.set(base, count + 1);
        const anchor = count === 0 ? base : `${base}-${count}`;
        const title = token.text.replace(/[`*_]/g, '');
        headings.push({ anchor, title, level: token.depth });
        const link =
          token.depth > 1
            ? ` <a class="sd-doc-anchor" href="#${anchor}" aria-label="Link to ${escapeHtml(title)}">#</a>`
            : '';
        return `<h${token.depth} id="${anchor}">${inner}${link}</h${token.depth}>\n`;
      },
      // The files are ours; still, no markup passes through as markup.
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
      link(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const href = linkTarget(token.href, book);
        if (!href) return inner;
        const external = /^https?:/i.test(href);
        const attrs = external ? ' rel="noopener noreferrer" target="_blank"' : '';
        return `<a href="${escapeHtml(href)}"${attrs}>${inner}</a>`;
      },
      image(token: Tokens.Image) {
        return escapeHtml(token.text);
      },
    },
  });
  const raw = marked.parse(markdown, { async: false });
  const { html, sections } = sanitizeDocHtml(raw);
  const title = headings.find((h) => h.level === 1)?.title ?? headings[0]?.title ?? '';
  return { html, headings, sections, title };
}

type TocEntry = { slug: string; title: string; group: string | null };

/** "## Group" lines and "- [Title](page.md)" items, in order. */
export function parseToc(text: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let group: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading) {
      group = heading[1]!;
      continue;
    }
    const item = /^\s*[-*]\s+\[([^\]]+)\]\(([a-z0-9-]+)\.md\)\s*$/.exec(line);
    if (item && DOC_PAGE_PATTERN.test(item[2]!)) entries.push({ title: item[1]!, slug: item[2]!, group });
  }
  return entries;
}

export async function loadBook(root: string, book: DocBookId): Promise<LoadedBook> {
  const folder = join(root, book);
  const entries = parseToc(await readFile(join(folder, '_toc.md'), 'utf8'));
  const loaded: LoadedPage[] = [];
  for (const entry of entries) {
    const rendered = renderPage(await readFile(join(folder, `${entry.slug}.md`), 'utf8'), book);
    loaded.push({
      book,
      slug: entry.slug,
      title: rendered.title || entry.title,
      html: rendered.html,
      headings: rendered.headings,
      sections: rendered.sections,
      group: entry.group,
    });
  }
  const pages = new Map<string, DocPage>();
  loaded.forEach((page, i) => {
    const link = (p: LoadedPage | undefined) => (p ? { slug: p.slug, title: p.title } : null);
    const { group: _group, sections: _sections, ...rest } = page;
    pages.set(page.slug, { ...rest, previous: link(loaded[i - 1]), next: link(loaded[i + 1]) });
  });
  return {
    toc: {
      book,
      title: DOC_BOOKS[book].title,
      pages: loaded.map((p) => ({ slug: p.slug, title: p.title, group: p.group, sections: p.sections })),
    },
    pages,
  };
}

/**
 * Each book read and rendered on first use, then served from memory. `root` may be a function: the folder is then
 * found on first use, so an installation without docs/ still starts (and only the books fail).
 */
export function createDocsLibrary(root: string | (() => string)) {
  const books = new Map<DocBookId, Promise<LoadedBook>>();
  return (book: DocBookId): Promise<LoadedBook> => {
    let loading = books.get(book);
    if (!loading) {
      loading = (async () => loadBook(typeof root === 'string' ? root : root(), book))();
      // A failed read is not kept: the next call tries again.
      loading.catch(() => books.delete(book));
      books.set(book, loading);
    }
    return loading;
  };
}
