// The running timer of a user (one row per user in `timers`): read, start or switch, stop into slips, discard.
// Every write locks the user's timer row first (FOR UPDATE), so two tabs or devices acting at once take turns; the
// slips go through createSlip, so every slip rule (open task and case, a locked week…) applies to a stopped timer too.
// The rounding of a stopped timer never makes two of the user's slips overlap (issue 27): it gives way to the next
// slip, and a switched-to timer starts where the stopped one's slips end.
import type { Rounding } from '../../../shared/format/duration.js';
import { fromDbTime, toDbTime } from '../../../shared/format/time-of-day.js';
import type { Slip } from '../../../shared/schemas/slip.js';
import { HOW_OPTIONS, WHERE_OPTIONS } from '../../../shared/schemas/slip.js';
import {
  DEFAULT_TIMER_ROUNDING,
  NO_TIMER,
  roundingWindow,
  type SlipPart,
  type TakenSlip,
  TIMER_CHANGED,
  type Timer,
  type TimerTaskOption,
  timerRun,
} from '../../../shared/schemas/timer.js';
import { badRequest, conflict, HttpError, requireVersion } from '../../platform/errors.js';
import { likePattern, type Queryable } from '../../platform/records.js';
import type { Outbox } from '../../platform/webhooks/outbox.js';
import { closedMessage, codeOption, createSlip, taskState } from '../slip/index.js';

type TimerRow = {
  task_id: number;
  task_title: string;
  case_id: number;
  case_title: string;
  organization_id: number;
  organization_name: string;
  started_at: Date;
  where_code: string | null;
  how_code: string | null;
  comment: string | null;
  version: number;
};

export const noTimer = () => new HttpError(404, 'NOT_FOUND', NO_TIMER, {}, [NO_TIMER]);

/** The user's timer with its task, case and organization; `lock` holds the row until the transaction ends. */
export async function loadTimerRow(db: Queryable, userId: number, lock = false): Promise<TimerRow | null> {
  const { rows } = await db.query<TimerRow>(
    `SELECT tm.task_id, t.title AS task_title, c.id AS case_id, c.title AS case_title,
            o.id AS organization_id, o.name AS organization_name, tm.started_at, tm.where_code, tm.how_code,
            tm.comment, tm.version
       FROM timers tm
       JOIN tasks t ON t.id = tm.task_id
       JOIN cases c ON c.id = t.case_id
       JOIN organizations o ON o.id = c.organization_id
      WHERE tm.user_id = $1 ${lock ? 'FOR UPDATE OF tm' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

export function presentTimer(r: TimerRow): Timer {
  return {
    taskId: r.task_id,
    task: { value: r.task_id, label: r.task_title },
    caseId: r.case_id,
    case: { value: r.case_id, label: r.case_title },
    organization: { value: r.organization_id, label: r.organization_name },
    startedAt: r.started_at.toISOString(),
    where: codeOption(WHERE_OPTIONS, r.where_code),
    how: codeOption(HOW_OPTIONS, r.how_code),
    comment: r.comment,
    version: r.version,
  };
}

async function timerRounding(tx: Queryable, userId: number): Promise<Rounding> {
  const { rows } = await tx.query<{ timer_rounding: number }>(
    'SELECT timer_rounding FROM users WHERE id = $1',
    [userId],
  );
  return (rows[0]?.timer_rounding ?? DEFAULT_TIMER_ROUNDING) as Rounding;
}

/** yyyy-MM-dd as the local-midnight Date a slip's parsed form carries. */
const localDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** The user's slips that share time with the stretch the rounding would add (by local day), earliest first. */
async function slipsMeeting(
  tx: Queryable,
  userId: number,
  window: readonly SlipPart[],
): Promise<TakenSlip[]> {
  if (window.length === 0) return [];
  const params: unknown[] = [userId];
  const days = window.map((w) => {
    params.push(w.date, toDbTime(w.start), toDbTime(w.stop));
    const [day, from, to] = [params.length - 2, params.length - 1, params.length];
    return `(work_date = $${day}::date AND start_time < $${to}::time
             AND (stop_time > $${from}::time OR (stop_time IS NULL AND start_time >= $${from}::time)))`;
  });
  // The earliest slips decide where the rounding ends; a few are plenty.
  const { rows } = await tx.query<{ date: string; start_time: string; stop_time: string | null }>(
    `SELECT to_char(work_date, 'YYYY-MM-DD') AS date, start_time::text AS start_time, stop_time::text AS stop_time
       FROM slips WHERE user_id = $1 AND (${days.join(' OR ')})
      ORDER BY work_date, start_time LIMIT 20`,
    params,
  );
  return rows.map((r) => ({
    date: r.date,
    start: fromDbTime(r.start_time),
    stop: r.stop_time === null ? null : fromDbTime(r.stop_time),
  }));
}

/**
 * Turns the (locked) timer into slips, one per local day, through the slip rules; the caller removes or replaces it.
 * `endsAt` is where the slips end: a timer switched to starts there.
 */
async function slipsOf(
  tx: Queryable,
  row: TimerRow,
  userId: number,
  stoppedAt: Date,
  timeZone: string,
  comment: string | null,
  webhooks: Outbox,
): Promise<{ slips: Slip[]; endsAt: Date }> {
  const rounding = await timerRounding(tx, userId);
  const window = roundingWindow(row.started_at, stoppedAt, timeZone, rounding);
  const taken = await slipsMeeting(tx, userId, window);
  const { parts, endsAt } = timerRun(row.started_at, stoppedAt, timeZone, rounding, taken);
  const slips: Slip[] = [];
  for (const part of parts) {
    slips.push(
      await createSlip(
        tx,
        {
          version: 0,
          startTime: part.start,
          stopTime: part.stop,
          date: localDay(part.date),
          task: row.task_id,
          where: row.where_code,
          how: row.how_code,
          rateMultiplier: '1',
          comment,
        },
        userId,
        webhooks,
      ),
    );
  }
  return { slips, endsAt };
}

/** The task a timer may run on: it exists, its case is open and unbilled, it is open (the slip messages). */
async function requireOpenTask(tx: Queryable, taskId: number): Promise<void> {
  const task = await taskState(tx, taskId, true);
  if (!task) throw badRequest({ task: ['This value is not valid.'] });
  const closed = closedMessage(task);
  if (closed) throw badRequest({ task: [closed] }, [closed]);
}

export type StartValues = { task: number; comment: string | null; where: string | null; how: string | null };

/** Starts a timer; one already running is stopped into slips first, in the same transaction (switching tasks). */
export async function startTimer(
  tx: Queryable,
  userId: number,
  values: StartValues,
  now: Date,
  timeZone: string,
  webhooks: Outbox,
): Promise<{ timer: Timer; stopped: Slip[] }> {
  const current = await loadTimerRow(tx, userId, true);
  await requireOpenTask(tx, values.task);
  const stopped = current
    ? await slipsOf(tx, current, userId, now, timeZone, current.comment, webhooks)
    : null;
  // A switch starts the next timer where the stopped one's rounded slips end, so the two never overlap. Every start
  // (a switch too) takes a version never handed out before: a window that still shows an earlier timer, stopped or
  // switched away from, cannot stop or discard this one.
  await tx.query(
    `INSERT INTO timers (user_id, task_id, started_at, where_code, how_code, comment, created_by, updated_by, version)
     VALUES ($1, $2, $3, $4, $5, $6, $1, $1, nextval('timer_versions'))
     ON CONFLICT (user_id) DO UPDATE SET task_id = EXCLUDED.task_id, started_at = EXCLUDED.started_at,
            where_code = EXCLUDED.where_code, how_code = EXCLUDED.how_code, comment = EXCLUDED.comment,
            version = EXCLUDED.version, updated_at = now(), updated_by = $1`,
    [userId, values.task, stopped?.endsAt ?? now, values.where, values.how, values.comment],
  );
  return { timer: presentTimer((await loadTimerRow(tx, userId))!), stopped: stopped?.slips ?? [] };
}

/** The locked timer the user saw (404 without one, 409 when another window changed it). */
async function lockSeenTimer(tx: Queryable, userId: number, version: number | undefined): Promise<TimerRow> {
  const row = await loadTimerRow(tx, userId, true);
  if (!row) throw noTimer();
  if (row.version !== requireVersion(version)) throw conflict(TIMER_CHANGED, presentTimer(row));
  return row;
}

/** Stops the timer into slips; `comment` undefined keeps the timer's own. */
export async function stopTimer(
  tx: Queryable,
  userId: number,
  version: number | undefined,
  comment: string | null | undefined,
  now: Date,
  timeZone: string,
  webhooks: Outbox,
): Promise<Slip[]> {
  const row = await lockSeenTimer(tx, userId, version);
  const { slips } = await slipsOf(
    tx,
    row,
    userId,
    now,
    timeZone,
    comment === undefined ? row.comment : comment,
    webhooks,
  );
  await tx.query('DELETE FROM timers WHERE user_id = $1', [userId]);
  return slips;
}

export async function discardTimer(
  tx: Queryable,
  userId: number,
  version: number | undefined,
): Promise<void> {
  await lockSeenTimer(tx, userId, version);
  await tx.query('DELETE FROM timers WHERE user_id = $1', [userId]);
}

/** Open tasks of open, unbilled cases whose title, case or client matches; newest first. */
export async function timerTasks(
  db: Queryable,
  q: string | undefined,
  limit: number,
): Promise<TimerTaskOption[]> {
  const { rows } = await db.query<{ id: number; title: string; case_title: string; organization: string }>(
    `SELECT t.id, t.title, c.title AS case_title, o.name AS organization
       FROM tasks t
       JOIN cases c ON c.id = t.case_id
       JOIN organizations o ON o.id = c.organization_id
      WHERE t.status = 'OPEN' AND c.status = 'OPEN' AND c.billed_at IS NULL
        AND ($1::text IS NULL OR t.title ILIKE $1 OR c.title ILIKE $1 OR o.name ILIKE $1)
      ORDER BY t.id DESC LIMIT $2`,
    [q ? likePattern(q) : null, limit],
  );
  return rows.map((r) => ({ value: r.id, label: r.title, case: r.case_title, organization: r.organization }));
}
