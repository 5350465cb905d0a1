// Rich text on the server: what the editor writes survives unchanged, anything else is reduced to its formats (no
// attribute, link, style or script ever stored), and the blocks the PDF draws (headings, marks, numbered lists).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRichText, richTextPlain, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it.each([
    ['the editor’s own markup', '<h1>Payment</h1><p>Net <strong>30</strong> days</p>'],
    ['every mark', '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <strong><em>bi</em></strong></p>'],
    ['lists and a second heading', '<h2>Scope</h2><ol><li>One</li><li>Two</li></ol><ul><li>Dot</li></ul>'],
    ['a line break and a blank line', '<p>Line one<br>Line two</p><p><br></p><p>After a gap</p>'],
    ['text that looks like markup', '<p>1 &lt; 2 &amp;&amp; "quotes" &gt; 0</p>'],
    ['names in any script', '<p>Zoë Łukasiewicz · 5 €</p>'],
  ])('keeps %s', (_name, html) => {
    expect(sanitizeRichText(html)).toBe(html.replace(/"quotes"/, '&quot;quotes&quot;'));
  });

  it.each([
    ['a script and its text', '<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['event handlers and styles', '<p onclick="x()" style="color:red">Hi</p>', '<p>Hi</p>'],
    ['links (their text stays)', '<p><a href="javascript:alert(1)">click</a> here</p>', '<p>click here</p>'],
    [
      'images and iframes',
      '<p>a<img src=x onerror=alert(1)>b<iframe src="//evil"></iframe></p>',
      '<p>ab</p>',
    ],
    [
      'unknown wrappers',
      '<section><span class="x">Hi</span> <font>there</font></section>',
      '<p>Hi there</p>',
    ],
    [
      'synonyms of the marks',
      '<p><b>b</b><i>i</i><strike>s</strike><del>d</del><ins>u</ins></p>',
      '<p><strong>b</strong><em>i</em><s>sd</s><u>u</u></p>',
    ],
    ['deeper headings as the second', '<h4>Deep</h4>', '<h2>Deep</h2>'],
    [
      'the editor’s bullet items inside <ol>',
      '<ol><li data-list="bullet">a</li><li data-list="bullet">b</li></ol>',
      '<ul><li>a</li><li>b</li></ul>',
    ],
    ['loose text', 'plain <b>text</b>', '<p>plain <strong>text</strong></p>'],
    ['source whitespace', '<p>\n  a   lot\n of   space  </p>\n\n<p>x</p>', '<p>a lot of space</p><p>x</p>'],
    ['blank lines at either end', '<p><br></p><p>Text</p><p><br></p><p></p>', '<p>Text</p>'],
    ['an unclosed tag', '<p><strong>bold to the end', '<p><strong>bold to the end</strong></p>'],
    ['a comment', '<p>a<!-- <script>x</script> -->b</p>', '<p>ab</p>'],
  ])('reduces %s', (_name, html, clean) => {
    expect(sanitizeRichText(html)).toBe(clean);
  });

  it('gives "" for an empty editor or no text', () => {
    for (const html of ['', '<p><br></p>', '<p> </p>', '<script>x</script>', null, undefined])
      expect(sanitizeRichText(html)).toBe('');
  });

  it('is stable and never lets a tag or attribute through, whatever arrives', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<strong>',
        '</strong>',
        '<em>',
        '<ol>',
        '</ol>',
        '<li data-list="bullet">',
        '</li>',
        '<br>',
        '<h1>',
        '</h1>',
        '<script>',
        '</script>',
        '<a href="javascript:x">',
        '<img src=x onerror=y>',
        '<div style="x">',
        '<',
        '>',
        '&amp;',
        '"',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const once = sanitizeRichText(pieces.join(''));
        expect(sanitizeRichText(once)).toBe(once);
        const tags = once.match(/<[^>]*>/g) ?? [];
        for (const tag of tags) expect(tag).toMatch(/^<\/?(p|br|strong|em|u|s|h1|h2|ol|ul|li)>$/);
      }),
    );
  });
});

describe('parseRichText', () => {
  it('gives blocks of runs with their marks, numbering each ordered list from 1', () => {
    const blocks = parseRichText(
      '<h1>Terms</h1><p>Pay <strong>net <em>30</em></strong><br>by wire</p>' +
        '<ol><li>First</li><li>Second</li></ol><p>Between</p><ol><li>Again</li></ol><ul><li><u>Dot</u></li></ul>',
    );
    expect(blocks).toEqual([
      { type: 'heading1', runs: [{ text: 'Terms' }] },
      {
        type: 'paragraph',
        runs: [
          { text: 'Pay ' },
          { text: 'net ', bold: true },
          { text: '30', bold: true, italic: true },
          { text: '\n' },
          { text: 'by wire' },
        ],
      },
      { type: 'ordered', number: 1, runs: [{ text: 'First' }] },
      { type: 'ordered', number: 2, runs: [{ text: 'Second' }] },
      { type: 'paragraph', runs: [{ text: 'Between' }] },
      { type: 'ordered', number: 1, runs: [{ text: 'Again' }] },
      { type: 'bullet', runs: [{ text: 'Dot', underline: true }] },
    ]);
  });

  it('keeps the text of every block as plain lines for history', () => {
    expect(richTextPlain('<h2>Scope</h2><ol><li>One</li><li><s>Two</s></li></ol><ul><li>Dot</li></ul>')).toBe(
      'Scope\n1. One\n2. Two\n• Dot',
    );
  });
});
