// Table tests from the SPEC §5 examples and rules, plus properties; run in UTC and in Pacific/Auckland.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkDuns,
  checkEmail,
  checkIdentifier,
  checkPhone,
  checkTaxId,
  DUNS_MESSAGE,
  EMAIL_MESSAGE,
  formatCurrency,
  formatDate,
  formatDecimal,
  formatFraction,
  formatPercent,
  formatPositive,
  formatYears,
  fromDbTime,
  fromPathDate,
  hoursToHmm,
  minutesToHmm,
  multiplierLabel,
  normalizeDateInput,
  normalizeDuration,
  normalizeTimeOfDay,
  PHONE_MESSAGE,
  parseDate,
  parseDateInput,
  slipDate,
  slipDuration,
  stopMinutes,
  TAX_ID_MESSAGE,
  timeRange,
  titleCase,
  toDbTime,
  toIsoDate,
  toPathDate,
} from './index.js';

const today = new Date(2026, 10, 22);

describe('time of day', () => {
  it.each([
    ['9', '9:00 AM'],
    ['930', '9:30 AM'],
    ['0930', '9:30 AM'],
    ['9:30', '9:30 AM'],
    ['9:30p', '9:30 PM'],
    ['9:30 pm', '9:30 PM'],
    ['9 am', '9:00 AM'],
    ['9a', '9:00 AM'],
    ['1', '1:00 PM'],
    ['5', '5:00 PM'],
    ['6', '6:00 AM'],
    ['11', '11:00 AM'],
    ['12', '12:00 PM'],
    ['0', '12:00 AM'],
    ['24', '12:00 AM'],
    ['1230a', '12:30 AM'],
    ['12:15p', '12:15 PM'],
    ['21:15', '9:15 PM'],
    ['320', '3:20 PM'],
    [' 3:20 PM ', '3:20 PM'],
    ['7:05 A.M.', '7:05 AM'],
  ])('%j -> %s', (input, out) => {
    expect(normalizeTimeOfDay(input)).toBe(out);
  });
  it.each(['', 'abc', '25', '9:60', '13pm', '0am', '24:30', '9:3', '12345'])('%j is invalid', (input) => {
    expect(normalizeTimeOfDay(input)).toBeNull();
  });
  it('converts to and from the database time form', () => {
    expect(toDbTime(570)).toBe('09:30:00');
    expect(fromDbTime('21:15:00')).toBe(1275);
  });
  it('normalising twice equals normalising once', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normalizeTimeOfDay(s);
        if (once !== null) expect(normalizeTimeOfDay(once)).toBe(once);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (m) => {
        const t = normalizeTimeOfDay(
          `${Math.floor(m / 60) % 12 || 12}:${String(m % 60).padStart(2, '0')}${m < 720 ? 'a' : 'p'}`,
        );
        expect(normalizeTimeOfDay(t!)).toBe(t);
      }),
    );
  });
});

describe('durations', () => {
  it.each([
    ['1.25', 5, '1:15'],
    ['1:15', 5, '1:15'],
    ['0.1', 5, '0:10'],
    ['0.1', 1, '0:06'],
    ['0.1', 30, '0:30'],
    ['1:61', 1, '2:01'],
    [':45', 5, '0:45'],
    ['2', 5, '2:00'],
    ['90', 5, '1:30'],
    ['1:02', 5, '1:05'],
    ['', 5, ''],
  ] as const)('%j rounding %i -> %j', (input, rounding, out) => {
    expect(normalizeDuration(input, { rounding })).toBe(out);
  });
  it('empty gives 0:00 in the force-null variant; nonsense is invalid', () => {
    expect(normalizeDuration('', { forceZero: true })).toBe('0:00');
    expect(normalizeDuration('abc')).toBeNull();
    expect(hoursToHmm(null)).toBe('');
    expect(hoursToHmm(undefined, { forceZero: true })).toBe('0:00');
    expect(hoursToHmm(1.25)).toBe('1:15');
    expect(minutesToHmm(75)).toBe('1:15');
  });
  it('are never negative and normalise idempotently', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (h) => {
        expect(hoursToHmm(h)).not.toContain('-');
      }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6000 }),
        fc.constantFrom(1, 5, 30) as fc.Arbitrary<1 | 5 | 30>,
        (m, r) => {
          const once = normalizeDuration(minutesToHmm(m), { rounding: r })!;
          expect(normalizeDuration(once, { rounding: r })).toBe(once);
        },
      ),
    );
  });
});

describe('numbers', () => {
  it.each([
    [formatDecimal(1234.5, 2), '1,234.50'],
    [formatDecimal('12abc3', 0), '123'],
    [formatDecimal('', 1), ''],
    [formatPositive(-3, 0), ''],
    [formatPositive(3, 1), '3.0'],
    [formatCurrency(1234.5), '$1,234.50'],
    // Typed input (SPEC §5): above 1 is a whole percent, 1 and below already a fraction.
    [formatPercent(25), '25%'],
    [formatPercent(0.25), '25%'],
    [formatPercent(1), '100%'],
    [formatPercent(103.8, 1), '103.8%'],
    // Computed figures are fractions, whatever their size.
    [formatFraction(1.038), '103.8%'],
    [formatFraction(1), '100%'],
    [formatFraction(0.01), '1%'],
    [formatFraction(0.004), '0.4%'],
    [formatFraction(0.00004), '0%'],
    [formatFraction(0.25), '25%'],
    [formatFraction(12.5), '1,250%'],
    [formatFraction(-0.05), '-5%'],
    [formatFraction(0.66667), '66.7%'],
    [formatFraction(0.66667, 2), '66.67%'],
    [formatFraction(''), ''],
    [formatYears(3), '3 yr'],
    [formatCurrency(null), ''],
  ])('%j is %j', (got, want) => {
    expect(got).toBe(want);
  });
});

describe('dates', () => {
  it.each([
    ['03/20/2026', '03/20/2026'],
    ['032026', '03/20/2026'],
    ['3/20/26', '03/20/2026'],
    ['3/20', '03/20/2026'],
    ['03/20', '03/20/2026'],
    ['03/20/26', '03/20/2026'],
    ['03-20-26', '03/20/2026'],
    ['03-20-2026', '03/20/2026'],
    ['2026/03/20', '03/20/2026'],
    ['2026-03-20', '03/20/2026'],
    ['12/31/69', '12/31/1969'],
    ['01/01/68', '01/01/2068'],
  ])('input %j -> %s', (input, out) => {
    expect(formatDate(parseDateInput(input, today)!)).toBe(out);
  });
  it.each(['02/30/2026', '13/01/2026', 'tomorrow', '2026-02-29', ''])('input %j is refused', (input) => {
    expect(parseDateInput(input, today)).toBeNull();
  });
  it.each([
    ['2026-03-20', '2026-03-20T00:00'],
    ['2026-03-20 14:05', '2026-03-20T14:05'],
    ['2026/03/20', '2026-03-20T00:00'],
    ['03/20/2026', '2026-03-20T00:00'],
    ['03/20/2026 08:30', '2026-03-20T08:30'],
    ['03/20/26 02:15PM', '2026-03-20T14:15'],
  ])('parses %j', (input, iso) => {
    const d = parseDate(input)!;
    expect(
      `${toIsoDate(d)}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`,
    ).toBe(iso);
  });
  it('has a path form both ways', () => {
    expect(toPathDate(new Date(2026, 0, 5))).toBe('01052026');
    expect(toIsoDate(fromPathDate('01052026')!)).toBe('2026-01-05');
    expect(fromPathDate('13052026')).toBeNull();
  });
  it('checks min, max, disabled dates and empty', () => {
    const rules = {
      min: new Date(2026, 0, 1),
      max: new Date(2026, 11, 31),
      disabled: (d: Date) => d.getDay() === 0,
    };
    expect(normalizeDateInput('2025-12-31', rules, today)).toMatchObject({
      valid: false,
      error: 'The date must be on or after 01/01/2026.',
    });
    expect(normalizeDateInput('2027-01-01', rules, today)).toMatchObject({
      valid: false,
      error: 'The date must be on or before 12/31/2026.',
    });
    expect(normalizeDateInput('11/22/2026', rules, today)).toMatchObject({
      valid: false,
      error: 'This date is not available.',
    });
    expect(normalizeDateInput('11/23/26', rules, today)).toEqual({ value: '11/23/2026', valid: true });
    expect(normalizeDateInput('', { allowEmpty: false }, today)).toMatchObject({
      valid: false,
      error: 'This value should not be blank.',
    });
    expect(normalizeDateInput('', {}, today)).toEqual({ value: '', valid: true });
    expect(normalizeDateInput('nope', {}, today).error).toBe('Please enter a valid date (e.g. 11/22/2026).');
  });
  it('formatting a parsed value gives the normal form, on every day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }),
        (d) => {
          const local = new Date(d.getFullYear(), d.getMonth(), d.getDate());
          const shown = formatDate(local);
          expect(formatDate(parseDateInput(shown, today)!)).toBe(shown);
          expect(formatDate(parseDateInput(toIsoDate(local), today)!)).toBe(shown);
          expect(formatDate(fromPathDate(toPathDate(local))!)).toBe(shown);
        },
      ),
    );
  });
});

describe('validators', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@example.com', true],
    ['bad', false],
    ['a@b', false],
    ['a b@c.com', false],
  ])('email %j valid=%s', (input, valid) => {
    expect(checkEmail(input).valid).toBe(valid);
    if (!valid) expect(checkEmail(input).error).toBe(EMAIL_MESSAGE);
  });
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['+1 555.123.4567', '(555) 123-4567'],
    ['555-123-4567 x12', '(555) 123-4567 x12'],
    ['1-555-123-4567', '(555) 123-4567'],
  ])('phone %j -> %s', (input, out) => {
    expect(checkPhone(input)).toEqual({ value: out, valid: true });
  });
  it.each(['123', '555-1234', '055-123-4567', 'phone'])('phone %j is refused', (input) => {
    expect(checkPhone(input)).toMatchObject({ valid: false, error: PHONE_MESSAGE });
  });
  it('normalises tax ids and DUNS numbers with every separator, and refuses the rest with the SPEC messages', () => {
    expect(checkTaxId('12-3456789')).toEqual({ value: '12-3456789', valid: true });
    expect(checkTaxId('12.345/67\\89').value).toBe('12-3456789');
    expect(checkTaxId('12-345678')).toMatchObject({ valid: false, error: TAX_ID_MESSAGE });
    expect(checkTaxId('ab-cdefghi').error).toBe('Format does not match "##-#######"');
    expect(checkDuns('123456789')).toEqual({ value: '12-345-6789', valid: true });
    expect(checkDuns('12/345/6789').value).toBe('12-345-6789');
    expect(checkDuns('12-345-678')).toMatchObject({ valid: false, error: DUNS_MESSAGE });
    expect(checkDuns('x').error).toBe('Format does not match "##-###-####"');
  });
  it('accepts every separator variant of a valid number and normalises idempotently', () => {
    const sep = fc.constantFrom('', '-', '.', '/', '\\');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
        fc.array(sep, { minLength: 9, maxLength: 9 }),
        (digits, seps) => {
          const typed = digits.map((d, i) => `${d}${seps[i]}`).join('');
          const tax = checkTaxId(typed);
          const duns = checkDuns(typed);
          expect(tax.valid && duns.valid).toBe(true);
          expect(tax.value.replace('-', '')).toBe(digits.join(''));
          expect(checkTaxId(tax.value).value).toBe(tax.value);
          expect(checkDuns(duns.value).value).toBe(duns.value);
        },
      ),
    );
  });
  it.each([
    ['server.name-1:a_b', true],
    ['a', true],
    ['1abc', false],
    ['a b', false],
    ['', false],
  ])('identifier %j valid=%s', (input, valid) => {
    expect(checkIdentifier(input).valid).toBe(valid);
  });
});

describe('title case', () => {
  it.each([
    ['replace firewall at the main office', 'Replace Firewall at the Main Office'],
    ['configure vpn for iphone users', 'Configure VPN for iPhone Users'],
    ['the end of the line', 'The End of the Line'],
    ['set up microsoft 365 and onedrive', 'Set up Microsoft 365 and OneDrive'],
    ['enable bitlocker on HR laptops', 'Enable BitLocker on HR Laptops'],
    ['wi-fi outage in warehouse', 'Wi-Fi Outage in Warehouse'],
  ])('%j -> %j', (input, out) => {
    expect(titleCase(input)).toBe(out);
  });
  it('takes the brand list as data', () => {
    expect(titleCase('install acmesoft agent', ['AcmeSoft'])).toBe('Install AcmeSoft Agent');
  });
  it('is idempotent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('the', 'vpn', 'IPHONE', 'server', 'of', 'and', 'Wi-Fi', 'new', 'onedrive'), {
          minLength: 1,
          maxLength: 8,
        }),
        (words) => {
          const once = titleCase(words.join(' '));
          expect(titleCase(once)).toBe(once);
        },
      ),
    );
  });
});

describe('slip display', () => {
  it('shows ranges with a/p, durations only when start is before stop, multipliers and a default date', () => {
    expect(timeRange('9:00 AM', '10:30 AM')).toBe('9:00a - 10:30a');
    expect(timeRange('11:45 AM', '1:15 PM')).toBe('11:45a - 1:15p');
    expect(slipDuration('9:00 AM', '10:30 AM')).toBe('1:30');
    expect(slipDuration('10:30 AM', '9:00 AM')).toBe('');
    expect(slipDuration('9:00 AM', null)).toBe('');
    expect([0, 1, 1.5, 2].map(multiplierLabel)).toEqual(['0x', '1x', '1.5x', '2x']);
    expect(slipDate(null, today)).toBe('11/22/2026');
  });

  it('reads a 12:00 AM end after a later start as the midnight that ends the day', () => {
    expect(slipDuration('11:00 PM', '12:00 AM')).toBe('1:00');
    expect(stopMinutes(1380, 0)).toBe(1440);
    expect(stopMinutes(0, 0)).toBe(0);
    expect(stopMinutes(600, null)).toBeNull();
    expect(stopMinutes(600, 660)).toBe(660);
  });
});
