// Exact decimals for money and quantities: parsed from what a person types, carried as text ("1234.50"), computed
// in integer hundredths with BigInt. Never a float: 0.1 + 0.2 must not reach an invoice.

export const MONEY_MAX_DIGITS = 10;

export type DecimalParse = { ok: true; value: string } | { ok: false; error: string };

export const AMOUNT_INVALID = 'Please enter an amount like 1,250.00.';
export const AMOUNT_NEGATIVE = 'Please enter an amount of 0 or more.';
export const AMOUNT_TOO_BIG = 'This amount is too large.';
export const AMOUNT_DECIMALS = 'Please use no more than 2 decimals.';

/** "$1,250.5" → "1250.50"; blank → null (the caller decides whether that is allowed). */
export function parseDecimal(input: string | number, maxWholeDigits = MONEY_MAX_DIGITS): DecimalParse | null {
  const text = String(input).trim().replace(/^\$/, '').replace(/,/g, '').replace(/^\$/, '');
  if (text === '') return null;
  if (/^-/.test(text) && /^-\$?\d*\.?\d*$/.test(text)) return { ok: false, error: AMOUNT_NEGATIVE };
  const found = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!found || (found[1] === '' && !found[2])) return { ok: false, error: AMOUNT_INVALID };
  const whole = (found[1] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = found[2] ?? '';
  if (fraction.length > 2) return { ok: false, error: AMOUNT_DECIMALS };
  if (whole.length > maxWholeDigits) return { ok: false, error: AMOUNT_TOO_BIG };
  return { ok: true, value: `${whole}.${fraction.padEnd(2, '0')}` };
}

/** Hundredths of a decimal text ("12.34" → 1234n). */
export const toHundredths = (value: string): bigint => {
  const [whole = '0', fraction = ''] = value.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '') || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)));
};

/** 1234n → "12.34". */
export function fromHundredths(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Rounds a/b to the nearest whole number, halves away from zero (as PostgreSQL rounds numeric). */
function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (y * 2n);
  return negative ? -q : q;
}

export const BILLING_MONTHS = { MONTHLY: 1, QUARTERLY: 3, ANNUAL: 12, ONE_TIME: 0 } as const;
export type BillingFrequency = keyof typeof BILLING_MONTHS;

/** Quantity × unit price, in hundredths of a cent-exact amount rounded to cents. */
export function lineAmount(quantity: string, unitPrice: string): string {
  return fromHundredths(divideRounded(toHundredths(quantity) * toHundredths(unitPrice), 100n));
}

/**
 * What one service adds to the monthly recurring value: quantity × price spread over the billing period (a
 * quarterly line counts a third each month), rounded to cents; one-time charges recur never and add nothing.
 */
export function monthlyAmount(quantity: string, unitPrice: string, frequency: BillingFrequency): string {
  const months = BILLING_MONTHS[frequency];
  if (!months) return '0.00';
  return fromHundredths(
    divideRounded(toHundredths(quantity) * toHundredths(unitPrice), 100n * BigInt(months)),
  );
}

/** Sum of decimal texts, exact. */
export const sumAmounts = (values: string[]): string =>
  fromHundredths(values.reduce((total, v) => total + toHundredths(v), 0n));

/** "1234.5" → "$1,234.50"; null/blank → "". Formatting works on the text, so no digit is ever lost to a float. */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const fixed = fromHundredths(toHundredths(value));
  const negative = fixed.startsWith('-');
  const [whole = '0', fraction = '00'] = fixed.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${fraction}`;
}

/** "10.00" → "10", "2.50" → "2.5": a quantity as people write it. */
export function formatQuantity(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
