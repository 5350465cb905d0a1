// The values a new slip starts with (SPEC §7 "Create-defaults response: slip"): GET /api/manage/slip/create.
// How and Where repeat the user's habit on the task, else their latest slip; a copy carries its source's
// description, task, how, where and duration and starts where the user's day ends, so it never overlaps its source.
import { formatTimeOfDay, fromDbTime } from '../../../shared/format/time-of-day.js';
import {
  HOW_OPTIONS,
  type NewSlip,
  RATE_MULTIPLIER_OPTIONS,
  WHERE_OPTIONS,
} from '../../../shared/schemas/slip.js';
import { notFound } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { billingFor } from './billable-sql.js';
import { codeOption, displayDate, loadSlipRow } from './slip.service.js';

type TaskRef = {
  id: number;
  title: string;
  is_project: boolean;
  case_id: number;
  case_title: string;
  organization_id: number;
  organization_name: string;
};

type Habit = { how_code: string | null; where_code: string | null };

const MINUTES_PER_DAY = 24 * 60;

async function taskRef(db: Queryable, taskId: number): Promise<TaskRef | null> {
  const { rows } = await db.query<TaskRef>(
    `SELECT t.id, t.title, t.is_project, c.id AS case_id, c.title AS case_title,
            o.id AS organization_id, o.name AS organization_name
       FROM tasks t JOIN cases c ON c.id = t.case_id JOIN organizations o ON o.id = c.organization_id
      WHERE t.id = $1`,
    [taskId],
  );
  return rows[0] ?? null;
}

const HABIT_ORDER = 'ORDER BY work_date DESC, start_time DESC, id DESC LIMIT 1';

/** How and Where of the user's most recent slip on the task, else of their most recent slip (both indexed). */
export async function recentHabit(db: Queryable, userId: number, taskId: number | null): Promise<Habit> {
  if (taskId !== null) {
    const onTask = await db.query<Habit>(
      `SELECT how_code, where_code FROM slips WHERE task_id = $1 AND user_id = $2 ${HABIT_ORDER}`,
      [taskId, userId],
    );
    if (onTask.rows[0]) return onTask.rows[0];
  }
  const latest = await db.query<Habit>(
    `SELECT how_code, where_code FROM slips WHERE user_id = $1 ${HABIT_ORDER}`,
    [userId],
  );
  return latest.rows[0] ?? { how_code: null, where_code: null };
}

/**
 * Where the user's day ends: the latest stop of their finished slips that day, or the start of an unfinished one
 * started later (work in progress since then: a copy never starts before it).
 */
async function dayEnd(db: Queryable, userId: number, isoDate: string): Promise<number | null> {
  const { rows } = await db.query<{ end_time: string | null }>(
    `SELECT MAX(COALESCE(stop_time, start_time))::text AS end_time FROM slips
      WHERE user_id = $1 AND work_date = $2::date`,
    [userId, isoDate],
  );
  const end = rows[0]?.end_time;
  return end ? fromDbTime(end) : null;
}

/**
 * A copy's start and end (minutes of the day): it starts where the user's day ends (`dayEnd`), or at the source's
 * start when the day is empty or already runs to midnight (no room left: the user moves it to another day), and
 * lasts as long as the source. An unfinished source, or a duration that would pass midnight, leaves the end open.
 */
export function copyTimes(
  dayEnd: number | null,
  sourceStart: number,
  sourceStop: number | null,
): { start: number; stop: number | null } {
  const start = dayEnd !== null && dayEnd < MINUTES_PER_DAY ? dayEnd : sourceStart;
  const duration = sourceStop === null ? null : sourceStop - sourceStart;
  const stop = duration !== null && start + duration <= MINUTES_PER_DAY ? start + duration : null;
  return { start, stop };
}

type Draft = {
  task: TaskRef | null;
  date: string;
  startTime: string;
  stopTime: string;
  habit: Habit;
  comment: string | null;
};

/** The draft presented as a slip, with the rounding rule its organization has on its day. */
async function present(db: Queryable, draft: Draft, user: { id: number; name: string }): Promise<NewSlip> {
  const { task } = draft;
  const iso = `${draft.date.slice(6, 10)}-${draft.date.slice(0, 2)}-${draft.date.slice(3, 5)}`;
  const org = task ? { id: task.organization_id, name: task.organization_name } : null;
  return {
    id: 0,
    number: 0,
    version: 0,
    startTime: draft.startTime,
    stopTime: draft.stopTime,
    date: draft.date,
    task: task ? { value: task.id, label: task.title } : null,
    case: task ? { value: task.case_id, label: task.case_title } : null,
    organization: task ? { value: task.organization_id, label: task.organization_name } : null,
    user: { value: user.id, label: user.name },
    where: codeOption(WHERE_OPTIONS, draft.habit.where_code),
    how: codeOption(HOW_OPTIONS, draft.habit.how_code),
    rateMultiplier: { ...RATE_MULTIPLIER_OPTIONS[1] },
    comment: draft.comment,
    taskId: task?.id ?? null,
    caseId: task?.case_id ?? null,
    isProject: task?.is_project ?? false,
    start: '',
    stop: null,
    minutes: null,
    billableMinutes: null,
    billing: await billingFor(db, org, iso),
    created: { at: '', by: null },
    updated: { at: '', by: null },
    // Not saved yet: the user's own to fill in (its save says if the task takes no time); nothing to delete.
    can: { edit: true, delete: false },
    locked: null,
  };
}

/** A new slip: today (MM/dd/yyyy, company zone), the task (with its case and client) when given, the user's habit. */
export async function blankSlip(
  db: Queryable,
  taskId: number | null,
  user: { id: number; name: string },
  today: string,
): Promise<NewSlip> {
  const task = taskId ? await taskRef(db, taskId) : null;
  const habit = await recentHabit(db, user.id, task?.id ?? null);
  return present(db, { task, date: today, startTime: '', stopTime: '', habit, comment: null }, user);
}

/**
 * A copy of slip `sourceId` for the user: same day, starting where their day ends (the source's start when they have
 * nothing that day), the source's duration.
 */
export async function copySlip(
  db: Queryable,
  sourceId: number,
  user: { id: number; name: string },
): Promise<NewSlip> {
  const source = await loadSlipRow(db, sourceId);
  if (!source) throw notFound();
  // The source's row already carries its task, case and client.
  const task: TaskRef = {
    id: source.task_id,
    title: source.task_title,
    is_project: source.is_project,
    case_id: source.case_id,
    case_title: source.case_title,
    organization_id: source.organization_id,
    organization_name: source.organization_name,
  };
  const { start, stop } = copyTimes(
    await dayEnd(db, user.id, source.work_date),
    fromDbTime(source.start_time),
    source.stop_time === null ? null : fromDbTime(source.stop_time),
  );
  return present(
    db,
    {
      task,
      date: displayDate(source.work_date),
      startTime: formatTimeOfDay(start),
      stopTime: stop === null ? '' : formatTimeOfDay(stop),
      habit: { how_code: source.how_code, where_code: source.where_code },
      comment: source.comment,
    },
    user,
  );
}
