// Stored rich text shown read-only: the one sanitiser (DOMPurify, which the server runs too) with the one allow-list
// (shared/html-allow-list), so only the editor's markup is shown.
import DOMPurify from 'dompurify';
import { attributeAllowed, RICH_TEXT_HTML, sanitizerConfig } from '../../shared/html-allow-list';

let purify: typeof DOMPurify | null = null;

/** A DOMPurify of its own (hooks belong to an instance), made on first use. */
function instance(): typeof DOMPurify {
  if (!purify) {
    purify = DOMPurify(window);
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      if (!attributeAllowed(RICH_TEXT_HTML, node.nodeName.toLowerCase(), data.attrName, data.attrValue))
        data.keepAttr = false;
    });
  }
  return purify;
}

/** `extra`: more tags to keep (upper case, no attributes), e.g. MARK for search highlights. */
export function sanitizeRichText(html: string, extra: readonly string[] = []): string {
  return instance().sanitize(html, sanitizerConfig(RICH_TEXT_HTML, extra));
}
