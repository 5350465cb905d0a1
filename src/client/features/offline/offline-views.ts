// How a queued change looks before the server answers: a slip or bucket as typed, and a new slip's defaults built
// on this device from what it has seen (the server's rules of slip-defaults as far as a remembered day allows).

import { formatDate, parseDateInput, toIsoDate } from '../../../shared/format/date';
import { minutesToHmm, parseDuration } from '../../../shared/format/duration';
import { formatTimeOfDay, parseTimeOfDay } from '../../../shared/format/time-of-day';
import { billable, explainBillable, ruleOf } from '../../../shared/rounding';
import type { Bucket, Slip, SlipFormOptions, SlipSummary } from '../../../shared/schemas/slip';
import type { SlipValues } from '../slips/slip-logic';

// The schema module's code lists would bring the validation library along: the form's options carry the labels.
const ONE_X = { value: '1', label: '1x' };

/** A code option of a slip (where, how, rate multiplier): its code and label. */
type CodeOption = NonNullable<Slip['where']>;

const pick = (options: readonly CodeOption[], value: string | null, previous: CodeOption | null) => {
  if (value === null || value === '') return null;
  if (previous && String(previous.value) === String(value)) return previous;
  const found = options.find((o) => String(o.value) === String(value));
  return found ? { value: found.value, label: found.label } : { value, label: String(value) };
};

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The slip a card shows for values not yet saved: times, date, how/where/multiplier labels and minutes. */
export function slipAsTyped(base: Slip, values: SlipValues, formOptions: SlipFormOptions): Slip {
  const start = parseTimeOfDay(values.startTime);
  const stop = values.stopTime ? parseTimeOfDay(values.stopTime) : null;
  const date = parseDateInput(values.date);
  const iso = date ? toIsoDate(date) : '';
  const minutes = start !== null && stop !== null && stop > start ? stop - start : null;
  const multiplier = pick(formOptions.rateMultiplier, values.rateMultiplier, base.rateMultiplier) ?? ONE_X;
  // The rule the server last gave this slip (its organization's, on its day), applied to the times as typed.
  const rule = ruleOf(base.billing);
  const label = base.billing?.sourceLabel ?? 'default';
  const times = Number(multiplier.value);
  return {
    ...base,
    startTime: start === null ? values.startTime : formatTimeOfDay(start),
    stopTime: stop === null ? null : formatTimeOfDay(stop),
    date: date ? formatDate(date) : values.date,
    where: pick(formOptions.where, values.where, base.where),
    how: pick(formOptions.how, values.how, base.how),
    rateMultiplier: multiplier,
    comment: values.comment || null,
    start: start === null ? `${iso}T` : `${iso}T${hhmm(start)}`,
    stop: stop === null ? null : `${iso}T${hhmm(stop)}`,
    minutes,
    billableMinutes: minutes === null ? null : billable(minutes, rule, times),
    billing: {
      ...rule,
      source: base.billing?.source ?? 'DEFAULT',
      sourceLabel: label,
      explanation: minutes === null ? null : explainBillable(minutes, rule, times, label),
    },
  };
}

/** A bucket with the time and summary as typed (a time that is not a duration keeps the old minutes). */
export function bucketAsTyped(bucket: Bucket, values: { time: string; comment: string }): Bucket {
  const minutes = values.time.trim() === '' ? 0 : parseDuration(values.time);
  return {
    ...bucket,
    time: minutes === null ? values.time : minutesToHmm(minutes),
    minutes: minutes ?? bucket.minutes,
    comment: values.comment || null,
  };
}

/**
 * A new slip for a task with no network, as the server would fill it: the task's latest slip this device has seen
 * gives the task, case and client labels and the how/where habit (else the user's latest slip's habit); the start is
 * left for the user, like the server's blank slip. Null when no remembered day has a slip of the task.
 */
export function localDefaults(
  taskId: number,
  remembered: readonly SlipSummary[],
  today: string,
): Slip | null {
  const all = remembered
    .flatMap((s) => s.slips)
    .sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
  const onTask = all.find((s) => s.taskId === taskId);
  if (!onTask) return null;
  const habit = onTask.how || onTask.where ? onTask : (all[0] ?? onTask);
  return {
    ...onTask,
    id: 0,
    number: 0,
    version: 0,
    startTime: '',
    stopTime: null,
    date: today,
    where: habit.where,
    how: habit.how,
    rateMultiplier: { ...ONE_X },
    comment: null,
    start: '',
    stop: null,
    minutes: null,
    billableMinutes: null,
    billing: {
      ...ruleOf(onTask.billing),
      source: onTask.billing?.source ?? 'DEFAULT',
      sourceLabel: onTask.billing?.sourceLabel ?? 'default',
      explanation: null,
    },
    created: { at: '', by: null },
    updated: { at: '', by: null },
  };
}
