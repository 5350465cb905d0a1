// The pricing of a month's slips: a table of cases, then properties (each run RUNS times): lines are never negative
// and never cover more than they bill, block minutes go in work order and are used up before anything is charged,
// each line is its exact amount to the half cent, and a case's amount is the sum of its lines to the cent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesAmount, type PricedLine, priceMonth, type SlipToPrice, slipAmount } from './bill-pricing.js';
import { fromHundredths, toHundredths } from './format/money.js';
import { DEFAULT_ROUNDING } from './rounding.js';

const RUNS = 500;
const slip = (id: number, minutes: number, multiplier = 1, rule = DEFAULT_ROUNDING): SlipToPrice => ({
  id,
  minutes,
  multiplier,
  rule,
});

describe('slipAmount', () => {
  it.each([
    // billable, covered, rate, amount
    [90, 0, '150.00', '225.00'],
    [1, 0, '33.33', '0.56'], // 0.5555 → 0.56
    [11, 0, '33.33', '6.11'], // 6.1105 → 6.11
    [13, 0, '33.33', '7.22'],
    [1, 0, '0.30', '0.01'], // 0.005: the half cent goes up
    [1, 0, '0.29', '0.00'], // 0.00483 → 0.00
    [68, 0, '200.00', '226.67'],
    [120, 60, '135.00', '135.00'],
    [60, 60, '135.00', '0.00'],
    [0, 0, '150.00', '0.00'],
    [100_000, 0, '999999.99', '1666666650.00'],
  ])('%i billable, %i covered at %s → %s', (b, c, rate, amount) => {
    expect(slipAmount(b, c, rate)).toBe(amount);
  });

  it('refuses more covered than billable minutes', () => {
    expect(() => slipAmount(10, 11, '150.00')).toThrow(RangeError);
  });
});

describe('priceMonth', () => {
  it('rounds each slip to the cent, and the case is the sum: 0.56 + 0.56 + 6.11, not 13 minutes at once (7.22)', () => {
    const rule = { minimum: 0, increment: 1 };
    const lines = priceMonth(
      [slip(1, 60, 1, rule), slip(2, 1, 1, rule), slip(3, 1, 1, rule), slip(4, 7, 1.5, rule)],
      60,
      '33.33',
    );
    expect(lines).toEqual([
      { id: 1, billable: 60, covered: 60, amount: '0.00' },
      { id: 2, billable: 1, covered: 0, amount: '0.56' },
      { id: 3, billable: 1, covered: 0, amount: '0.56' },
      { id: 4, billable: 11, covered: 0, amount: '6.11' },
    ]);
    expect(linesAmount(lines)).toBe('7.23');
  });

  it('covers billable minutes in work order, splitting the slip the block runs out in; 0x uses none', () => {
    const lines = priceMonth(
      [slip(1, 60, 1.5), slip(2, 0, 1), slip(3, 60, 0), slip(4, 60, 2)],
      100,
      '135.00',
    );
    expect(lines.map((l) => [l.billable, l.covered, l.amount])).toEqual([
      [90, 90, '0.00'],
      [0, 0, '0.00'],
      [0, 0, '0.00'],
      [120, 10, '247.50'],
    ]);
  });
});

// ---- properties ----

const rules = fc.record({
  minimum: fc.integer({ min: 0, max: 480 }),
  increment: fc.integer({ min: 1, max: 60 }),
});
const slips = fc.array(
  fc.record({
    minutes: fc.integer({ min: -5, max: 16 * 60 }),
    multiplier: fc.constantFrom(0, 1, 1.5, 2),
    rule: rules,
  }),
  { maxLength: 40 },
);
const rates = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
const month = fc.record({ slips, available: fc.integer({ min: -600, max: 20_000 }), rate: rates });

const priced = (m: { slips: Omit<SlipToPrice, 'id'>[]; available: number; rate: string }): PricedLine[] =>
  priceMonth(
    m.slips.map((s, i) => ({ ...s, id: i + 1 })),
    m.available,
    m.rate,
  );
const cents = (amount: string) => Number(toHundredths(amount));

describe('properties of a month priced', () => {
  it('billable ≥ covered ≥ 0, and no line is negative', () => {
    fc.assert(
      fc.property(month, (m) =>
        priced(m).every((l) => l.billable >= l.covered && l.covered >= 0 && cents(l.amount) >= 0),
      ),
      { numRuns: RUNS },
    );
  });

  it('uses the block minutes up before charging anything, and never more than the month has', () => {
    fc.assert(
      fc.property(month, (m) => {
        const lines = priced(m);
        const covered = lines.reduce((s, l) => s + l.covered, 0);
        const billable = lines.reduce((s, l) => s + l.billable, 0);
        return covered === Math.min(Math.max(0, m.available), billable);
      }),
      { numRuns: RUNS },
    );
  });

  it('covers in work order: after a slip not fully covered, no later slip is covered', () => {
    fc.assert(
      fc.property(month, (m) => {
        const lines = priced(m);
        const short = lines.findIndex((l) => l.covered < l.billable);
        return short < 0 || lines.slice(short + 1).every((l) => l.covered === 0);
      }),
      { numRuns: RUNS },
    );
  });

  it('prices each line within half a cent of its exact amount', () => {
    fc.assert(
      fc.property(month, (m) =>
        priced(m).every((l) => {
          // 60 × cents against (billable − covered) × rate in cents, both exact integers.
          const exact = (l.billable - l.covered) * cents(m.rate);
          return Math.abs(cents(l.amount) * 60 - exact) <= 30;
        }),
      ),
      { numRuns: RUNS },
    );
  });

  it('makes a case the sum of its lines to the cent, whichever way the lines are grouped', () => {
    fc.assert(
      fc.property(month, fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 }), (m, caseOf) => {
        const lines = priced(m);
        // Lines shared out among up to four cases: the cases add up to the whole, cent for cent.
        const byCase = [0, 1, 2, 3].map((k) => lines.filter((_, i) => (caseOf[i] ?? 0) === k));
        const total = lines.reduce((s, l) => s + cents(l.amount), 0);
        return (
          cents(linesAmount(lines)) === total &&
          byCase.reduce((s, c) => s + cents(linesAmount(c)), 0) === total
        );
      }),
      { numRuns: RUNS },
    );
  });

  it('never charges less at a higher rate, nor more when more block minutes are left', () => {
    fc.assert(
      fc.property(
        month,
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 600 }),
        (m, up, more) => {
          const base = cents(linesAmount(priced(m)));
          const dearer = fromHundredths(BigInt(cents(m.rate) + up));
          const richer = { ...m, available: m.available + more };
          return (
            cents(linesAmount(priced({ ...m, rate: dearer }))) >= base &&
            cents(linesAmount(priced(richer))) <= base
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('billed first: the rest shares what billed lines left, as the month priced whole when nothing changed', () => {
    fc.assert(
      fc.property(month, fc.array(fc.boolean(), { maxLength: 40 }), (m, billedOnes) => {
        const all = m.slips.map((s, i) => ({ ...s, id: i + 1 }));
        const whole = priceMonth(all, m.available, m.rate);
        // A case billed then: its lines as the whole month priced them; its block minutes are spoken for.
        const billed = whole.filter((_, i) => billedOnes[i]);
        const used = billed.reduce((s, l) => s + l.covered, 0);
        const rest = priceMonth(
          all.filter((_, i) => !billedOnes[i]),
          m.available - used,
          m.rate,
        );
        const again = [...billed, ...rest].sort((a, b) => a.id - b.id);
        return JSON.stringify(again) === JSON.stringify(whole);
      }),
      { numRuns: RUNS },
    );
  });

  it('billed first: slips added later never take block minutes a billed case used', () => {
    fc.assert(
      fc.property(month, slips, (m, added) => {
        const billed = priced(m);
        const used = billed.reduce((s, l) => s + l.covered, 0);
        const later = priceMonth(
          added.map((s, i) => ({ ...s, id: 1000 + i })),
          m.available - used,
          m.rate,
        );
        return used + later.reduce((s, l) => s + l.covered, 0) <= Math.max(0, m.available);
      }),
      { numRuns: RUNS },
    );
  });
});
