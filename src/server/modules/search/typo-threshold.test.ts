// The typo branches' similarity threshold: from pg_trgm's trigram count of the term, table-driven and as a property.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trigrams, typoThreshold } from './search.service.js';

describe('trigrams', () => {
  it.each([
    ['cat', ['  c', ' ca', 'cat', 'at ']],
    ['Cat cat', ['  c', ' ca', 'cat', 'at ']],
    ['a-b', ['  a', ' a ', '  b', ' b ']],
    ['', []],
  ])('%j', (term, expected) => {
    expect([...trigrams(term)].sort()).toEqual([...expected].sort());
  });
});

describe('typoThreshold', () => {
  it.each([
    ['Contoso', 0.6],
    ['Meadowbraok Law Group - Ann Arbor', 0.67],
    ['Bramblewarth Veterinary Clinic - Bismarck', 0.73],
    ['Northwestern Regional Veterinary Emergency Clinic - Minneapolis Saint Paul', 0.8],
  ])('%j -> %f', (term, expected) => {
    expect(typoThreshold(term)).toBe(expected);
  });

  it('stays between 0.6 and 0.8 and never rises as the term gets shorter', () => {
    const word = fc.stringMatching(/^[a-z]{1,12}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), word, (words, extra) => {
        const term = words.join(' ');
        const t = typoThreshold(term);
        expect(t).toBeGreaterThanOrEqual(0.6);
        expect(t).toBeLessThanOrEqual(0.8);
        expect(typoThreshold(`${term} ${extra}`)).toBeGreaterThanOrEqual(t);
      }),
    );
  });
});
