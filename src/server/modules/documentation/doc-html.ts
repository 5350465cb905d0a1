// The documentation's HTML after marked: sanitised with the book's allow-list (shared/html-allow-list: the rich text's
// keeps too little for docs: no links, code or tables), and read into sections for the book's search.
import { Parser } from 'htmlparser2';
import { DOC_BOOK_HTML, SAFE_HREF } from '../../../shared/html-allow-list.js';
import type { DocSection } from '../../../shared/schemas/documentation.js';
import { htmlSanitizer, type KeptElement } from '../../platform/html-sanitizer.js';

const HEADING = /^h([1-6])$/;
const SECTION_LEVELS = 3;

/** Links only to pages of the app, anchors, http(s) and mail. */
export const safeHref = (href: string): boolean => SAFE_HREF.test(href.trim());

/** Attributes in the list's order; a link out of the app opens apart, telling the other site nothing. */
function finish(element: KeptElement): void {
  const tag = element.nodeName.toLowerCase();
  const kept = Array.from(element.attributes, (a) => [a.name, a.value] as const);
  for (const [name] of kept) element.removeAttribute(name);
  for (const name of Object.keys(DOC_BOOK_HTML.attributes[tag] ?? {})) {
    const value = kept.find(([n]) => n === name)?.[1];
    if (value !== undefined) element.setAttribute(name, value);
  }
  const href = element.getAttribute('href');
  if (tag === 'a' && href && /^https?:/i.test(href.trim())) {
    element.setAttribute('rel', 'noopener noreferrer');
    element.setAttribute('target', '_blank');
  }
}

const sanitize = htmlSanitizer(DOC_BOOK_HTML, finish);

/** The HTML with only allowed tags and attributes (others unwrapped, keeping their text), and its sections. */
export function sanitizeDocHtml(raw: string): { html: string; sections: DocSection[] } {
  const html = sanitize(raw);
  const sections: DocSection[] = [];
  let section: DocSection | null = null;
  let headingText: string | null = null;
  let headingLevel = 0;
  let headingId = '';
  let inAnchorLink = false;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const heading = HEADING.exec(name);
        if (heading) {
          headingLevel = Number(heading[1]);
          headingId = attribs.id ?? '';
          headingText = '';
        }
        if (name === 'a' && attribs.class === 'sd-doc-anchor') inAnchorLink = true;
      },
      ontext(text) {
        if (inAnchorLink) return;
        if (headingText !== null) headingText += text;
        else if (section) section.text += text;
      },
      onclosetag(name) {
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
  for (const s of sections) s.text = s.text.replace(/\s+/g, ' ').trim();
  return { html, sections };
}
