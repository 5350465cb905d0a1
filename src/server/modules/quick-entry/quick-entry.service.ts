// The one-line entry's task match: the longest prefix of the typed words that still names an open task.
import { MATCH_LIMIT, matchWord, type QuickMatch } from '../../../shared/quick-entry.js';
import { escapeLike, type Queryable } from '../../platform/records.js';

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
  const { rows } = await db.query<{
    id: number;
    title: string;
    case_id: number;
    case_title: string;
    organization: string;
    consumed: number;
    total: string;
  }>(
    `WITH recent AS (
       SELECT task_id, max(work_date) AS last
         FROM slips
        WHERE user_id = $1 AND work_date >= current_date - 30
        GROUP BY task_id
     ), candidates AS (
       SELECT t.id, t.title, c.id AS case_id, c.title AS case_title, o.name AS organization,
              ' ' || trim(regexp_replace(lower(concat_ws(' ', o.name, o.short_code, c.title, t.title, c.id::text)),
                                         '[^[:alnum:]]+', ' ', 'g')) AS words
         FROM tasks t
         JOIN cases c ON c.id = t.case_id
         JOIN organizations o ON o.id = c.organization_id
        WHERE t.status = 'OPEN' AND c.status = 'OPEN' AND c.billed_at IS NULL
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
    matches: rows.map((r) => ({
      taskId: r.id,
      taskTitle: r.title,
      caseId: r.case_id,
      caseTitle: r.case_title,
      organization: r.organization,
    })),
  };
}
