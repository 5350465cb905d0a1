// The typo branches' similarity threshold: from pg_trgm's trigram count of the term, table-driven and as a property.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundedTerm,
  MAX_FUZZY_TRIGRAMS,
  MAX_FUZZY_WORDS,
  MAX_SEARCH_WORDS,
  trigrams,
  typoThreshold,
  typoTolerant,
} from './search.service.js';

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

describe('bounded work per term', () => {
  it.each([
    ['  Acme   Dental  ', 'Acme Dental'],
    ['a b c d e f g h', 'a b c d e f'],
    [`${'ab '.repeat(40)}`, 'ab ab ab ab ab ab'],
  ])('searches %j as %j (at most MAX_SEARCH_WORDS words)', (raw, bounded) => {
    expect(boundedTerm(raw)).toBe(bounded);
  });

  it.each([
    ['Bramblewroth', true],
    ['Bramblewarth Veterinery Clinic - Bismarck', true],
    ['Meadowbraok Law Group - Ann Arbor', true],
    ['ab', false],
    ['a b c d e f', false],
    ['ab cd ef gh ij kl', false],
    ['the and the and the and', false],
  ])('typo tolerance for %j: %s', (term, expected) => {
    expect(typoTolerant(boundedTerm(term))).toBe(expected);
  });

  it('never gives a term more than MAX_SEARCH_WORDS words, nor typo branches past their bounds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (raw) => {
        const term = boundedTerm(raw);
        expect(term.split(' ').filter(Boolean).length).toBeLessThanOrEqual(MAX_SEARCH_WORDS);
        if (typoTolerant(term)) {
          expect(trigrams(term).size).toBeLessThanOrEqual(MAX_FUZZY_TRIGRAMS);
          expect((term.match(/[\p{L}\p{N}]+/gu) ?? []).length).toBeLessThanOrEqual(MAX_FUZZY_WORDS);
        }
      }),
    );
  });
});
