// The one allow-list of HTML, as data: what rich text and the documentation book may contain. The server and the
// browser sanitise with one library (DOMPurify) configured from here: a tag not listed is unwrapped (its text kept),
// a tag of DROPPED_WITH_CONTENT goes with everything inside it, and an attribute stays only where its tag lists it
// and its value matches the pattern.

export type HtmlAllowList = {
  /** Tags kept, lower case. */
  tags: readonly string[];
  /** Per tag, the attributes kept and the pattern each value must match. */
  attributes: Readonly<Record<string, Readonly<Record<string, RegExp>>>>;
};

/** Removed with everything inside them, in every list: never text a reader meant to keep. */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'select',
  'head',
  'title',
  'svg',
  'math',
  'canvas',
  'video',
  'audio',
] as const;

/** The rich text editor's formats (SPEC §9) with their synonyms, as stored and shown. */
const EDITOR_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ins', 's', 'strike', 'del', 'ol', 'ul', 'li'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
/** Blocks the server reads as paragraphs of their own (pasted from elsewhere; PDFs and exports lay them out so). */
export const PARAGRAPH_BLOCKS = [
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'blockquote',
  'pre',
  'address',
  'figure',
  'figcaption',
  'table',
  'tr',
  'dl',
  'dt',
  'dd',
  'hr',
];

/** Rich text (descriptions, notes, proposal terms): no link, image, style or attribute but the editor's list marks. */
export const RICH_TEXT_HTML: HtmlAllowList = {
  // span: the editor's inline spans, kept as runs.
  tags: [...EDITOR_TAGS, ...HEADINGS, ...PARAGRAPH_BLOCKS, 'span'],
  attributes: { li: { 'data-list': /^(bullet|ordered)$/ } },
};

/** Links only to pages of the app, anchors, http(s) and mail (the value is trimmed first). */
export const SAFE_HREF = /^(?:#[\w-]*|\/(?!\/)[^\s\\]*|(?:https?:\/\/|mailto:)[^\s\\]+)$/i;

const HEADING_ID = { id: /^[a-z0-9-]+$/ };

/**
 * The documentation book (Markdown rendered on the server): headings with anchors, code, tables and links as well,
 * but none of the rich text's loose blocks and synonyms. Attributes are written in the order listed here.
 */
export const DOC_BOOK_HTML: HtmlAllowList = {
  tags: [
    ...HEADINGS,
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
  ],
  attributes: {
    ...Object.fromEntries(HEADINGS.map((h) => [h, HEADING_ID])),
    a: { href: SAFE_HREF, class: /^sd-doc-anchor$/, 'aria-label': /^/ },
    code: { class: /^language-[\w-]+$/ },
    th: { align: /^(left|right|center)$/ },
    td: { align: /^(left|right|center)$/ },
    ol: { start: /^\d{1,6}$/ },
  },
};

/** Whether `list` keeps attribute `name` with `value` on `tag` (lower case). */
export function attributeAllowed(list: HtmlAllowList, tag: string, name: string, value: string): boolean {
  const pattern = list.attributes[tag]?.[name];
  return pattern?.test(name === 'href' ? value.trim() : value) ?? false;
}

/**
 * The library's settings for `list` (DOMPurify's names), the same on both sides; `extraTags` adds tags kept without
 * attributes (the search's highlights). Attributes are then checked per tag by attributeAllowed, in a hook.
 */
export function sanitizerConfig(list: HtmlAllowList, extraTags: readonly string[] = []) {
  return {
    ALLOWED_TAGS: [...list.tags, ...extraTags.map((t) => t.toLowerCase())],
    ALLOWED_ATTR: [...new Set(Object.values(list.attributes).flatMap((a) => Object.keys(a)))],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
    // Ids are checked by the list's pattern; the library's own check would drop ids such as "title" or "forms".
    SANITIZE_DOM: false,
  };
}
