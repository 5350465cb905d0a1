// The highlighter: matched parts in <mark>, everything else escaped; no other markup can ever come out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, highlight } from './highlight.js';

describe('highlight', () => {
  it.each([
    ['Acme Dental', 'dental', 'Acme <mark>Dental</mark>'],
    ['Acme Dental', 'ACME DENTAL', '<mark>Acme Dental</mark>'],
    ['abcabc', 'bc', 'a<mark>bc</mark>a<mark>bc</mark>'],
    ['Tom & Jerry', '&', 'Tom <mark>&amp;</mark> Jerry'],
    ['<b>bold</b>', 'bold', '&lt;b&gt;<mark>bold</mark>&lt;/b&gt;'],
    [
      '<img src=x onerror=alert(1)> Dental',
      'dental',
      '&lt;img src=x onerror=alert(1)&gt; <mark>Dental</mark>',
    ],
    ['say "hi" it\'s', 'hi', 'say &quot;<mark>hi</mark>&quot; it&#39;s'],
    ['(555) 201-3344', '2013344', '(555) <mark>201-3344</mark>'],
    ['(555) 201-3344', '201 33', '(555) <mark>201-33</mark>44'],
    ['Brambleworth Logistics', 'Bramblewroth', '<mark>Brambleworth</mark> Logistics'],
    ['Cedar Ridge Dental', 'Ceder Rigde', '<mark>Cedar</mark> <mark>Ridge</mark> Dental'],
    ['42', '#42', '<mark>42</mark>'],
    ['a.b*c', '.b*', 'a<mark>.b*</mark>c'],
    ['Nothing here', 'zzz', 'Nothing here'],
    ['', 'x', ''],
  ])('%j with %j -> %j', (value, term, expected) => {
    expect(highlight(value, term)).toBe(expected);
  });

  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  const markupish = fc.string({
    unit: fc.constantFrom('<', '>', '&', '"', "'", '/', 'm', 'a', 'r', 'k', ' ', '1', 'é'),
  });

  it('never outputs a tag other than <mark> and </mark>, and keeps the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), markupish), fc.oneof(fc.string(), markupish), (value, term) => {
        const out = highlight(value, term);
        const bare = out.replace(/<\/?mark>/g, '');
        expect(bare).not.toMatch(/[<>"']/);
        expect(decode(bare)).toBe(value);
        // Marks are balanced and never nested.
        expect(out).toMatch(/^(?:[^<]|<mark>[^<]+<\/mark>)*$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
