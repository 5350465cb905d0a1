// Bucket time (DOMAIN: Bucket): one row per user, day and category, upserted with the time typed as a duration.
import { parseDuration } from '../../../shared/format/duration.js';
import type { Bucket } from '../../../shared/schemas/slip.js';
import { badRequest, conflict, notFound, requireVersion } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { changedByMessage } from '../../platform/stamp.js';
import { presentBucket } from './slip.service.js';
import { assertDaysOpen } from './week-lock.js';

export const INVALID_DURATION = 'Please enter a valid time (e.g. 1:30 or 1.5).';
export const OVER_A_DAY = 'Bucket time cannot be more than 24:00.';

/** Minutes of a typed bucket time: empty is 0; field errors under `time`. */
export function bucketMinutes(time: string | null | undefined): number {
  if (!time || time.trim() === '') return 0;
  const minutes = parseDuration(time);
  if (minutes === null || !Number.isFinite(minutes)) throw badRequest({ time: [INVALID_DURATION] });
  const rounded = Math.round(minutes);
  if (rounded > 24 * 60) throw badRequest({ time: [OVER_A_DAY] });
  return rounded;
}

type Current = {
  minutes: number;
  comment: string | null;
  version: number;
  updated_at: Date;
  updated_by_name: string | null;
};

/** Writes the user's time in a category on a day at the version they saw (0: none yet); returns the bucket. */
export async function saveBucket(
  tx: Queryable,
  input: {
    categoryId: number;
    userId: number;
    isoDate: string;
    minutes: number;
    comment: string | null;
    version: number | undefined;
  },
  timeZone: string,
): Promise<Bucket> {
  const category = await tx.query<{ id: number; name: string }>(
    'SELECT id, name FROM bucket_categories WHERE id = $1',
    [input.categoryId],
  );
  const cat = category.rows[0];
  if (!cat) throw notFound();
  await assertDaysOpen(tx, input.userId, [input.isoDate]);
  const { rows } = await tx.query<Current>(
    `SELECT b.minutes, b.comment, b.version, b.updated_at, ub.first_name || ' ' || ub.last_name AS updated_by_name
       FROM buckets b LEFT JOIN users ub ON ub.id = b.updated_by
      WHERE b.user_id = $1 AND b.work_date = $2::date AND b.category_id = $3 FOR UPDATE OF b`,
    [input.userId, input.isoDate, input.categoryId],
  );
  const current = rows[0];
  const version = requireVersion(input.version);
  if (current && current.version !== version) {
    throw conflict(
      changedByMessage(current.updated_by_name, current.updated_at, timeZone),
      presentBucket({ category_id: cat.id, category_name: cat.name, ...current }),
    );
  }
  // ON CONFLICT: two first saves of the same bucket at once both land on the one row.
  const saved = await tx.query<{ minutes: number; comment: string | null; version: number }>(
    `INSERT INTO buckets (category_id, user_id, work_date, minutes, comment, created_by, updated_by)
     VALUES ($1, $2, $3::date, $4, $5, $2, $2)
     ON CONFLICT (user_id, work_date, category_id) DO UPDATE
       SET minutes = EXCLUDED.minutes, comment = EXCLUDED.comment, version = buckets.version + 1,
           updated_at = now(), updated_by = EXCLUDED.updated_by
     RETURNING minutes, comment, version`,
    [input.categoryId, input.userId, input.isoDate, input.minutes, input.comment],
  );
  return presentBucket({ category_id: cat.id, category_name: cat.name, ...saved.rows[0]! });
}
