// Actual vs billable time: a slip keeps the minutes it was worked; billable minutes are derived from them by the
// rounding rule that applies (an agreement service's, else the organization's, else the default of SPEC §9) and the
// rate multiplier. Times are never rewritten. The server computes the same figures in SQL (slip/billable-sql.ts).
import { minutesToHmm } from './format/duration.js';

export type RoundingRule = { minimum: number; increment: number };
export type RoundingSource = 'DEFAULT' | 'ORGANIZATION' | 'SERVICE';

/** SPEC §9 "Default duration rounding 5 minutes", with no minimum. */
export const DEFAULT_ROUNDING: RoundingRule = { minimum: 0, increment: 5 };

/** The billing of a slip whose rule the server has not told yet (a card shown before its save answers). */
export const DEFAULT_BILLING = {
  ...DEFAULT_ROUNDING,
  source: 'DEFAULT' as RoundingSource,
  sourceLabel: 'default',
  explanation: null,
};

/** The ranges the database checks allow (organizations and agreement services alike). */
export const ROUNDING_MINIMUM_MAX = 480;
export const ROUNDING_INCREMENT_MIN = 1;
export const ROUNDING_INCREMENT_MAX = 60;
export const ROUNDING_MINIMUM_MESSAGE = `Please enter a rounding minimum from 0 to ${ROUNDING_MINIMUM_MAX} minutes, or leave it empty.`;
export const ROUNDING_INCREMENT_MESSAGE = `Please enter a rounding increment from ${ROUNDING_INCREMENT_MIN} to ${ROUNDING_INCREMENT_MAX} minutes, or leave it empty.`;

/** The rule a slip carries; slips kept on a device from before billable time have none: the default then. */
export const ruleOf = (billing: Partial<RoundingRule> | null | undefined): RoundingRule => ({
  minimum: billing?.minimum ?? DEFAULT_ROUNDING.minimum,
  increment: billing?.increment ?? DEFAULT_ROUNDING.increment,
});

/** A stored rule (both parts nullable): null when neither part is set; a missing part is the default's. */
export function storedRule(minimum: number | null, increment: number | null): RoundingRule | null {
  if (minimum === null && increment === null) return null;
  return { minimum: minimum ?? DEFAULT_ROUNDING.minimum, increment: increment ?? DEFAULT_ROUNDING.increment };
}

/** Minutes rounded up to the increment, at least the minimum; nothing worked stays nothing. */
export function rounded(actual: number, rule: RoundingRule): number {
  if (actual <= 0) return 0;
  return Math.ceil(Math.max(actual, rule.minimum) / rule.increment) * rule.increment;
}

/** Billable minutes: rounded × multiplier, to the whole minute (0x is no charge). */
export function billable(actual: number, rule: RoundingRule, multiplier: number): number {
  return Math.round(rounded(actual, rule) * multiplier);
}

/** "Acme Corp agreement service Block Hours", "Acme Corp", "default". */
export function sourceLabel(source: RoundingSource, organization: string, service: string | null): string {
  if (source === 'SERVICE') return `${organization} agreement service ${service ?? ''}`.trim();
  if (source === 'ORGANIZATION') return organization;
  return 'default';
}

const multiplierText = (m: number) => String(Number(m.toFixed(2)));

/**
 * "1:07 rounded up to 1:15 (15-minute increments, 30-minute minimum: Acme Corp agreement service Block Hours)
 * × 1.5 = 1:53". Parts that change nothing are left out (no minimum, already on the increment, × 1).
 */
export function explainBillable(
  actual: number,
  rule: RoundingRule,
  multiplier: number,
  label: string,
): string {
  const r = rounded(actual, rule);
  const parts = [`${rule.increment}-minute increment${rule.increment === 1 ? '' : 's'}`];
  if (rule.minimum > 0) parts.push(`${rule.minimum}-minute minimum`);
  const how = `(${parts.join(', ')}: ${label})`;
  const start =
    r === actual
      ? `${minutesToHmm(actual)} ${how}`
      : `${minutesToHmm(actual)} rounded up to ${minutesToHmm(r)} ${how}`;
  if (multiplier === 1) return start;
  return `${start} × ${multiplierText(multiplier)} = ${minutesToHmm(billable(actual, rule, multiplier))}`;
}
