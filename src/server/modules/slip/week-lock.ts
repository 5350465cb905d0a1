// The week lock: time of an approved week cannot be added, changed, moved or deleted until an approver reopens it.
// The timesheet approves and reopens weeks; slips and bucket time (here, below the timesheet) obey the lock.
// The share lock on the week rows makes an approval wait for a slip save in progress (and the save wait for the
// approval), so an approval never interleaves with an edit of its week.
import { toIsoDate } from '../../../shared/format/date.js';
import { WEEK_LOCKED } from '../../../shared/schemas/timesheet.js';
import { badRequest } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';

/** The Monday (yyyy-MM-dd) of the week holding a yyyy-MM-dd day. */
export function mondayOf(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const day = new Date(y, m - 1, d);
  const back = (day.getDay() + 6) % 7;
  return toIsoDate(new Date(y, m - 1, d - back));
}

/** WEEK_LOCKED when an approved week of the user covers one of the days, else null. */
export async function weekLockedMessage(
  tx: Queryable,
  userId: number,
  isoDates: readonly string[],
): Promise<string | null> {
  const mondays = [...new Set(isoDates.map(mondayOf))].sort();
  const { rows } = await tx.query<{ status: string }>(
    `SELECT status FROM timesheet_weeks WHERE user_id = $1 AND week_start = ANY($2::date[])
      ORDER BY week_start FOR SHARE`,
    [userId, mondays],
  );
  return rows.some((r) => r.status === 'APPROVED') ? WEEK_LOCKED : null;
}

/** Refuses (400, WEEK_LOCKED) a change of the user's time on days of an approved week. */
export async function assertDaysOpen(
  tx: Queryable,
  userId: number,
  isoDates: readonly string[],
): Promise<void> {
  const message = await weekLockedMessage(tx, userId, isoDates);
  if (message) throw badRequest({}, [message]);
}
