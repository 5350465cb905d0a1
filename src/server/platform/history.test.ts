// Field-history diffs: what counts as a change and how values are shown.
import { describe, expect, it } from 'vitest';
import { diffFields, historyText } from './history.js';

describe('historyText', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    [true, 'Yes'],
    [false, 'No'],
    [0, '0'],
    [['ROLE_USER', 'ROLE_ADMIN'], 'ROLE_USER, ROLE_ADMIN'],
    [[], null],
    [new Date('2026-01-02T03:04:05Z'), '2026-01-02T03:04:05.000Z'],
  ])('%j -> %j', (value, text) => {
    expect(historyText(value as never)).toBe(text);
  });
});

describe('diffFields', () => {
  it('lists only fields whose shown value changed', () => {
    const before = { a: 'x', b: true, c: ['1'], d: null as string | null };
    const after = { a: 'x', b: false, c: ['1'], d: '' };
    expect(diffFields(before, after, ['a', 'b', 'c', 'd'])).toEqual([
      { field: 'b', oldValue: 'Yes', newValue: 'No' },
    ]);
  });

  it('treats a new record as changes from nothing, skipping empty values', () => {
    expect(diffFields(null, { a: 'x', b: '' }, ['a', 'b'])).toEqual([
      { field: 'a', oldValue: null, newValue: 'x' },
    ]);
  });
});
