// What a typed line becomes (issue 17): the preview's rows and, once everything is resolved, the slip's values.

import { CASE_BILLED } from '../../../shared/billing';
import { formatDate, parseDate, toIsoDate } from '../../../shared/format/date';
import { formatTimeOfDay, parseTimeOfDay } from '../../../shared/format/time-of-day';
import {
  MATCH_WORDS_MAX,
  NAME_THE_TASK,
  type QuickCandidate,
  type QuickLine,
  type QuickMatch,
  type QuickMatchTask,
  resolveTimes,
  splitDescription,
  timesLabel,
} from '../../../shared/quick-entry';
import {
  CLOSED_CASE,
  CLOSED_TASK,
  HOW_OPTIONS,
  RATE_MULTIPLIER_OPTIONS,
  type Slip,
  WHERE_OPTIONS,
} from '../../../shared/schemas/slip';
import type { SlipValues } from '../slips/slip-logic';

/** The words and case the server is asked about (null: nothing to ask). */
export type MatchKey = { words: string[]; caseId: number | null };

export function matchKeyOf(line: QuickLine): MatchKey | null {
  const words = line.targetWords.slice(0, MATCH_WORDS_MAX);
  if (words.length === 0 && line.caseId === null) return null;
  return { words, caseId: line.caseId };
}

export const matchUrl = (key: MatchKey) => {
  const query = new URLSearchParams();
  if (key.words.length) query.set('words', key.words.join(' '));
  if (key.caseId !== null) query.set('case', String(key.caseId));
  return `/api/time/quick-match?${query}`;
};

/** The server's answer, or (`offline`) the same rule's over the tasks this device knows. */
export type QuickAnswer = QuickMatch & { offline?: boolean };

/** With no network a word only the server could resolve is said so plainly; the line stays in the box. */
export const offlineNoTask = (asked: string) =>
  `Offline: no task on this device matches “${asked}”. Pick a recent task or try again when online.`;
export const offlineNoCase = (caseId: number) =>
  `Offline: case #${caseId} is not on this device. Try again when online.`;

/** Reasons a slip's task takes no new time at all (a week lock is about its day only). */
const TASK_CLOSED = new Set<string>([CASE_BILLED, CLOSED_CASE, CLOSED_TASK]);

/** yyyy-MM-dd of a slip's day. */
const dayOfSlip = (slip: Pick<Slip, 'start' | 'date'>) => {
  if (/^\d{4}-\d{2}-\d{2}/.test(slip.start)) return slip.start.slice(0, 10);
  const d = parseDate(slip.date);
  return d ? toIsoDate(d) : null;
};

/**
 * The tasks a device knows, one each: those the server listed as the user's recent open tasks, then those of slips
 * it remembers (their labels, the latest day), except tasks a slip says take no time (billed or closed).
 */
export function candidatesOf(kept: readonly QuickCandidate[], slips: readonly Slip[]): QuickCandidate[] {
  const byTask = new Map<number, QuickCandidate>(kept.map((c) => [c.taskId, { ...c }]));
  const closed = new Set<number>();
  for (const s of slips) {
    if (!s.task || !s.case || s.taskId == null) continue;
    if (s.locked && TASK_CLOSED.has(s.locked)) {
      closed.add(s.taskId);
      continue;
    }
    const day = dayOfSlip(s);
    const known = byTask.get(s.taskId);
    if (known) {
      if (day && (known.lastWorked === null || day > known.lastWorked)) known.lastWorked = day;
      continue;
    }
    byTask.set(s.taskId, {
      taskId: s.taskId,
      taskTitle: s.task.label,
      caseId: s.caseId,
      caseTitle: s.case.label,
      organization: s.organization?.label ?? '',
      shortCode: null,
      lastWorked: day,
    });
  }
  return [...byTask.values()].filter((c) => !closed.has(c.taskId));
}

export const taskLabel = (t: QuickMatchTask) =>
  `${t.organization} › #${t.caseId} ${t.caseTitle} › ${t.taskTitle}`;

export type TaskState =
  | { kind: 'missing'; message: string }
  | { kind: 'loading' }
  | { kind: 'none'; message: string }
  | { kind: 'ambiguous'; total: number; matches: QuickMatchTask[] }
  | { kind: 'found'; task: QuickMatchTask };

export type Plan = {
  day: Date;
  times: { start: number; end: number | null } | { message: string };
  task: TaskState;
  where: string | null;
  how: string | null;
  multiplier: string | null;
  description: string;
  unknown: string[];
  /** The task was resolved on this device, with no network. */
  offline: boolean;
};

const label = (options: readonly { value: string; label: string }[], value: string | null) =>
  value === null ? null : (options.find((o) => o.value === value)?.label ?? value);

/** The end of the last slip of the day that has one (minutes), or null. */
export function lastEndOf(slips: readonly Pick<Slip, 'date' | 'stopTime'>[], day: Date): number | null {
  const date = formatDate(day);
  let last: number | null = null;
  for (const s of slips) {
    const end = s.date === date && s.stopTime ? parseTimeOfDay(s.stopTime) : null;
    if (end !== null && (last === null || end > last)) last = end;
  }
  return last;
}

/**
 * The line on a day (`displayed`, or the day before with `yesterday`) against the server's answer for its words
 * (undefined while it is on its way) and the task the user picked among several (if any).
 */
export function planOf(
  line: QuickLine,
  match: QuickAnswer | undefined,
  picked: QuickMatchTask | null,
  context: { displayed: Date; slips: readonly Pick<Slip, 'date' | 'stopTime'>[]; now: Date },
): Plan {
  const { displayed, now } = context;
  const day = line.yesterday
    ? new Date(displayed.getFullYear(), displayed.getMonth(), displayed.getDate() - 1)
    : displayed;
  const isToday = formatDate(day) === formatDate(now);
  const times = resolveTimes(line.time, {
    lastEnd: lastEndOf(context.slips, day),
    now: isToday ? now.getHours() * 60 + now.getMinutes() : null,
  });
  const key = matchKeyOf(line);
  let task: TaskState;
  let consumed = 0;
  if (!key) task = { kind: 'missing', message: NAME_THE_TASK };
  else if (!match) task = { kind: 'loading' };
  else {
    consumed = match.consumed;
    const asked = key.caseId !== null ? `#${key.caseId}` : line.targetWords.join(' ');
    if (picked) task = { kind: 'found', task: picked };
    else if (match.total === 0 && match.offline)
      task = {
        kind: 'none',
        message: key.caseId !== null ? offlineNoCase(key.caseId) : offlineNoTask(asked),
      };
    else if (match.total === 0) task = { kind: 'none', message: `No open task matches “${asked}”.` };
    else if (match.total === 1 && match.matches[0]) task = { kind: 'found', task: match.matches[0] };
    else task = { kind: 'ambiguous', total: match.total, matches: match.matches.slice(0, 9) };
  }
  const { description, unknown } = splitDescription(line, consumed);
  return {
    day,
    times,
    task,
    where: label(WHERE_OPTIONS, line.where),
    how: label(HOW_OPTIONS, line.how),
    multiplier: label(RATE_MULTIPLIER_OPTIONS, line.multiplier),
    description,
    unknown,
    offline: match?.offline === true,
  };
}

export const timesText = (plan: Plan) =>
  'message' in plan.times ? plan.times.message : timesLabel(plan.times.start, plan.times.end);

/** Why the plan cannot be saved yet, or null when it can. */
export function blocker(plan: Plan): string | null {
  if ('message' in plan.times) return plan.times.message;
  if (plan.task.kind === 'missing' || plan.task.kind === 'none') return plan.task.message;
  if (plan.task.kind === 'loading') return 'Looking for the task…';
  if (plan.task.kind === 'ambiguous')
    return `${plan.task.total} open tasks match: pick one (1–9, or ↑/↓ and Enter).`;
  if (plan.unknown.length) return `Not understood: ${plan.unknown.join(' ')}. Remove or correct it.`;
  return null;
}

/** The slip's form values of a resolved plan. */
export function valuesOfPlan(
  plan: Plan,
  line: QuickLine,
  userId: number,
): { values: SlipValues; task: QuickMatchTask } | null {
  if (blocker(plan) !== null || plan.task.kind !== 'found' || 'message' in plan.times) return null;
  const { start, end } = plan.times;
  return {
    task: plan.task.task,
    values: {
      version: 0,
      startTime: formatTimeOfDay(start),
      stopTime: end === null ? '' : formatTimeOfDay(end),
      date: formatDate(plan.day),
      task: plan.task.task.taskId,
      user: userId,
      where: line.where,
      how: line.how,
      rateMultiplier: line.multiplier ?? '1',
      comment: plan.description,
    },
  };
}
