// The server's HTML sanitiser: DOMPurify (the browser's too) in a jsdom window, configured from one of the
// allow-lists of shared/html-allow-list.ts.
import { createRequire } from 'node:module';
import createDOMPurify from 'dompurify';
import { attributeAllowed, type HtmlAllowList, sanitizerConfig } from '../../shared/html-allow-list.js';

/** What `finish` may read and change of a kept element (the server compiles without the DOM's types). */
export type KeptElement = {
  nodeName: string;
  readonly attributes: ArrayLike<{ name: string; value: string }>;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
};

export type HtmlSanitizer = (html: string) => string;

/**
 * A sanitiser keeping what `list` allows. `finish` may rework each element once its attributes are checked (the
 * book orders them and adds rel and target to outside links).
 */
export function htmlSanitizer(list: HtmlAllowList, finish?: (element: KeptElement) => void): HtmlSanitizer {
  let instance: ((html: string) => string) | undefined;
  // jsdom costs half a second and 60 MB to load: only on the first text sanitised, not at every start.
  return (html) => {
    instance ??= createSanitizer(list, finish);
    return instance(html);
  };
}

function createSanitizer(list: HtmlAllowList, finish?: (element: KeptElement) => void): HtmlSanitizer {
  const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
  // A window and a DOMPurify per list: hooks belong to an instance.
  const purify = createDOMPurify(new JSDOM('').window as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = (node as unknown as KeptElement).nodeName.toLowerCase();
    if (!attributeAllowed(list, tag, data.attrName, data.attrValue)) data.keepAttr = false;
  });
  if (finish) {
    purify.addHook('afterSanitizeAttributes', (node) => {
      // Text and comments pass through this hook too.
      if ((node as unknown as { nodeType: number }).nodeType === 1) finish(node as unknown as KeptElement);
    });
  }
  const config = sanitizerConfig(list);
  return (html) => purify.sanitize(html, config);
}
