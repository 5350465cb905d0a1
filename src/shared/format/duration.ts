// Durations (SPEC §5): decimal hours or h:mm → h:mm, minutes rounded up to 5 (default), 30 or 1.
export type Rounding = 1 | 5 | 30;

/** `h:mm` of a number of minutes (never negative). */
export function minutesToHmm(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

/** Rounds minutes up to the increment. */
export function roundUpMinutes(minutes: number, rounding: Rounding = 5): number {
  return Math.ceil(Math.max(0, minutes) / rounding) * rounding;
}

/** Minutes of `1:15`, `1.25` (hours), `:45` or `90` (minutes when over 24, hours otherwise), or null. */
export function parseDuration(input: string): number | null {
  const text = input.trim();
  if (text === '') return null;
  const hm = /^(\d*):(\d{1,2})$/.exec(text);
  if (hm) {
    const minutes = Number(hm[2]);
    // 60+ minutes carry into hours
    return Number(hm[1] || 0) * 60 + minutes;
  }
  if (/^\d*\.?\d+$/.test(text)) {
    const n = Number(text);
    return n > 24 && !text.includes('.') ? n : n * 60;
  }
  return null;
}

/** Decimal hours → `h:mm` (`1.25` → `1:15`), rounded up; empty → '' (or `0:00` with forceZero). */
export function hoursToHmm(
  hours: number | null | undefined,
  options: { rounding?: Rounding; forceZero?: boolean } = {},
): string {
  if (hours === null || hours === undefined || Number.isNaN(hours)) return options.forceZero ? '0:00' : '';
  return minutesToHmm(roundUpMinutes(hours * 60, options.rounding ?? 5));
}

/** The normal form of a typed duration, or null when it is invalid. */
export function normalizeDuration(
  input: string,
  options: { rounding?: Rounding; forceZero?: boolean } = {},
): string | null {
  if (input.trim() === '') return options.forceZero ? '0:00' : '';
  const minutes = parseDuration(input);
  if (minutes === null) return null;
  return minutesToHmm(roundUpMinutes(minutes, options.rounding ?? 5));
}
