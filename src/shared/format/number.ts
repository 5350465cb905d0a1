// Numbers (SPEC §5), locale en-US: fixed decimals, positive-only, USD, percent, years; empty gives empty.
type Num = number | string | null | undefined;

/** A number from a value; strings have everything but digits, sign and point stripped. */
export function toNumber(value: Num): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const cleaned = value.replace(/[^\d.-]/g, '');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

const formatters = new Map<string, Intl.NumberFormat>();
const fmt = (key: string, options: Intl.NumberFormatOptions) => {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', options);
    formatters.set(key, f);
  }
  return f;
};

export function formatDecimal(value: Num, decimals: 0 | 1 | 2 = 0): string {
  const n = toNumber(value);
  return n === null
    ? ''
    : fmt(`d${decimals}`, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

/** Negative values show as empty: the field only takes amounts of zero and above. */
export function formatPositive(value: Num, decimals: 0 | 1 | 2 = 0): string {
  const n = toNumber(value);
  return n === null || n < 0 ? '' : formatDecimal(n, decimals);
}

export function formatCurrency(value: Num): string {
  const n = toNumber(value);
  return n === null ? '' : fmt('usd', { style: 'currency', currency: 'USD' }).format(n);
}

/**
 * Percent as a person types it (SPEC §5): values above 1 are whole percents (divided by 100); 1 and below are
 * already fractions. Only for typed input: a computed figure knows its unit, so it goes through formatFraction.
 */
export function formatPercent(value: Num, decimals: 0 | 1 | 2 = 0): string {
  const n = toNumber(value);
  if (n === null) return '';
  const fraction = Math.abs(n) > 1 ? n / 100 : n;
  return fmt(`p${decimals}`, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(fraction);
}

/**
 * A computed share, always a fraction (1.038 → "103.8%", 0.004 → "0.4%", 1 → "100%"), with at most `decimals`
 * decimals: never guessed from its size, so 103.8 % and 1 % keep their unit.
 */
export function formatFraction(value: Num, decimals: 0 | 1 | 2 = 1): string {
  const n = toNumber(value);
  if (n === null) return '';
  return fmt(`f${decimals}`, { style: 'percent', maximumFractionDigits: decimals }).format(n);
}

export function formatYears(value: Num): string {
  const n = toNumber(value);
  return n === null ? '' : `${formatDecimal(n, 0)} yr`;
}
