// The kept figures of time not billed, which the WIP list and the bill list read: the slips' lines priced by the
// billing rules (queries/billing.ts: the very statement Mark Billed and the lines call price by), summed per
// organization, work day, staff member, case, task, multiplier and rate in `wip_days`. Pricing all time not billed on
// every read cost seconds at millions of slips; the figures of a month change only when something they depend on
// does, so the triggers of migration 0020 mark that organization-month (wip_dirty) in the change's own transaction,
// and a list prices the marked months again before it reads (`refreshWipDays`).
//
// The rounding rule applies per slip and block hours are used in work order across a month's cases, so a month is
// priced whole: each kept row is the sum of its slips' lines, each rounded to the cent. The default rate and rounding
// are not in a table a trigger could watch: they are kept with the figures (wip_state.priced_by), and other values
// price everything again.
import pg from 'pg';
import { DEFAULT_ROUNDING } from '../../../../shared/rounding.js';
import { prepared } from '../../../db/prepared.js';
import type { Queryable } from '../../../platform/records.js';
import { pricedSlips } from '../queries/billing.js';

/** A batch's statements should take about this long: on the embedded database other users' calls go between them. */
const BATCH_TARGET_MS = 8;
const FIRST_BATCH = 8;
const MAX_BATCH = 2000;
/** One pricing run at a time across the app's connections (pg_advisory_xact_lock key: "wip" in ASCII). */
const LOCK = 0x776970;

/** What the figures are priced by besides the tables: the default rate and the default rounding rule. */
export const pricedBy = (defaultRate: string) =>
  `rate ${defaultRate}; rounding ${DEFAULT_ROUNDING.minimum}/${DEFAULT_ROUNDING.increment}`;

/** The lines of the batch's organization-months ($1 organizations, $2 months), summed as wip_days keeps them. */
function priceSql(): string {
  const listed = {
    from: `unnest($1::int[], $2::date[]) b(org_id, month)
           JOIN cases c ON c.organization_id = b.org_id
           JOIN tasks t ON t.case_id = c.id
           JOIN slips s ON s.task_id = t.id AND s.work_date >= b.month
                       AND s.work_date < (b.month + interval '1 month')::date`,
    where: 'true',
  };
  const groups = [
    { name: 'staff_id', sql: 's.user_id' },
    { name: 'day', sql: 's.work_date' },
  ];
  // `priced` is grouped by all of these already (and the month, which the day gives).
  return `INSERT INTO wip_days (org_id, work_date, user_id, case_id, task_id, multi, rate, minutes, billable, covered,
                                amount)
    WITH ${pricedSlips(listed, groups, '$3::numeric')}
    SELECT p.org_id, p.day, p.staff_id, p.case_id, p.task_id, p.multi, p.rate, p.minutes, p.billable, p.covered,
           p.amount
      FROM priced p`;
}

const PRICE = priceSql();

/** Runs `work` on one session of `db` (a pool's client, checked out and released; or the client given). */
async function onSession<T>(db: Queryable, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  if (!(db instanceof pg.Pool)) return work(db as pg.PoolClient);
  const client = await db.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

async function inTransaction<T>(db: Queryable, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return onSession(db, async (client) => {
    // The pricing statement is planned once per connection for any batch (its months are parameters): planning it
    // took longer than pricing a month with it.
    await client.query(
      `BEGIN; SELECT pg_advisory_xact_lock(${LOCK}); SET LOCAL plan_cache_mode = force_generic_plan`,
    );
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}

/**
 * When the figures were priced by other values than `by` (or never): drops them all and marks every month with
 * finished time not billed. Returns whether it did.
 */
async function startOver(db: Queryable, by: string): Promise<boolean> {
  const { rows } = await db.query<{ priced_by: string }>('SELECT priced_by FROM wip_state');
  if (rows[0]?.priced_by === by) return false;
  return inTransaction(db, async (client) => {
    const again = await client.query<{ priced_by: string }>('SELECT priced_by FROM wip_state');
    if (again.rows[0]?.priced_by === by) return false;
    await client.query('DELETE FROM wip_days');
    await client.query(
      `INSERT INTO wip_dirty AS w (org_id, month)
       SELECT DISTINCT c.organization_id, date_trunc('month', s.work_date)::date
         FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id
        WHERE c.billed_at IS NULL AND s.stop_time IS NOT NULL
       ON CONFLICT (org_id, month) DO UPDATE SET version = w.version + 1`,
    );
    await client.query(
      `INSERT INTO wip_state (id, priced_by) VALUES (true, $1)
       ON CONFLICT (id) DO UPDATE SET priced_by = EXCLUDED.priced_by`,
      [by],
    );
    return true;
  });
}

/**
 * Prices up to `size` marked organization-months again, in one transaction: the marks are taken (deleted) first, and
 * the months priced by a later statement, which sees every change committed by then (a change still open when its
 * mark was taken is waited for: its mark's version bump holds the row). Returns how many months it priced.
 */
async function priceBatch(db: Queryable, size: number, rate: string): Promise<number> {
  return inTransaction(db, async (client) => {
    // The marks taken and the months' old figures dropped by one statement; priced by the next.
    const { rows } = await client.query<{ org_id: number; month: string }>(
      `WITH taken AS (
         DELETE FROM wip_dirty w
          USING (SELECT org_id, month FROM wip_dirty ORDER BY org_id, month LIMIT $1) b
          WHERE w.org_id = b.org_id AND w.month = b.month
         RETURNING w.org_id, w.month),
       dropped AS (
         DELETE FROM wip_days d USING taken t
          WHERE d.org_id = t.org_id AND d.work_date >= t.month AND d.work_date < (t.month + interval '1 month')::date)
       SELECT org_id, to_char(month, 'YYYY-MM-DD') AS month FROM taken`,
      [size],
    );
    if (!rows.length) return 0;
    await client.query(prepared(PRICE, [rows.map((r) => r.org_id), rows.map((r) => r.month), rate]));
    return rows.length;
  });
}

/**
 * Brings wip_days up to date for the default rate `defaultRate` (decimal text): prices every marked month again, a
 * batch at a time, each batch's size following the last one's time towards BATCH_TARGET_MS.
 */
export async function refreshWipDays(db: Queryable, defaultRate: string): Promise<void> {
  await startOver(db, pricedBy(defaultRate));
  const { rows } = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT FROM wip_dirty) AS any');
  if (!rows[0]?.any) return;
  let size = FIRST_BATCH;
  for (;;) {
    const t0 = performance.now();
    const priced = await priceBatch(db, size, defaultRate);
    if (priced < size) return;
    const took = Math.max(0.5, performance.now() - t0);
    size = Math.max(1, Math.min(MAX_BATCH, Math.round((size * BATCH_TARGET_MS) / took)));
  }
}

/**
 * A CTE `priced` of the cases `listed` (a SQL query of case ids) with the columns of pricedSlips' `priced` (case_id,
 * org_id, task_id, multi, rate, minutes, billable, covered, amount, first_date, last_date): cases not billed from the
 * kept figures (brought up to date first: refreshWipDays), billed ones from their billing snapshot.
 */
export function keptPricedSql(listed: string): string {
  // Case by case through the keys (OFFSET 0 keeps each a probe), whatever plan the statistics would lead to (none yet
  // on an embedded database; a batch of organizations in report-cut.ts is planned once, for any size): a join of
  // every case or task costs a batch of one organization more than its own rows.
  return `priced AS (
      SELECT c.id AS case_id, k.org_id, k.task_id, k.multi, k.rate, k.minutes, k.billable, k.covered, k.amount,
             k.first_date, k.last_date
        FROM (${listed}) lc
        CROSS JOIN LATERAL (SELECT c.id FROM cases c WHERE c.id = lc.id AND c.billed_at IS NULL OFFSET 0) c
        CROSS JOIN LATERAL (
          SELECT k.org_id, k.task_id, k.multi, k.rate, sum(k.minutes)::int AS minutes,
                 sum(k.billable)::int AS billable, sum(k.covered)::int AS covered, sum(k.amount) AS amount,
                 min(k.work_date) AS first_date, max(k.work_date) AS last_date
            FROM wip_days k WHERE k.case_id = c.id
           GROUP BY k.org_id, k.task_id, k.multi, k.rate) k
      UNION ALL
      SELECT c.id, c.organization_id, s.task_id, b.multiplier, b.rate, sum(b.minutes)::int,
             sum(b.billable_minutes)::int, sum(b.covered_minutes)::int, sum(b.amount), min(s.work_date),
             max(s.work_date)
        FROM (${listed}) lc
        CROSS JOIN LATERAL (
          SELECT c.id, c.organization_id FROM cases c WHERE c.id = lc.id AND c.billed_at IS NOT NULL OFFSET 0) c
        JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id
        JOIN billed_slips b ON b.slip_id = s.id
       GROUP BY c.id, c.organization_id, s.task_id, b.multiplier, b.rate)`;
}
