// Time slips (SPEC §3 Slip, §5): one query presents any number of slips with their task, case, organization, biller
// and stamps; saves check the owner, the version and that the task and its case are open, in one transaction.
// Slips hold the local work date with start and stop times of day (ARCHITECTURE §4): nothing here shifts zones.

import { CASE_BILLED } from '../../../shared/billing.js';
import { toIsoDate } from '../../../shared/format/date.js';
import { minutesToHmm } from '../../../shared/format/duration.js';
import { formatTimeOfDay, fromDbTime, stopMinutes, toDbTime } from '../../../shared/format/time-of-day.js';
import { billable, explainBillable, type RoundingSource, sourceLabel } from '../../../shared/rounding.js';
import { codeOptions } from '../../../shared/schemas/fields.js';
import {
  type Bucket,
  CLOSED_CASE,
  CLOSED_TASK,
  HOW_OPTIONS,
  NOT_OWNER,
  RATE_MULTIPLIER_OPTIONS,
  type Slip,
  type SlipFormOptions,
  type SlipSummary,
  STOP_AFTER_START,
  WHERE_OPTIONS,
} from '../../../shared/schemas/slip.js';
import { WEEK_LOCKED } from '../../../shared/schemas/timesheet.js';
import { encodeCursor } from '../../platform/cursor.js';
import { badRequest, conflict, HttpError, notFound, requireVersion } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { changedByMessage } from '../../platform/stamp.js';
import type { Outbox } from '../../platform/webhooks/outbox.js';
import { slipRuleSql } from './billable-sql.js';
import { assertDaysOpen, mondayOf, weekLockedMessage } from './week-lock.js';

export const whereOptions = () => codeOptions(WHERE_OPTIONS);
export const howOptions = () => codeOptions(HOW_OPTIONS);
export const rateMultiplierOptions = () => codeOptions(RATE_MULTIPLIER_OPTIONS);

/** Billers to pick from: active staff, by name (bounded; a managed service provider has dozens, not thousands). */
export async function billerOptions(db: Queryable): Promise<SlipSummary['billerOptions']> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, first_name || ' ' || last_name AS name FROM users
      WHERE active ORDER BY first_name, last_name, id LIMIT 1000`,
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}

export async function slipFormOptions(db: Queryable): Promise<SlipFormOptions> {
  return {
    how: howOptions(),
    where: whereOptions(),
    user: await billerOptions(db),
    rateMultiplier: rateMultiplierOptions(),
  };
}

// A billed slip keeps the rule and billable minutes its billing snapshot stored; any other, the rule of its day.
const SLIP_RULE = slipRuleSql('o');

/** The columns every presented slip needs (alias s = slips), with the rounding rule in force on its day. */
const SLIP_SELECT = `
  SELECT s.id, s.version, s.task_id, s.user_id, to_char(s.work_date, 'YYYY-MM-DD') AS work_date,
         s.start_time::text AS start_time, s.stop_time::text AS stop_time, s.where_code, s.how_code,
         s.rate_multiplier::text AS rate_multiplier, s.comment, s.created_at, s.updated_at,
         s.created_by, s.updated_by,
         t.title AS task_title, t.is_project, t.status AS task_status, t.department_id AS task_department_id,
         c.id AS case_id, c.title AS case_title, c.status AS case_status, c.billed_at IS NOT NULL AS case_billed,
         -- The week lock of timesheet/week-lock.ts: an approved week (from its Monday) of the slip's user.
         EXISTS (SELECT 1 FROM timesheet_weeks w
                  WHERE w.user_id = s.user_id AND w.status = 'APPROVED'
                    AND w.week_start = s.work_date - (EXTRACT(ISODOW FROM s.work_date)::int - 1)) AS week_locked,
         o.id AS organization_id, o.name AS organization_name,
         u.first_name || ' ' || u.last_name AS user_name,
         cb.first_name || ' ' || cb.last_name AS created_by_name,
         ub.first_name || ' ' || ub.last_name AS updated_by_name,
         ${SLIP_RULE.columns}
    FROM slips s
    JOIN tasks t ON t.id = s.task_id
    JOIN cases c ON c.id = t.case_id
    JOIN organizations o ON o.id = c.organization_id
    JOIN users u ON u.id = s.user_id
    LEFT JOIN users cb ON cb.id = s.created_by
    LEFT JOIN users ub ON ub.id = s.updated_by
    ${SLIP_RULE.join}`;

export type SlipRow = {
  id: number;
  version: number;
  task_id: number;
  user_id: number;
  work_date: string;
  start_time: string;
  stop_time: string | null;
  where_code: string | null;
  how_code: string | null;
  rate_multiplier: string;
  comment: string | null;
  created_at: Date;
  updated_at: Date;
  created_by: number | null;
  updated_by: number | null;
  task_title: string;
  is_project: boolean;
  task_status: string;
  task_department_id: number | null;
  case_id: number;
  case_title: string;
  case_status: string;
  case_billed: boolean;
  /** An approved week of the slip's user holds its day. */
  week_locked: boolean;
  organization_id: number;
  organization_name: string;
  user_name: string;
  created_by_name: string | null;
  updated_by_name: string | null;
  rounding_minimum: number;
  rounding_increment: number;
  rounding_source: RoundingSource;
  rounding_service: string | null;
  /** The billable minutes its billing snapshot stored (null unless the case is billed). */
  billed_minutes: number | null;
};

export const codeOption = (
  list: readonly { value: string; label: string }[],
  value: string | null,
): Slip['where'] => {
  if (value === null) return null;
  return { value, label: list.find((c) => c.value === value)?.label ?? value };
};

/** '1.0' -> '1', '1.5' -> '1.5' (the wire values of RATE_MULTIPLIER_OPTIONS). */
export const rateValue = (stored: string) => String(Number(stored));

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** yyyy-MM-dd -> MM/dd/yyyy */
export const displayDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** What `viewerId` may do with the slip and why not (slipRefusals over the row's facts). */
function permissions(r: SlipRow, viewerId: number): Pick<Slip, 'can' | 'locked'> {
  const refused = slipRefusals({
    owner: r.user_id === viewerId,
    weekLocked: r.week_locked,
    task: { case_billed: r.case_billed, case_status: r.case_status, task_status: r.task_status },
  });
  return { can: { edit: refused.edit === null, delete: refused.delete === null }, locked: refused.edit };
}

/** The slip as `viewerId` gets it: with what they may do with it (slip.visibility hides what they may not see). */
export function presentSlip(r: SlipRow, viewerId: number): Slip {
  const start = fromDbTime(r.start_time);
  const stop = r.stop_time === null ? null : fromDbTime(r.stop_time);
  const rate = rateValue(r.rate_multiplier);
  const minutes = stop !== null && stop > start ? stop - start : null;
  const rule = { minimum: r.rounding_minimum, increment: r.rounding_increment };
  const label = sourceLabel(r.rounding_source, r.organization_name, r.rounding_service);
  const multiplier = Number(r.rate_multiplier);
  return {
    id: r.id,
    number: r.id,
    version: r.version,
    startTime: formatTimeOfDay(start),
    stopTime: stop === null ? null : formatTimeOfDay(stop),
    date: displayDate(r.work_date),
    task: { value: r.task_id, label: r.task_title },
    case: { value: r.case_id, label: r.case_title },
    organization: { value: r.organization_id, label: r.organization_name },
    user: { value: r.user_id, label: r.user_name },
    where: codeOption(WHERE_OPTIONS, r.where_code),
    how: codeOption(HOW_OPTIONS, r.how_code),
    rateMultiplier: codeOption(RATE_MULTIPLIER_OPTIONS, rate)!,
    comment: r.comment,
    taskId: r.task_id,
    caseId: r.case_id,
    isProject: r.is_project,
    start: `${r.work_date}T${hhmm(start)}`,
    stop: stop === null ? null : `${r.work_date}T${hhmm(stop)}`,
    minutes,
    billableMinutes: r.billed_minutes ?? (minutes === null ? null : billable(minutes, rule, multiplier)),
    billing: {
      ...rule,
      source: r.rounding_source,
      sourceLabel: label,
      explanation: minutes === null ? null : explainBillable(minutes, rule, multiplier, label),
    },
    created: {
      at: r.created_at.toISOString(),
      by: r.created_by === null ? null : { value: r.created_by, label: r.created_by_name ?? '' },
    },
    updated: {
      at: r.updated_at.toISOString(),
      by: r.updated_by === null ? null : { value: r.updated_by, label: r.updated_by_name ?? '' },
    },
    ...permissions(r, viewerId),
  };
}

export async function loadSlipRow(db: Queryable, id: number, forUpdate = false): Promise<SlipRow | null> {
  const { rows } = await db.query<SlipRow>(
    `${SLIP_SELECT} WHERE s.id = $1 ${forUpdate ? 'FOR UPDATE OF s' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function requireSlip(db: Queryable, id: number, viewerId: number): Promise<Slip> {
  const row = await loadSlipRow(db, id);
  if (!row) throw notFound();
  return presentSlip(row, viewerId);
}

/** One user's slips of one day, by start (slips_user_day_idx). */
export async function daySlips(db: Queryable, userId: number, isoDate: string): Promise<Slip[]> {
  const { rows } = await db.query<SlipRow>(
    `${SLIP_SELECT} WHERE s.user_id = $1 AND s.work_date = $2::date ORDER BY s.start_time, s.id`,
    [userId, isoDate],
  );
  return rows.map((r) => presentSlip(r, userId));
}

/** A task's slips, every user's, newest first; keyset paged after (work_date, start_time, id). */
export async function taskSlips(
  db: Queryable,
  taskId: number,
  limit: number,
  after: [string, string, number] | null,
  viewerId: number,
): Promise<{ items: Slip[]; next: string | null; totalMinutes?: number }> {
  const { rows } = await db.query<SlipRow>(
    `${SLIP_SELECT} WHERE s.task_id = $1
       AND ($2::date IS NULL OR (s.work_date, s.start_time, s.id) < ($2::date, $3::time, $4::int))
     ORDER BY s.work_date DESC, s.start_time DESC, s.id DESC LIMIT $5`,
    [taskId, after?.[0] ?? null, after?.[1] ?? null, after?.[2] ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => presentSlip(r, viewerId)),
    next: rows.length > limit && last ? encodeCursor([last.work_date, last.start_time, last.id]) : null,
    // The first page carries the task's total, one aggregate over slips_task_day_idx (later pages do not repeat it).
    ...(after ? {} : { totalMinutes: await taskMinutes(db, taskId) }),
  };
}

/** Logged minutes of every slip of the task (unfinished slips count 0). */
async function taskMinutes(db: Queryable, taskId: number): Promise<number> {
  const { rows } = await db.query<{ minutes: number }>(
    `SELECT COALESCE(SUM(EXTRACT(EPOCH FROM stop_time - start_time)) / 60, 0)::int AS minutes
       FROM slips WHERE task_id = $1`,
    [taskId],
  );
  return rows[0]?.minutes ?? 0;
}

export type BucketRow = {
  category_id: number;
  category_name: string;
  minutes: number | null;
  comment: string | null;
  version: number | null;
};

export const presentBucket = (r: BucketRow): Bucket => ({
  category: { id: r.category_id, title: r.category_name },
  time: minutesToHmm(r.minutes ?? 0),
  minutes: r.minutes ?? 0,
  comment: r.comment,
  version: r.version ?? 0,
});

/** One row per active bucket category (sort order, name) with the user's time that day, 0 when none. */
export async function dayBuckets(db: Queryable, userId: number, isoDate: string): Promise<Bucket[]> {
  const { rows } = await db.query<BucketRow>(
    `SELECT bc.id AS category_id, bc.name AS category_name, b.minutes, b.comment, b.version
       FROM bucket_categories bc
       LEFT JOIN buckets b ON b.category_id = bc.id AND b.user_id = $1 AND b.work_date = $2::date
      WHERE bc.active
      ORDER BY bc.sort_order, bc.name, bc.id`,
    [userId, isoDate],
  );
  return rows.map(presentBucket);
}

/** A slip's parsed form (slipForm output). */
export type SlipValues = {
  version: number;
  startTime: number;
  stopTime: number | null;
  date: Date;
  task: number;
  where: string | null;
  how: string | null;
  rateMultiplier: string;
  comment: string | null;
};

export const notOwner = () => new HttpError(403, 'FORBIDDEN', NOT_OWNER, {}, [NOT_OWNER]);

export type TaskState = {
  id: number;
  case_id: number;
  task_status: string;
  case_status: string;
  case_billed: boolean;
};

export async function taskState(db: Queryable, taskId: number, lock = false): Promise<TaskState | null> {
  const { rows } = await db.query<TaskState>(
    `SELECT t.id, t.case_id, t.status AS task_status, c.status AS case_status, c.billed_at IS NOT NULL AS case_billed
       FROM tasks t JOIN cases c ON c.id = t.case_id WHERE t.id = $1 ${lock ? 'FOR SHARE OF t, c' : ''}`,
    [taskId],
  );
  return rows[0] ?? null;
}

/** Why no time may be logged on the task, or null when it may (billed, then closed case, then closed task). */
export function closedMessage(
  task: Pick<TaskState, 'case_billed' | 'case_status' | 'task_status'>,
): string | null {
  if (task.case_billed) return CASE_BILLED;
  if (task.case_status === 'CLOSED') return CLOSED_CASE;
  if (task.task_status === 'CLOSED') return CLOSED_TASK;
  return null;
}

export type SlipFacts = {
  /** The viewer is the slip's user. */
  owner: boolean;
  /** An approved week of the slip's user holds its day. */
  weekLocked: boolean;
  task: Pick<TaskState, 'case_billed' | 'case_status' | 'task_status'>;
};

/**
 * Why the viewer may not delete or edit a slip (null: they may). The one rule of the save and delete paths and of
 * the `can`/`locked` every presented slip carries: only its user, never once its case is billed or its week approved;
 * an edit also needs the case and task open (a slip of a closed case may still be deleted or moved off it).
 */
export function slipRefusals(f: SlipFacts): { edit: string | null; delete: string | null } {
  const change = !f.owner ? NOT_OWNER : f.task.case_billed ? CASE_BILLED : f.weekLocked ? WEEK_LOCKED : null;
  return { delete: change, edit: change ?? closedMessage(f.task) };
}

/** Cross-field and database checks of a save: stop after start, the task exists and is open. */
async function checkSlip(tx: Queryable, values: SlipValues): Promise<void> {
  const fields: Record<string, string[]> = {};
  values.stopTime = stopMinutes(values.startTime, values.stopTime);
  if (values.stopTime !== null && values.stopTime <= values.startTime) fields.stopTime = [STOP_AFTER_START];
  const task = await taskState(tx, values.task, true);
  if (!task) fields.task = ['This value is not valid.'];
  else {
    const closed = closedMessage(task);
    if (closed) fields.task = [closed];
  }
  if (Object.keys(fields).length) throw badRequest(fields);
}

const columns = (values: SlipValues) => [
  values.task,
  toIsoDate(values.date),
  toDbTime(values.startTime),
  values.stopTime === null ? null : toDbTime(values.stopTime),
  values.where,
  values.how,
  values.rateMultiplier,
  values.comment,
];

/** The slip's webhook event, in the change's transaction: `slip` is presented as its user (the actor) sees it. */
export const emitSlip = (
  tx: Queryable,
  webhooks: Outbox,
  type: 'slip.created' | 'slip.updated' | 'slip.deleted',
  slip: Slip,
) => webhooks.emit(tx, { type, entity: `slip:${slip.id}`, data: () => slip });

/** Creates a slip billed to the actor (the biller is the signed-in user, never a form value). */
export async function createSlip(
  tx: Queryable,
  values: SlipValues,
  actorId: number,
  webhooks: Outbox,
): Promise<Slip> {
  await assertDaysOpen(tx, actorId, [toIsoDate(values.date)]);
  await checkSlip(tx, values);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO slips (task_id, work_date, start_time, stop_time, where_code, how_code, rate_multiplier, comment,
                        user_id, created_by, updated_by)
     VALUES ($1, $2::date, $3::time, $4::time, $5, $6, $7::numeric, $8, $9, $9, $9) RETURNING id`,
    [...columns(values), actorId],
  );
  const slip = presentSlip((await loadSlipRow(tx, rows[0]!.id))!, actorId);
  await emitSlip(tx, webhooks, 'slip.created', slip);
  return slip;
}

/**
 * The locked slip, refused by slipRefusals (its delete rule: what an edit adds is about the task saved to, which the
 * save checks) and unless `version` is the current one. A save must carry it; a SPEC §7 delete carries none
 * (`versionRequired` false). The share locks wait for a billing or a week approval in progress.
 */
export async function lockOwnSlip(
  tx: Queryable,
  id: number,
  actorId: number,
  version: number | undefined,
  timeZone: string,
  versionRequired = true,
): Promise<SlipRow> {
  const row = await loadSlipRow(tx, id, true);
  if (!row) throw notFound();
  if (row.user_id !== actorId) throw notOwner();
  const task = await taskState(tx, row.task_id, true);
  const weekLocked = (await weekLockedMessage(tx, actorId, [row.work_date])) !== null;
  const refused = slipRefusals({ owner: true, weekLocked, task: task ?? row }).delete;
  if (refused) throw badRequest({}, [refused]);
  if (versionRequired) requireVersion(version);
  if (version !== undefined && row.version !== version) {
    throw conflict(
      changedByMessage(row.updated_by_name, row.updated_at, timeZone),
      presentSlip(row, actorId),
    );
  }
  return row;
}

/** Saves the owner's slip at the version they saw; the biller (user_id) is never written. */
export async function updateSlip(
  tx: Queryable,
  id: number,
  values: SlipValues,
  actorId: number,
  timeZone: string,
  webhooks: Outbox,
): Promise<Slip> {
  const before = await lockOwnSlip(tx, id, actorId, values.version, timeZone);
  // The day it moves to, when in another week (its own week was checked with the slip).
  const day = toIsoDate(values.date);
  if (mondayOf(day) !== mondayOf(before.work_date)) await assertDaysOpen(tx, actorId, [day]);
  await checkSlip(tx, values);
  await tx.query(
    `UPDATE slips SET task_id = $1, work_date = $2::date, start_time = $3::time, stop_time = $4::time,
            where_code = $5, how_code = $6, rate_multiplier = $7::numeric, comment = $8,
            version = version + 1, updated_at = now(), updated_by = $9
      WHERE id = $10`,
    [...columns(values), actorId, id],
  );
  const slip = presentSlip((await loadSlipRow(tx, id))!, actorId);
  await emitSlip(tx, webhooks, 'slip.updated', slip);
  return slip;
}

/** Deletes the owner's slip; with a version, only at that version (SPEC §7 sends none; the SD6 screens do). */
export async function deleteSlip(
  tx: Queryable,
  id: number,
  actorId: number,
  version: number | undefined,
  timeZone: string,
  webhooks: Outbox,
): Promise<void> {
  const before = await lockOwnSlip(tx, id, actorId, version, timeZone, false);
  await tx.query('DELETE FROM slips WHERE id = $1', [id]);
  // The event carries the slip as it was before the delete.
  await emitSlip(tx, webhooks, 'slip.deleted', presentSlip(before, actorId));
}
