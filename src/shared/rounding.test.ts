// Rounding rules of billable time: a table of cases, then the properties the issue asks for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  billable,
  DEFAULT_ROUNDING,
  explainBillable,
  type RoundingRule,
  rounded,
  sourceLabel,
  storedRule,
} from './rounding.js';

const rule = (minimum: number, increment: number): RoundingRule => ({ minimum, increment });

describe('rounded and billable', () => {
  it.each([
    // actual, minimum, increment, multiplier, rounded, billable
    [0, 0, 5, 1, 0, 0],
    [-5, 30, 15, 1, 0, 0],
    [1, 0, 5, 1, 5, 5],
    [5, 0, 5, 1, 5, 5],
    [6, 0, 5, 1, 10, 10],
    [67, 30, 15, 1.5, 75, 113],
    [10, 30, 15, 1, 30, 30],
    [10, 60, 15, 2, 60, 120],
    [61, 0, 1, 1, 61, 61],
    [61, 0, 60, 1, 120, 120],
    [45, 20, 15, 0, 45, 0],
    [7, 0, 5, 1.5, 10, 15],
    [25, 25, 10, 1, 30, 30],
  ])('%i min (min %i, every %i) × %d → %i rounded, %i billable', (actual, min, inc, multi, r, b) => {
    expect(rounded(actual, rule(min, inc))).toBe(r);
    expect(billable(actual, rule(min, inc), multi)).toBe(b);
  });

  it('defaults to 5-minute increments with no minimum (SPEC §9)', () => {
    expect(DEFAULT_ROUNDING).toEqual({ minimum: 0, increment: 5 });
    expect(storedRule(null, null)).toBeNull();
    expect(storedRule(30, null)).toEqual({ minimum: 30, increment: 5 });
    expect(storedRule(null, 15)).toEqual({ minimum: 0, increment: 15 });
  });
});

describe('explanation', () => {
  it.each([
    [
      67,
      rule(30, 15),
      1.5,
      sourceLabel('SERVICE', 'Acme Corp', 'Block Hours'),
      '1:07 rounded up to 1:15 (15-minute increments, 30-minute minimum: Acme Corp agreement service Block Hours) × 1.5 = 1:53',
    ],
    [60, DEFAULT_ROUNDING, 1, 'default', '1:00 (5-minute increments: default)'],
    [58, DEFAULT_ROUNDING, 2, 'default', '0:58 rounded up to 1:00 (5-minute increments: default) × 2 = 2:00'],
    [
      10,
      rule(30, 1),
      1,
      'Acme Corp',
      '0:10 rounded up to 0:30 (1-minute increment, 30-minute minimum: Acme Corp)',
    ],
    [45, rule(0, 15), 0, 'Acme Corp', '0:45 (15-minute increments: Acme Corp) × 0 = 0:00'],
  ])('%i min → %s', (actual, r, multi, label, text) => {
    expect(explainBillable(actual, r, multi, label)).toBe(text);
  });

  it('names the source', () => {
    expect(sourceLabel('DEFAULT', 'Acme Corp', null)).toBe('default');
    expect(sourceLabel('ORGANIZATION', 'Acme Corp', null)).toBe('Acme Corp');
  });
});

describe('properties', () => {
  const rules = fc.record({
    minimum: fc.integer({ min: 0, max: 480 }),
    increment: fc.integer({ min: 1, max: 60 }),
  });
  const minutes = fc.integer({ min: -60, max: 24 * 60 });
  const multipliers = fc.constantFrom(0, 1, 1.5, 2);

  it('rounding is idempotent', () => {
    fc.assert(fc.property(minutes, rules, (m, r) => rounded(rounded(m, r), r) === rounded(m, r)));
  });

  it('billable is never below actual at a multiplier of 1 or more', () => {
    fc.assert(
      fc.property(
        minutes,
        rules,
        fc.constantFrom(1, 1.5, 2),
        (m, r, x) => billable(m, r, x) >= Math.max(0, m),
      ),
    );
  });

  it('billable is monotone in the actual minutes', () => {
    fc.assert(
      fc.property(minutes, minutes, rules, multipliers, (a, b, r, x) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return billable(lo, r, x) <= billable(hi, r, x);
      }),
    );
  });

  it('rounded lands on the increment, at least the minimum, less than an increment above both', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * 60 }), rules, (m, r) => {
        const x = rounded(m, r);
        return (
          x % r.increment === 0 && x >= Math.max(m, r.minimum) && x < Math.max(m, r.minimum) + r.increment
        );
      }),
    );
  });
});
