// Timesheet weeks: one row per user and Monday (none yet = an open week at version 0), the week's day figures and
// warnings, who may do what, and the transitions, each in the caller's transaction with its field history.
import { toIsoDate } from '../../../shared/format/date.js';
import { fromDbTime } from '../../../shared/format/time-of-day.js';
import {
  CANNOT_REOPEN,
  CANNOT_SUBMIT,
  dayFigures,
  NOT_APPROVER,
  NOT_OWN_WEEK,
  NOT_SUBMITTED,
  REJECT_NEEDS_COMMENT,
  type TimesheetWeek,
  WEEK_CHANGED,
  type WeekAction,
  type WeekActionBody,
  type WeekAnswer,
  type WeekCan,
  type WeekDay,
  type WeekStatus,
  type WeeksToApprove,
  weekStatusLabel,
  weekWarnings,
} from '../../../shared/schemas/timesheet.js';
import type { AuthUser } from '../../platform/auth.js';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  requireVersion,
} from '../../platform/errors.js';
import { diffFields, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import type { Outbox } from '../../platform/webhooks/outbox.js';
import { displayDate } from '../slip/index.js';

export const WEEK_HISTORY = 'timesheet-week';
export const WEEK_FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  comment: 'Comment',
  submittedAt: 'Submitted',
  decidedBy: 'Decided By',
};

/** The person whose week it is, with their approver (null: any administrator approves). */
export type WeekOwner = { id: number; name: string; approverId: number | null };

export async function loadOwner(db: Queryable, userId: number): Promise<WeekOwner | null> {
  const { rows } = await db.query<{ id: number; name: string; approver_id: number | null }>(
    `SELECT id, first_name || ' ' || last_name AS name, approver_id FROM users WHERE id = $1`,
    [userId],
  );
  const r = rows[0];
  return r ? { id: r.id, name: r.name, approverId: r.approver_id } : null;
}

/** Approves, rejects and reopens the owner's weeks: their approver, or any administrator when none is set. */
export const decides = (user: AuthUser, owner: WeekOwner) =>
  user.id !== owner.id && (owner.approverId === null ? user.isAdmin : owner.approverId === user.id);

export const mayView = (user: AuthUser, owner: WeekOwner) =>
  user.id === owner.id || user.isAdmin || owner.approverId === user.id;

type WeekRow = {
  id: number;
  status: WeekStatus;
  submitted_at: Date | null;
  decided_at: Date | null;
  decided_by: number | null;
  decided_by_name: string | null;
  comment: string | null;
  version: number;
};

async function loadWeekRow(
  db: Queryable,
  userId: number,
  monday: string,
  lock = false,
): Promise<WeekRow | null> {
  const { rows } = await db.query<WeekRow>(
    `SELECT w.id, w.status, w.submitted_at, w.decided_at, w.decided_by, w.comment, w.version,
            d.first_name || ' ' || d.last_name AS decided_by_name
       FROM timesheet_weeks w LEFT JOIN users d ON d.id = w.decided_by
      WHERE w.user_id = $1 AND w.week_start = $2::date ${lock ? 'FOR UPDATE OF w' : ''}`,
    [userId, monday],
  );
  return rows[0] ?? null;
}

const option = (id: number | null, label: string | null): TimesheetWeek['decidedBy'] =>
  id === null ? null : { value: id, label: label ?? '' };

function presentWeek(owner: WeekOwner, monday: string, row: WeekRow | null): TimesheetWeek {
  const status = row?.status ?? 'OPEN';
  return {
    id: row?.id ?? null,
    userId: owner.id,
    user: { value: owner.id, label: owner.name },
    weekStart: displayDate(monday),
    status,
    statusLabel: weekStatusLabel(status),
    submittedAt: row?.submitted_at?.toISOString() ?? null,
    // Only the person submits their own week.
    submittedBy: row?.submitted_at ? { value: owner.id, label: owner.name } : null,
    decidedAt: row?.decided_at?.toISOString() ?? null,
    decidedBy: option(row?.decided_by ?? null, row?.decided_by_name ?? null),
    comment: row?.comment ?? null,
    version: row?.version ?? 0,
  };
}

/** Each day Monday..Sunday: finished slip minutes, bucket minutes, gaps and unfinished slips (two bounded queries). */
async function weekDays(db: Queryable, userId: number, monday: string): Promise<WeekDay[]> {
  const [slips, buckets] = await Promise.all([
    db.query<{ dow: number; start_time: string; stop_time: string | null }>(
      `SELECT (work_date - $2::date) AS dow, start_time::text AS start_time, stop_time::text AS stop_time
         FROM slips WHERE user_id = $1 AND work_date BETWEEN $2::date AND $2::date + 6`,
      [userId, monday],
    ),
    db.query<{ dow: number; minutes: number }>(
      `SELECT (work_date - $2::date) AS dow, SUM(minutes)::int AS minutes
         FROM buckets WHERE user_id = $1 AND work_date BETWEEN $2::date AND $2::date + 6
        GROUP BY work_date`,
      [userId, monday],
    ),
  ]);
  const [y, m, d] = monday.split('-').map(Number) as [number, number, number];
  return Array.from({ length: 7 }, (_, dow) => {
    const iso = toIsoDate(new Date(y, m - 1, d + dow));
    const daySlips = slips.rows
      .filter((r) => r.dow === dow)
      .map((r) => ({
        start: fromDbTime(r.start_time),
        stop: r.stop_time === null ? null : fromDbTime(r.stop_time),
      }));
    return {
      date: displayDate(iso),
      ...dayFigures(daySlips),
      bucketMinutes: buckets.rows.find((r) => r.dow === dow)?.minutes ?? 0,
    };
  });
}

function permissions(user: AuthUser, owner: WeekOwner, status: WeekStatus): WeekCan {
  const own = user.id === owner.id;
  const decider = decides(user, owner);
  return {
    submit: own && (status === 'OPEN' || status === 'REJECTED'),
    approve: decider && status === 'SUBMITTED',
    reject: decider && status === 'SUBMITTED',
    reopen: (decider && status === 'APPROVED') || (own && status === 'SUBMITTED'),
  };
}

export async function weekAnswer(
  db: Queryable,
  user: AuthUser,
  owner: WeekOwner,
  monday: string,
  row?: WeekRow | null,
): Promise<WeekAnswer> {
  const current = row === undefined ? await loadWeekRow(db, owner.id, monday) : row;
  const days = await weekDays(db, owner.id, monday);
  const week = presentWeek(owner, monday, current);
  return { week, days, warnings: weekWarnings(days), can: permissions(user, owner, week.status) };
}

const refused = (message: string) => new HttpError(403, 'FORBIDDEN', message, {}, [message]);

type Next = { status: WeekStatus; submitted: boolean | null; decided: boolean };

/** Who may take the action and from which state; the next state, or an error. */
function nextState(
  action: WeekAction,
  user: AuthUser,
  owner: WeekOwner,
  from: WeekStatus,
  comment: string | null,
): Next {
  const own = user.id === owner.id;
  switch (action) {
    case 'submit':
      if (!own) throw refused(NOT_OWN_WEEK);
      if (from !== 'OPEN' && from !== 'REJECTED') throw badRequest({}, [CANNOT_SUBMIT]);
      return { status: 'SUBMITTED', submitted: true, decided: false };
    case 'approve':
    case 'reject':
      if (!decides(user, owner)) throw refused(NOT_APPROVER);
      if (from !== 'SUBMITTED') throw badRequest({}, [NOT_SUBMITTED]);
      if (action === 'reject' && !comment)
        throw badRequest({ comment: [REJECT_NEEDS_COMMENT] }, [REJECT_NEEDS_COMMENT]);
      return { status: action === 'approve' ? 'APPROVED' : 'REJECTED', submitted: null, decided: true };
    case 'reopen':
      // The approver reopens an approved week; the person may withdraw their own submitted week.
      if (from === 'APPROVED' && decides(user, owner))
        return { status: 'OPEN', submitted: null, decided: true };
      if (from === 'SUBMITTED' && own) return { status: 'OPEN', submitted: false, decided: false };
      if (!own && !decides(user, owner)) throw refused(NOT_APPROVER);
      throw badRequest({}, [CANNOT_REOPEN]);
  }
}

/** Applies a transition at the version the user saw; writes the row (created on first write) and its history. */
export async function transition(
  tx: Queryable,
  user: AuthUser,
  owner: WeekOwner,
  monday: string,
  action: WeekAction,
  body: WeekActionBody,
  webhooks: Outbox,
): Promise<WeekAnswer> {
  const seen = requireVersion(body.version);
  const before = await loadWeekRow(tx, owner.id, monday, true);
  if ((before?.version ?? 0) !== seen) {
    throw conflict(WEEK_CHANGED, (await weekAnswer(tx, user, owner, monday, before)).week);
  }
  const comment = body.comment ?? null;
  const next = nextState(action, user, owner, before?.status ?? 'OPEN', comment);
  const params = [
    next.status,
    next.submitted, // true: now, false: cleared, null: kept
    next.decided ? user.id : null,
    next.decided,
    comment,
    user.id,
  ];
  let id: number;
  if (before) {
    await tx.query(
      `UPDATE timesheet_weeks
          SET status = $1,
              submitted_at = CASE WHEN $2::boolean IS NULL THEN submitted_at WHEN $2 THEN now() END,
              decided_by = CASE WHEN $4 THEN $3::int END, decided_at = CASE WHEN $4 THEN now() END,
              comment = $5, version = version + 1, updated_at = now(), updated_by = $6
        WHERE id = $7`,
      [...params, before.id],
    );
    id = before.id;
  } else {
    // Two first writes at once: the second finds the row taken and is told the week changed.
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO timesheet_weeks (user_id, week_start, status, submitted_at, decided_by, decided_at, comment,
                                    version, created_by, updated_by)
       VALUES ($7, $8::date, $1, CASE WHEN $2::boolean THEN now() END, CASE WHEN $4 THEN $3::int END,
               CASE WHEN $4 THEN now() END, $5, 1, $6, $6)
       ON CONFLICT (user_id, week_start) DO NOTHING RETURNING id`,
      [...params, owner.id, monday],
    );
    if (!rows[0]) throw conflict(WEEK_CHANGED, null);
    id = rows[0].id;
  }
  const after = (await loadWeekRow(tx, owner.id, monday))!;
  const fields = ['status', 'comment', 'submittedAt', 'decidedBy'] as const;
  const view = (r: WeekRow | null) => ({
    status: r ? weekStatusLabel(r.status) : weekStatusLabel('OPEN'),
    comment: r?.comment ?? null,
    submittedAt: r?.submitted_at ?? null,
    decidedBy: r?.decided_by_name ?? null,
  });
  await recordHistory(tx, {
    entity: WEEK_HISTORY,
    entityId: id,
    actorId: user.id,
    changes: diffFields(view(before), view(after), fields),
  });
  const answer = await weekAnswer(tx, user, owner, monday, after);
  const type = action === 'submit' ? 'week.submitted' : action === 'approve' ? 'week.approved' : null;
  // The week as its GET answers the one who acted.
  if (type) await webhooks.emit(tx, { type, entity: `week:${owner.id}:${monday}`, data: () => answer });
  return answer;
}

/** The submitted weeks the user may approve, oldest submission first (bounded). */
export async function weeksToApprove(db: Queryable, user: AuthUser, limit = 100): Promise<WeeksToApprove> {
  const { rows } = await db.query<{
    id: number;
    user_id: number;
    name: string;
    week_start: string;
    submitted_at: Date;
    version: number;
  }>(
    `SELECT w.id, w.user_id, u.first_name || ' ' || u.last_name AS name, to_char(w.week_start, 'YYYY-MM-DD') AS week_start,
            w.submitted_at, w.version
       FROM timesheet_weeks w JOIN users u ON u.id = w.user_id
      WHERE w.status = 'SUBMITTED' AND w.user_id <> $1
        AND (u.approver_id = $1 OR (u.approver_id IS NULL AND $2::boolean))
      ORDER BY w.submitted_at, w.id LIMIT $3`,
    [user.id, user.isAdmin, limit],
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      user: { value: r.user_id, label: r.name },
      weekStart: displayDate(r.week_start),
      submittedAt: r.submitted_at.toISOString(),
      version: r.version,
    })),
  };
}

/** The owner of a week a user asks about: 404 when unknown, 403 unless they may see it. */
export async function viewableOwner(db: Queryable, user: AuthUser, userId: number): Promise<WeekOwner> {
  const owner = await loadOwner(db, userId);
  if (!owner) throw notFound();
  if (!mayView(user, owner)) throw forbidden();
  return owner;
}

/** Title of a week's history: "Jane Doe, week of 11/23/2026". */
export async function weekTitle(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string; week_start: string }>(
    `SELECT u.first_name || ' ' || u.last_name AS name, to_char(w.week_start, 'YYYY-MM-DD') AS week_start
       FROM timesheet_weeks w JOIN users u ON u.id = w.user_id WHERE w.id = $1`,
    [id],
  );
  const r = rows[0];
  return r ? `${r.name}, week of ${displayDate(r.week_start)}` : null;
}
