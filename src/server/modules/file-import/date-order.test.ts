// The date order of a column: what one value proves, what a column's values decide, and that a numeric date written
// in an order reads back in that order (a property over every calendar day).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DateEvidence,
  type DateOrder,
  decideOrder,
  newEvidence,
  noteDate,
  readAs,
} from './date-order.js';
import { parseImportDate, parseImportInstant } from './normalize.js';

const evidenceOf = (values: string[]): DateEvidence => {
  const e = newEvidence();
  for (const v of values) noteDate(e, v);
  return e;
};

describe('what a column of dates decides', () => {
  it.each([
    // [values, decision]
    [['13.11.2026'], { order: 'DMY', mixed: false }],
    [['1.11.2026', '12.11.2026', '13.11.2026'], { order: 'DMY', mixed: false }],
    [['11/13/2026'], { order: 'MDY', mixed: false }],
    [['1/11/2026', '11/30/2026 2:22 PM'], { order: 'MDY', mixed: false }],
    [['31-12-2027'], { order: 'DMY', mixed: false }],
    [['12-31-2027'], { order: 'MDY', mixed: false }],
    [['1.11.2026', '12.11.2026'], { ask: true }],
    [['03/04/2024 10:00'], { ask: true }],
    [['13.11.2026', '14.11.2026', '11/30/2026'], { order: 'DMY', mixed: true }],
    [['5/5/2026', '12.12.2026'], { none: true }],
    [['2026-11-01', '15-Mar-2024', '45366', '1710512530'], { none: true }],
    [[], { none: true }],
  ] as const)('%j -> %j', (values, decision) => {
    expect(decideOrder(evidenceOf([...values]))).toEqual(decision);
  });

  it('keeps three values that read both ways, each once, to show', () => {
    const e = evidenceOf(['1.11.2026', '1.11.2026', '12.11.2026', '3.11.2026', '4.11.2026']);
    expect(e.ambiguous).toEqual(['1.11.2026', '12.11.2026', '3.11.2026']);
    expect(e.ambiguous.map((t) => [readAs(t, 'DMY'), readAs(t, 'MDY')])).toEqual([
      ['2026-11-01', '2026-01-11'],
      ['2026-11-12', '2026-12-11'],
      ['2026-11-03', '2026-03-11'],
    ]);
  });

  it('reads dotted, slashed and dashed dates in the order given', () => {
    expect(parseImportDate('1.11.2026', 'DMY')).toBe('2026-11-01');
    expect(parseImportDate('1.11.2026', 'MDY')).toBe('2026-01-11');
    expect(parseImportDate('31-12-2027', 'DMY')).toBe('2027-12-31');
    expect(parseImportDate('12/31/2027', 'MDY')).toBe('2027-12-31');
    // One separator throughout.
    expect(parseImportDate('1.11/2026', 'DMY')).toBeNull();
    expect(parseImportInstant('13.11.2026 14:05', 'UTC', 'DMY')?.toISOString()).toBe(
      '2026-11-13T14:05:00.000Z',
    );
  });

  it("reads the APIs' Unix times (NinjaOne seconds, Datto RMM milliseconds) as instants, to the second", () => {
    expect(parseImportInstant('1710512530.125', 'UTC')?.toISOString()).toBe('2024-03-15T14:22:10.000Z');
    expect(parseImportInstant('1710512530000', 'America/New_York')?.toISOString()).toBe(
      '2024-03-15T14:22:10.000Z',
    );
  });
});

const SEPARATORS = ['/', '.', '-'] as const;
const day = fc
  .record({
    year: fc.integer({ min: 1990, max: 2100 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .filter((d) => d.day <= new Date(Date.UTC(d.year, d.month, 0)).getUTCDate());
const write = (d: { year: number; month: number; day: number }, order: DateOrder, sep: string) =>
  order === 'DMY' ? `${d.day}${sep}${d.month}${sep}${d.year}` : `${d.month}${sep}${d.day}${sep}${d.year}`;
const iso = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

describe('properties', () => {
  it('a date written in an order reads back as itself in that order, and never proves the other order', () => {
    fc.assert(
      fc.property(
        day,
        fc.constantFrom<DateOrder>('DMY', 'MDY'),
        fc.constantFrom(...SEPARATORS),
        (d, order, sep) => {
          const text = write(d, order, sep);
          expect(parseImportDate(text, order)).toBe(iso(d));
          const decision = decideOrder(evidenceOf([text]));
          if ('order' in decision) expect(decision.order).toBe(order);
          // A day past the 12th always proves its order.
          if (d.day > 12) expect(decision).toEqual({ order, mixed: false });
        },
      ),
    );
  });

  it('a column with one proving value among any that read both ways is read in the proven order', () => {
    fc.assert(
      fc.property(
        fc.array(day, { maxLength: 20 }),
        day.filter((d) => d.day > 12),
        (others, proof) => {
          const values = [
            ...others.map((d) => write({ ...d, day: Math.min(d.day, 12) }, 'DMY', '.')),
            write(proof, 'DMY', '.'),
          ];
          expect(decideOrder(evidenceOf(values))).toEqual({ order: 'DMY', mixed: false });
        },
      ),
    );
  });
});
