// The one-line entry's task match: the longest prefix of the typed words that still names an open task; and the
// user's recent open tasks, which a device keeps to match on its own with no network (shared matchCandidates: the
// same rule, tested against this SQL).
import {
  MATCH_LIMIT,
  matchWord,
  type QuickMatch,
  type QuickMatchTask,
  RECENT_DAYS,
} from '../../../shared/quick-entry.js';
import type { RecentTasks } from '../../../shared/schemas/quick-entry.js';
import { escapeLike, type Queryable } from '../../platform/records.js';

/** The tasks the user logged time on lately, with their last day (an index on slips by user and day). */
const RECENT_SQL = `SELECT task_id, max(work_date) AS last
    FROM slips
   WHERE user_id = $1 AND work_date >= current_date - ${RECENT_DAYS}
   GROUP BY task_id`;
/** A task time may be logged on (slip.service closedMessage): open, of an open case not billed. */
const OPEN_TASK_SQL = `t.status = 'OPEN' AND c.status = 'OPEN' AND c.billed_at IS NULL`;
/** How many recent tasks a device keeps. */
export const RECENT_TASKS_LIMIT = 200;

/** A task row of both queries: the task with its case and organization. */
type TaskRow = { id: number; title: string; case_id: number; case_title: string; organization: string };
const presentTask = (r: TaskRow): QuickMatchTask => ({
  taskId: r.id,
  taskTitle: r.title,
  caseId: r.case_id,
  caseTitle: r.case_title,
  organization: r.organization,
});

/**
 * One query whatever the number of words (at most MATCH_WORDS_MAX): each candidate task gets the number of leading
 * words that start a word of its organization name or short code, case title, task title or case number; the best
 * such prefix is consumed and the tasks reaching it are the matches, the user's recent ones (30 days) first.
 */
export async function quickMatch(
  db: Queryable,
  userId: number,
  words: readonly string[],
  caseId: number | null,
): Promise<QuickMatch> {
  const normal = words.map(matchWord);
  // A word of only punctuation starts no word: it stops the prefix.
  const patterns = normal.map((w) => (w === '' ? null : `% ${escapeLike(w)}%`));
  const params: unknown[] = [userId, caseId, MATCH_LIMIT];
  const test = patterns.map((p) => {
    params.push(p);
    return `($${params.length}::text IS NOT NULL AND cand.words LIKE $${params.length}::text)`;
  });
  const prefix = test.length
    ? `CASE ${test.map((t, i) => `WHEN NOT ${t} THEN ${i}`).join(' ')} ELSE ${test.length} END`
    : '0';
  const firstWord = test[0] ?? 'false';
  const { rows } = await db.query<TaskRow & { consumed: number; total: string }>(
    `WITH recent AS (${RECENT_SQL}), candidates AS (
       SELECT t.id, t.title, c.id AS case_id, c.title AS case_title, o.name AS organization,
              ' ' || trim(regexp_replace(lower(concat_ws(' ', o.name, o.short_code, c.title, t.title, c.id::text)),
                                         '[^[:alnum:]]+', ' ', 'g')) AS words
         FROM tasks t
         JOIN cases c ON c.id = t.case_id
         JOIN organizations o ON o.id = c.organization_id
        WHERE ${OPEN_TASK_SQL}
          AND ($2::int IS NULL OR c.id = $2::int)
     ), scored AS (
       SELECT cand.id, cand.title, cand.case_id, cand.case_title, cand.organization, ${prefix} AS prefix
         FROM candidates cand
        WHERE $2::int IS NOT NULL OR ${firstWord}
     ), best AS (
       SELECT scored.*, max(prefix) OVER () AS consumed FROM scored
     )
     SELECT b.id, b.title, b.case_id, b.case_title, b.organization, b.consumed, count(*) OVER () AS total
       FROM best b
       LEFT JOIN recent r ON r.task_id = b.id
      WHERE b.prefix = b.consumed AND (b.consumed > 0 OR $2::int IS NOT NULL)
      ORDER BY r.last DESC NULLS LAST, b.case_id DESC, b.id DESC
      LIMIT $3`,
    params,
  );
  const first = rows[0];
  return {
    consumed: first ? Number(first.consumed) : 0,
    total: first ? Number(first.total) : 0,
    matches: rows.map(presentTask),
  };
}

/** The user's open tasks with time in the last RECENT_DAYS, latest first (bounded): what a device matches offline. */
export async function recentTasks(db: Queryable, userId: number): Promise<RecentTasks['tasks']> {
  const { rows } = await db.query<TaskRow & { short_code: string | null; last: string }>(
    `WITH recent AS (${RECENT_SQL})
     SELECT t.id, t.title, c.id AS case_id, c.title AS case_title, o.name AS organization, o.short_code,
            to_char(r.last, 'YYYY-MM-DD') AS last
       FROM recent r
       JOIN tasks t ON t.id = r.task_id
       JOIN cases c ON c.id = t.case_id
       JOIN organizations o ON o.id = c.organization_id
      WHERE ${OPEN_TASK_SQL}
      ORDER BY r.last DESC, c.id DESC, t.id DESC
      LIMIT $2`,
    [userId, RECENT_TASKS_LIMIT],
  );
  return rows.map((r) => ({ ...presentTask(r), shortCode: r.short_code, lastWorked: r.last }));
}
