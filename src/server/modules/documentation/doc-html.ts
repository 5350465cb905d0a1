// The documentation's HTML after marked: rebuilt from an allowlist of tags and attributes (the editor's rich-text
// sanitizer keeps too little for docs: no links, code or tables), and read into sections for the book's search.
import { Parser } from 'htmlparser2';
import type { DocSection } from '../../../shared/schemas/documentation.js';

const TAGS = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
]);
const VOID = new Set(['br', 'hr']);
// Dropped with everything inside them.
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'noscript',
]);
const HEADING = /^h([1-6])$/;
const SECTION_LEVELS = 3;

const escapeText = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
const escapeAttr = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Links only to pages of the app, anchors, http(s) and mail. */
export function safeHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith('#')) return /^#[\w-]*$/.test(value);
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  return /^(https?:\/\/|mailto:)[^\s\\]+$/i.test(value);
}

function allowedAttributes(tag: string, attribs: Record<string, string>): [string, string][] {
  const out: [string, string][] = [];
  const add = (name: string, ok: (v: string) => boolean) => {
    const value = attribs[name];
    if (value !== undefined && ok(value)) out.push([name, value]);
  };
  if (HEADING.test(tag)) add('id', (v) => /^[a-z0-9-]+$/.test(v));
  if (tag === 'a') {
    add('href', safeHref);
    add('class', (v) => v === 'sd-doc-anchor');
    add('aria-label', () => true);
    if (attribs.href && /^https?:/i.test(attribs.href.trim())) {
      out.push(['rel', 'noopener noreferrer'], ['target', '_blank']);
    }
  }
  if (tag === 'code') add('class', (v) => /^language-[\w-]+$/.test(v));
  if (tag === 'th' || tag === 'td') add('align', (v) => /^(left|right|center)$/.test(v));
  if (tag === 'ol') add('start', (v) => /^\d{1,6}$/.test(v));
  return out;
}

/** The HTML with only allowed tags and attributes (others unwrapped, keeping their text), and its sections. */
export function sanitizeDocHtml(html: string): { html: string; sections: DocSection[] } {
  const parts: string[] = [];
  const open: string[] = [];
  const sections: DocSection[] = [];
  let dropped = 0;
  let section: DocSection | null = null;
  let headingText: string | null = null;
  let headingLevel = 0;
  let headingId = '';
  let inAnchorLink = false;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (dropped > 0 || DROPPED.has(name)) {
          dropped += 1;
          return;
        }
        if (!TAGS.has(name)) return;
        const heading = HEADING.exec(name);
        if (heading) {
          headingLevel = Number(heading[1]);
          headingId = attribs.id ?? '';
          headingText = '';
        }
        if (name === 'a' && attribs.class === 'sd-doc-anchor') inAnchorLink = true;
        const attrs = allowedAttributes(name, attribs)
          .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
          .join('');
        parts.push(`<${name}${attrs}>`);
        if (!VOID.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropped > 0) return;
        parts.push(escapeText(text));
        if (inAnchorLink) return;
        if (headingText !== null) headingText += text;
        else if (section) section.text += text;
      },
      onclosetag(name) {
        if (dropped > 0) {
          dropped -= 1;
          return;
        }
        if (!TAGS.has(name) || VOID.has(name)) return;
        // Close only what was opened (htmlparser2 balances the tags).
        const at = open.lastIndexOf(name);
        if (at === -1) return;
        for (const tag of open.splice(at).reverse()) parts.push(`</${tag}>`);
        if (name === 'a') inAnchorLink = false;
        if (HEADING.test(name) && headingText !== null) {
          const title = headingText.trim();
          if (headingLevel <= SECTION_LEVELS && headingId) {
            section = { anchor: headingId, title, level: headingLevel, text: '' };
            sections.push(section);
          } else if (section) section.text += ` ${title} `;
          headingText = null;
        } else if (section && /^(p|li|td|th|pre|h[1-6])$/.test(name)) section.text += ' ';
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  for (const tag of open.reverse()) parts.push(`</${tag}>`);
  for (const s of sections) s.text = s.text.replace(/\s+/g, ' ').trim();
  return { html: parts.join(''), sections };
}
