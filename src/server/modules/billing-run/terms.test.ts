// The month's terms and the one rounding rule of a line: a table from the issue (a service starting or ending inside
// the month, leap February, quarterly and annual terms), then properties: proration over any split of a month adds up
// to exactly the month's amount, a line covering its term bills exactly quantity × price, no prorated line bills more
// than the whole term or less than nothing, and a credit is the negative of its charge.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsText, lineCents } from '../../../shared/schemas/billing-run.js';
import { monthDays, type ServiceDates, termLine } from './terms.js';

const RUNS = 500;
const monthly = (
  start: string,
  end: string | null = null,
  agreementEnd: string | null = null,
): ServiceDates => ({
  frequency: 'MONTHLY',
  start,
  end,
  agreementStart: '2020-01-01',
  agreementEnd,
});

describe('monthDays', () => {
  it.each([
    ['2026-10', '2026-10-31'],
    ['2026-02', '2026-02-28'],
    ['2028-02', '2028-02-29'],
    ['2100-02', '2100-02-28'],
    ['2000-02', '2000-02-29'],
    ['2026-12', '2026-12-31'],
  ])('%s ends on %s', (period, to) => expect(monthDays(period)).toEqual({ from: `${period}-01`, to }));
});

describe('termLine', () => {
  it.each([
    // service, period, proration (null: the whole term), from, to
    [monthly('2026-01-01'), '2026-10', null, '2026-10-01', '2026-10-31'],
    [monthly('2026-10-12'), '2026-10', { first: 12, last: 31, days: 31 }, '2026-10-12', '2026-10-31'],
    [
      monthly('2026-01-01', '2026-10-15'),
      '2026-10',
      { first: 1, last: 15, days: 31 },
      '2026-10-01',
      '2026-10-15',
    ],
    [
      monthly('2026-01-01', null, '2026-10-20'),
      '2026-10',
      { first: 1, last: 20, days: 31 },
      '2026-10-01',
      '2026-10-20',
    ],
    [monthly('2028-02-10'), '2028-02', { first: 10, last: 29, days: 29 }, '2028-02-10', '2028-02-29'],
    [monthly('2026-02-10'), '2026-02', { first: 10, last: 28, days: 28 }, '2026-02-10', '2026-02-28'],
    [
      monthly('2026-10-31', '2026-10-31'),
      '2026-10',
      { first: 31, last: 31, days: 31 },
      '2026-10-31',
      '2026-10-31',
    ],
    [
      { ...monthly('2026-07-01'), frequency: 'QUARTERLY' as const },
      '2026-10',
      null,
      '2026-10-01',
      '2026-12-31',
    ],
    [
      { ...monthly('2026-07-15'), frequency: 'QUARTERLY' as const },
      '2026-07',
      { first: 15, last: 92, days: 92 },
      '2026-07-15',
      '2026-09-30',
    ],
    [{ ...monthly('2027-03-01'), frequency: 'ANNUAL' as const }, '2028-03', null, '2028-03-01', '2029-02-28'],
  ])('%j in %s', (service, period, proration, from, to) => {
    expect(termLine(service, period)).toMatchObject({ proration, from, to });
  });

  it.each([
    [monthly('2026-11-01'), '2026-10'], // not begun
    [monthly('2026-01-01', '2026-09-30'), '2026-10'], // ended
    [monthly('2026-01-01', null, '2026-09-30'), '2026-10'], // its agreement ended
    [{ ...monthly('2026-07-01'), frequency: 'QUARTERLY' as const }, '2026-11'], // not a billing month
    [{ ...monthly('2026-03-01'), frequency: 'ANNUAL' as const }, '2026-10'],
  ])('%j bills nothing in %s', (service, period) => expect(termLine(service, period)).toBeNull());
});

describe('lineCents', () => {
  it.each([
    ['25.00', '35.47', null, '886.75'],
    ['1.00', '310.00', { first: 12, last: 31, days: 31 }, '200.00'],
    ['1.00', '100.00', { first: 1, last: 15, days: 31 }, '48.39'],
    ['1.00', '130.00', { first: 16, last: 31, days: 31 }, '67.10'],
    ['1.00', '0.01', { first: 1, last: 15, days: 31 }, '0.00'], // 0.0048
    ['1.00', '0.01', { first: 16, last: 31, days: 31 }, '0.01'], // the month's cent goes to the second half
    ['3.00', '0.50', null, '1.50'],
    ['0.50', '0.01', null, '0.01'], // half a cent goes up
    ['1.00', '29.00', { first: 10, last: 29, days: 29 }, '20.00'], // leap February: 20 of 29 days
  ])('%s × %s prorated %j is %s', (quantity, price, proration, amount) => {
    expect(centsText(lineCents(quantity, price, proration))).toBe(amount);
    expect(centsText(lineCents(quantity, price, proration, true))).toBe(
      amount === '0.00' ? '0.00' : `-${amount}`,
    );
  });

  const decimal = (max: number) => fc.integer({ min: 0, max }).map((n) => centsText(BigInt(n)));
  const month = fc.integer({ min: 28, max: 31 });

  it('splits of a month add up to exactly the month, whatever the days and prices', () => {
    fc.assert(
      fc.property(
        decimal(100_000_00),
        decimal(99_999_99),
        month,
        fc.uniqueArray(fc.integer({ min: 1, max: 30 }), { maxLength: 6 }),
        (quantity, price, days, cuts) => {
          const bounds = [...cuts.filter((c) => c < days), days].sort((a, b) => a - b);
          let first = 1;
          let sum = 0n;
          for (const last of bounds) {
            sum += lineCents(quantity, price, { first, last, days });
            first = last + 1;
          }
          expect(sum).toBe(lineCents(quantity, price, null));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a prorated line bills between nothing and the whole term', () => {
    fc.assert(
      fc.property(decimal(10_000_00), decimal(10_000_00), month, fc.nat(), fc.nat(), (q, p, days, a, b) => {
        const [first, last] = [1 + (a % days), 1 + (b % days)].sort((x, y) => x - y) as [number, number];
        const cents = lineCents(q, p, { first, last, days });
        expect(cents >= 0n).toBe(true);
        expect(cents <= lineCents(q, p, null)).toBe(true);
        expect(lineCents(q, p, { first, last, days }, true)).toBe(-cents);
        if (first === 1 && last === days) expect(cents).toBe(lineCents(q, p, null));
      }),
      { numRuns: RUNS },
    );
  });

  it('a month of a service covering it is never prorated, and a partial month always is', () => {
    const day = fc.integer({ min: 1, max: 28 }).map((d) => String(d).padStart(2, '0'));
    fc.assert(
      fc.property(
        fc.integer({ min: 2020, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        day,
        day,
        (y, m, s, e) => {
          const period = `${y}-${String(m).padStart(2, '0')}`;
          const { to } = monthDays(period);
          const [start, end] = [`${period}-${s}`, `${period}-${e}`].sort() as [string, string];
          expect(termLine(monthly(`${y - 1}-01-01`), period)?.proration).toBeNull();
          const part = termLine(monthly(start, end), period)!;
          expect(part.from).toBe(start);
          expect(part.to).toBe(end);
          expect(part.proration === null).toBe(start === `${period}-01` && end === to);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
