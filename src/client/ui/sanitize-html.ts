// Keeps only the markup the rich text editor produces, for showing stored rich text read-only.
const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'H1',
  'H2',
  'H3',
  'OL',
  'UL',
  'LI',
  'SPAN',
]);

function clean(node: Node, doc: Document, extra: ReadonlySet<string>): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const children = Array.from(el.childNodes)
    .map((c) => clean(c, doc, extra))
    .filter((c): c is Node => c !== null);
  if (!ALLOWED.has(el.tagName) && !extra.has(el.tagName)) {
    // Unknown wrappers keep their text; script-like elements vanish with their content.
    if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'TEMPLATE'].includes(el.tagName)) return null;
    const fragment = doc.createDocumentFragment();
    for (const c of children) fragment.appendChild(c);
    return fragment;
  }
  const out = doc.createElement(el.tagName.toLowerCase());
  const list = el.getAttribute('data-list');
  if (el.tagName === 'LI' && list && /^(bullet|ordered)$/.test(list)) out.setAttribute('data-list', list);
  for (const c of children) out.appendChild(c);
  return out;
}

/** `extra`: more tags to keep (upper case, no attributes), e.g. MARK for search highlights. */
export function sanitizeRichText(html: string, extra: readonly string[] = []): string {
  const keep = new Set(extra);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const holder = doc.createElement('div');
  for (const child of Array.from(doc.body.childNodes)) {
    const c = clean(child, doc, keep);
    if (c) holder.appendChild(c);
  }
  return holder.innerHTML;
}
