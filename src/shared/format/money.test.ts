// Exact money: parsing what people type, formatting, and the monthly amount of a service line (table-driven from
// the agreement rules, plus properties: amounts never drift, a month's share never exceeds its period's charge).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_DECIMALS,
  AMOUNT_INVALID,
  AMOUNT_NEGATIVE,
  AMOUNT_TOO_BIG,
  formatMoney,
  formatQuantity,
  fromHundredths,
  lineAmount,
  monthlyAmount,
  parseDecimal,
  sumAmounts,
  toHundredths,
} from './money';

describe('parseDecimal', () => {
  it.each([
    ['1250', '1250.00'],
    ['$1,250.5', '1250.50'],
    [' 0.1 ', '0.10'],
    ['.5', '0.50'],
    ['007', '7.00'],
    [45.1, '45.10'],
  ])('%s → %s', (input, value) => {
    expect(parseDecimal(input)).toEqual({ ok: true, value });
  });
  it.each([
    ['-5', AMOUNT_NEGATIVE],
    ['1.234', AMOUNT_DECIMALS],
    ['abc', AMOUNT_INVALID],
    ['1.2.3', AMOUNT_INVALID],
    ['.', AMOUNT_INVALID],
    ['12345678901', AMOUNT_TOO_BIG],
  ])('%s is refused: %s', (input, error) => {
    expect(parseDecimal(input)).toEqual({ ok: false, error });
  });
  it('blank is no value', () => {
    expect(parseDecimal('  ')).toBeNull();
  });
});

describe('amounts', () => {
  it.each([
    ['10.00', '45.10', 'MONTHLY', '451.00'],
    ['1.00', '1000.00', 'QUARTERLY', '333.33'],
    ['2.00', '1000.00', 'QUARTERLY', '666.67'],
    ['1.00', '0.10', 'ANNUAL', '0.01'],
    ['1.00', '0.06', 'ANNUAL', '0.01'],
    ['1.00', '0.05', 'ANNUAL', '0.00'],
    ['3.00', '999.00', 'ONE_TIME', '0.00'],
    ['0.50', '0.01', 'MONTHLY', '0.01'],
  ] as const)('%s × %s %s → %s a month', (quantity, price, frequency, monthly) => {
    expect(monthlyAmount(quantity, price, frequency)).toBe(monthly);
  });
  it('formats without losing a digit', () => {
    expect(formatMoney('1234567890.99')).toBe('$1,234,567,890.99');
    expect(formatMoney('0.1')).toBe('$0.10');
    expect(formatMoney('-5')).toBe('-$5.00');
    expect(formatMoney(null)).toBe('');
    expect(formatQuantity('10.00')).toBe('10');
    expect(formatQuantity('2.50')).toBe('2.5');
    expect(lineAmount('2.50', '19.99')).toBe('49.98');
  });

  const cents = fc.bigInt({ min: 0n, max: 10_000_000_00n }).map(fromHundredths);
  it('adds exactly: the sum of parts equals the sum in hundredths (0.1 + 0.2 is 0.30)', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (list) => {
        const total = list.reduce((t, v) => t + toHundredths(v), 0n);
        expect(toHundredths(sumAmounts(list))).toBe(total);
      }),
    );
  });
  it('parses what it formats, and a month never bills more than its period, nor drifts over a year', () => {
    fc.assert(
      fc.property(
        cents,
        cents,
        fc.constantFrom('MONTHLY', 'QUARTERLY', 'ANNUAL') as fc.Arbitrary<'MONTHLY' | 'QUARTERLY' | 'ANNUAL'>,
        (quantity, price, frequency) => {
          expect(parseDecimal(formatMoney(price))).toEqual({ ok: true, value: price });
          const monthly = toHundredths(monthlyAmount(quantity, price, frequency));
          const period = toHundredths(lineAmount(quantity, price));
          const months = { MONTHLY: 1n, QUARTERLY: 3n, ANNUAL: 12n }[frequency];
          expect(monthly <= period || period === 0n).toBe(true);
          // Rounded once per month: twelve months are within 6 cents of the year's exact charge.
          const yearExact = (toHundredths(quantity) * toHundredths(price) * 12n) / (months * 100n);
          const drift = monthly * 12n - yearExact;
          expect(drift <= 6n && drift >= -6n).toBe(true);
        },
      ),
    );
  });
});
