// The opportunity basics form: its fields, the probability a picked stage brings, and the close-date warning.
import { formatDate } from '../../../shared/format';
import { formatMoney, lineAmount, parseDecimal } from '../../../shared/format/money';
import type { Option } from '../../../shared/schemas/common';
import { codeLabel } from '../../../shared/schemas/fields';
import { CLOSE_DATE_PAST_WARNING, closeDateLongPast, OUTCOMES } from '../../../shared/schemas/opportunity';
import type { FieldSection } from '../records/record-fields';

/** A stage of the form's options: its default probability and outcome come with it. */
export type StageOption = Option & { probability?: number; outcome?: string };

const bareValue = (v: unknown) => (v && typeof v === 'object' && 'value' in v ? (v as Option).value : v);

/** OPEN, WON or LOST: the outcome of the stage shown (a picked stage brings its own). */
export function outcomeOf(values: Record<string, unknown>): string | null {
  const outcome = bareValue(values.outcome);
  return outcome === null || outcome === undefined ? null : String(outcome);
}

/** amount × probability to the cent, from what is typed now; empty while either is not a valid entry. */
export function weightedText(values: Record<string, unknown>): string {
  const amount = parseDecimal(String(values.amount ?? ''));
  const p = Number(values.probability);
  if (!amount?.ok || values.probability === null || values.probability === '' || !Number.isInteger(p))
    return '';
  if (p < 0 || p > 100) return '';
  return formatMoney(lineAmount(amount.value, (p / 100).toFixed(2)));
}

/**
 * Picking a stage brings its default probability unless the user typed another one (the probability still equals
 * the previous stage's default, or is empty), and its outcome; leaving a lost stage clears the lost reason it no
 * longer needs. The stage is kept as a plain {label, value} (the form sends its value alone).
 */
export function deriveFromStage(
  change: { name: string; value: unknown },
  before: Record<string, unknown>,
  formOptions: Record<string, Option[]>,
): Record<string, unknown> | undefined {
  if (change.name !== 'stage') return undefined;
  const stages = (formOptions.stage ?? []) as StageOption[];
  const find = (v: unknown) => stages.find((s) => String(s.value) === String(bareValue(v)));
  const next = find(change.value);
  if (!next) return undefined;
  const previousDefault = find(before.stage)?.probability;
  const typed = before.probability;
  const untouched =
    typed === null || typed === undefined || typed === '' || Number(typed) === previousDefault;
  const out: Record<string, unknown> = { stage: { value: next.value, label: next.label } };
  if (next.probability !== undefined && untouched) out.probability = next.probability;
  if (next.outcome) {
    out.outcome = { value: next.outcome, label: codeLabel(OUTCOMES, next.outcome) };
    if (next.outcome !== 'LOST') out.lostReason = null;
  }
  return out;
}

/** The warning of an open opportunity whose expected close date is more than 30 days ago. */
export function closeDateWarnings(values: Record<string, unknown>): Record<string, string[]> {
  const close = typeof values.closeDate === 'string' ? values.closeDate : null;
  return outcomeOf(values) === 'OPEN' && closeDateLongPast(close, formatDate(new Date()))
    ? { closeDate: [CLOSE_DATE_PAST_WARNING] }
    : {};
}

export const SECTIONS: FieldSection[] = [
  {
    fields: [
      {
        name: 'organization',
        label: 'Organization',
        kind: 'typeahead',
        url: '/api/suggest/clients/',
        required: true,
        col: 'col-md-6',
      },
      {
        name: 'number',
        label: 'Number',
        kind: 'text',
        col: 'col-md-6',
        maxLength: 40,
        hint: 'Empty: the next number is given on save.',
      },
      { name: 'title', label: 'Title', kind: 'text', required: true, col: 'col-12', maxLength: 200 },
      { name: 'stage', label: 'Stage', kind: 'select', required: true, col: 'col-md-6' },
      { name: 'owner', label: 'Owner', kind: 'select', col: 'col-md-6' },
    ],
  },
  {
    title: 'Value',
    fields: [
      {
        name: 'amount',
        label: 'Amount',
        kind: 'text',
        required: true,
        inputMode: 'decimal',
        col: 'col-6 col-md-3',
        visible: (_v, editing) => editing,
      },
      // Read, the amount shows as money.
      {
        name: 'amountShown',
        label: 'Amount',
        kind: 'display',
        col: 'col-6 col-md-3',
        display: (v) => formatMoney(String(v.amount ?? '')),
        visible: (_v, editing) => !editing,
      },
      {
        name: 'probability',
        label: 'Probability (%)',
        kind: 'number',
        required: true,
        col: 'col-6 col-md-3',
      },
      { name: 'weighted', label: 'Weighted', kind: 'display', col: 'col-6 col-md-3', display: weightedText },
      { name: 'closeDate', label: 'Expected Close Date', kind: 'date', col: 'col-6 col-md-3' },
    ],
  },
  {
    fields: [
      { name: 'source', label: 'Source', kind: 'select', col: 'col-md-6' },
      {
        name: 'lostReason',
        label: 'Lost Reason',
        kind: 'select',
        col: 'col-md-6',
        visible: (v) => outcomeOf(v) === 'LOST' || !!v.lostReason,
      },
      {
        name: 'outage',
        label: 'From Outage',
        kind: 'display',
        col: 'col-md-6',
        display: (v) => (v.outage as Option | null)?.label ?? '',
        visible: (v) => !!v.outage,
      },
      { name: 'notes', label: 'Notes', kind: 'textarea', col: 'col-12' },
    ],
  },
];
