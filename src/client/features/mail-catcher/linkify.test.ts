import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('turns http(s) addresses into links and keeps everything else as text', () => {
    expect(linkify('Open https://sd6.test/reset/abc_D-1 within 30 minutes.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'https://sd6.test/reset/abc_D-1' },
      { kind: 'text', text: ' within 30 minutes.' },
    ]);
  });

  it('leaves a sentence end out of the address and ignores other schemes', () => {
    expect(linkify('See http://a.test/x. Or javascript:alert(1)')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'http://a.test/x' },
      { kind: 'text', text: '. Or javascript:alert(1)' },
    ]);
    expect(linkify('<b>no html</b>')).toEqual([{ kind: 'text', text: '<b>no html</b>' }]);
    expect(linkify('')).toEqual([]);
  });
});
