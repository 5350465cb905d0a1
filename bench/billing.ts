// `npm run bench billing`: the bill list (last month) and the WIP list over all clients at 5,000,000 slips (opts or
// BENCH_BILLING_SLIPS / BENCH_BILLING_ORGS / BENCH_BILLING_RUNS change that), each endpoint (first page and summary,
// app.inject, signed in) against one hand-written SQL statement of the same aggregation, timed interleaved
// (bench/compare.ts). Goal: within 1.5x of the raw SQL, p95 <= 1 s on PostgreSQL. Both lists read kept figures of
// time not billed (report/billing/wip-days.ts): the bench prints apart the first read after the load (which prices
// everything once) and the reads that follow slip saves in 25 organizations (which price those months again first).
//
// The data is shaped like the demo's: every client a support case per month of two years (four tasks each), some a
// block-hours agreement; cases of months before last are billed (with their billing snapshot), last month's wait on
// the bill list.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { snapshotBilledCases } from '../src/server/modules/report/billing/billing-snapshot.js';
import { companyDay } from '../src/server/modules/report/engine/report-source.js';
import { defaultPeriod } from '../src/server/modules/report/queries/rules.js';
import { type Case, compare } from './compare.js';
import {
  benchDatabase,
  count,
  dropForLoad,
  HEADERS,
  insertBenchAdmin,
  insertClientOrganizations,
  seconds,
  signInCookie,
} from './support.js';

type Row = Record<string, unknown>;
const EMAIL = 'bench-billing@example.test';
const PASSWORD = 'bench billing password';
const GOAL = 1.5;
const MONTHS = 24;
const TASKS_PER_CASE = 4;
const STAFF = 60;
const TABLES = ['organizations', 'agreements', 'agreement_services', 'cases', 'tasks', 'slips', 'users'];

/** Bulk load with secondary indexes and foreign keys off, rebuilt after. */
export async function load(database: Database, slips: number, orgs: number, today: string): Promise<string> {
  const db = await database.pool.connect();
  try {
    // A statement that would spill more than this fails instead of filling the disk (superusers only may set it).
    await db.query(`SET temp_file_limit = '16GB'`).catch(() => {});
    const t0 = performance.now();
    const restore = await dropForLoad(db, TABLES, { keys: true });
    await db.query('SELECT setseed(0.1414)');
    const adminId = await insertBenchAdmin(db, {
      email: EMAIL,
      password: PASSWORD,
      lastName: 'Billing',
      shortCode: 'BENCHB',
    });
    await insertClientOrganizations(db, { count: orgs, codePrefix: 'BB', actorId: adminId });
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code)
       SELECT 'bench-tech' || g || '@example.test', 'x', 'Tech', 'Number ' || g, 'BT' || g FROM generate_series(1, $1::int) g`,
      [STAFF],
    );
    const first = `date_trunc('month', DATE '${today}')::date`;
    // A support case per organization and month (month 0 is this month), billed once the month before last ended.
    await db.query(
      `INSERT INTO cases (organization_id, title, status, billed_at, billed_by)
       SELECT o.id, 'Support: ' || to_char(${first} - make_interval(months => m), 'FMMonth YYYY'),
              CASE WHEN m = 0 THEN 'OPEN' ELSE 'CLOSED' END,
              CASE WHEN m > 1 THEN (${first} - make_interval(months => m - 1) + interval '4 days 15 hours') END,
              CASE WHEN m > 1 THEN $1::int END
         FROM organizations o CROSS JOIN generate_series(0, $2::int - 1) m
        ORDER BY o.id, m DESC`,
      [adminId, MONTHS],
    );
    await db.query(
      `INSERT INTO tasks (case_id, title, is_project)
       SELECT c.id, 'Task ' || g, g = 4 FROM cases c CROSS JOIN generate_series(1, $1::int) g`,
      [TASKS_PER_CASE],
    );
    // Slips: each task's month gets its share; days spread over the month, up to today; 1 to 120 minutes.
    const perTask = Math.max(1, Math.round(slips / (orgs * MONTHS * TASKS_PER_CASE)));
    const { rows: users } = await db.query<{ lo: number }>(
      `SELECT min(id) AS lo FROM users WHERE email LIKE 'bench-tech%'`,
    );
    await db.query(
      `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time, rate_multiplier, created_by, updated_by)
       SELECT t.id, u, d, time '08:00' + make_interval(mins => s), time '08:00' + make_interval(mins => s + len),
              CASE WHEN random() < 0.03 THEN 1.5 WHEN random() < 0.02 THEN 0 ELSE 1 END, u, u
         FROM tasks t JOIN cases c ON c.id = t.case_id
         CROSS JOIN LATERAL (SELECT to_date(split_part(c.title, ': ', 2), 'FMMonth YYYY') AS month) m
         CROSS JOIN generate_series(1, $1::int) g
         CROSS JOIN LATERAL (
           SELECT $2::int + floor(random() * $3::int)::int AS u,
                  LEAST(m.month + floor(random() * 28)::int, DATE '${today}') AS d,
                  floor(random() * 480)::int AS s, 1 + floor(random() * 120)::int AS len) x`,
      [perTask, users[0]!.lo, STAFF],
    );
    // A third of the clients have block hours: 10 to 40 hours a month at 125 to 150 an hour.
    await db.query(`INSERT INTO service_types (name, block_hours) VALUES ('Bench Block Hours', true)`);
    await db.query(
      `INSERT INTO agreements (organization_id, number, title, type, start_date)
       SELECT id, 'BB-AG-' || id, 'Block Hours Retainer', 'BLOCK_HOURS', DATE '${today}' - 900
         FROM organizations WHERE id % 3 = 0`,
    );
    await db.query(
      `INSERT INTO agreement_services (agreement_id, service_type_id, quantity, unit_price, billing_frequency,
                                       start_date, covered_hours)
       SELECT a.id, (SELECT id FROM service_types WHERE name = 'Bench Block Hours'), 1, h * r, 'MONTHLY',
              a.start_date + (a.id % 40), h
         FROM agreements a CROSS JOIN LATERAL (
           SELECT (ARRAY[10, 20, 40])[1 + a.id % 3] AS h, (ARRAY[125, 135, 150])[1 + a.id % 3] AS r) x`,
    );
    await restore();
    // Statistics of the tables just loaded before the snapshot is planned: without them PostgreSQL planned the
    // batches for empty tables and, at 5,000,000 slips, spilled some 70 GB of temporary files.
    await db.query('ANALYZE organizations, agreements, agreement_services, cases, tasks, slips, users');
    // The billed cases keep what they were billed (their snapshot), as Mark Billed stores it.
    await snapshotBilledCases(db);
    // A settled database (autovacuum has run): the visibility map lets index-only scans skip the table.
    await db.query('VACUUM (ANALYZE) slips, tasks, cases, billed_slips, billed_cases');
    return seconds(t0);
  } finally {
    db.release();
  }
}

const both = (withList: string, page: string, summary: string) =>
  `WITH ${withList} SELECT (SELECT json_agg(p.k) FROM (${page}) p) AS keys,
          (SELECT json_agg(s) FROM (${summary}) s) AS summary`;

/**
 * The pricing written out by hand: each given finished slip a line, the block hours of their organization-months
 * less what billed cases' lines used, every chargeable slip not billed of those months in work order with the
 * minutes its place leaves covered (of its billable minutes), the rate of the rest, each line rounded to the cent.
 */
const priced = (from: string, where: string, extra: [string, string][] = []) => {
  const cols = extra.map(([name, sql]) => `, ${sql} AS ${name}`).join('');
  const mins = '(extract(epoch FROM sl.stop_time - sl.start_time) / 60)::int';
  // Billable minutes by the default rule (the bench's organizations and services set none): up to 5 minutes, × multi.
  const bill = `round(CASE WHEN ${mins} <= 0 THEN 0 ELSE ceil(${mins} / 5.0) * 5 END * sl.rate_multiplier)::int`;
  return `
  g AS (
    SELECT sl.id, c.id AS case_id, c.organization_id AS org_id, date_trunc('month', sl.work_date)::date AS month${cols},
           ${mins} AS minutes, ${bill} AS billable
      FROM ${from} WHERE ${where} AND sl.stop_time IS NOT NULL),
  om AS (SELECT DISTINCT org_id, month FROM g),
  cov AS (
    SELECT om.org_id, om.month, COALESCE(sum(floor(s.covered_hours * s.quantity * 60
             * (LEAST((om.month + interval '1 month' - interval '1 day')::date, COALESCE(s.end_date, 'infinity'), COALESCE(a.end_date, 'infinity'))
                - GREATEST(om.month, s.start_date, a.start_date) + 1)
             / ((om.month + interval '1 month')::date - om.month))), 0)::int AS covered,
           (array_agg(round(s.unit_price / s.covered_hours, 2) ORDER BY s.start_date DESC, s.id DESC) FILTER (WHERE s.id IS NOT NULL))[1] AS rate
      FROM om
      LEFT JOIN agreements a ON a.organization_id = om.org_id AND a.start_date < (om.month + interval '1 month')::date
           AND (a.end_date IS NULL OR a.end_date >= om.month) AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)
      LEFT JOIN agreement_services s ON s.agreement_id = a.id AND s.covered_hours > 0
           AND s.start_date < (om.month + interval '1 month')::date AND (s.end_date IS NULL OR s.end_date >= om.month)
           AND EXISTS (SELECT 1 FROM service_types st WHERE st.id = s.service_type_id AND st.block_hours)
     GROUP BY om.org_id, om.month),
  billed AS (
    SELECT b.organization_id AS org_id, date_trunc('month', b.work_date)::date AS month, sum(b.covered_minutes) AS used
      FROM billed_slips b JOIN om ON om.org_id = b.organization_id
       AND b.work_date >= om.month AND b.work_date < (om.month + interval '1 month')::date
     WHERE b.covered_minutes > 0 GROUP BY 1, 2),
  ms AS (
    SELECT cov.org_id, cov.month, cov.covered - COALESCE(bd.used, 0) AS available, x.*
      FROM cov LEFT JOIN billed bd USING (org_id, month), LATERAL (
        SELECT sl.id, sl.work_date, sl.start_time, ${bill} AS minutes
          FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips sl ON sl.task_id = t.id
         WHERE c.organization_id = cov.org_id AND c.billed_at IS NULL AND sl.stop_time IS NOT NULL
           AND sl.rate_multiplier > 0
           AND sl.work_date >= cov.month AND sl.work_date < (cov.month + interval '1 month')::date OFFSET 0) x
     WHERE cov.covered - COALESCE(bd.used, 0) > 0),
  used AS (
    SELECT id, LEAST(minutes, GREATEST(0, available - (running - minutes))) AS covered
      FROM (SELECT *, sum(minutes) OVER (PARTITION BY org_id, month ORDER BY work_date, start_time, id) AS running FROM ms) r),
  pr AS (
    SELECT g.*, round((g.billable - COALESCE(u.covered, 0)) * COALESCE(cov.rate, 150.00) / 60, 2) AS amount
      FROM g LEFT JOIN used u USING (id)
      LEFT JOIN cov ON cov.org_id = g.org_id AND cov.month = g.month)`;
};

const AMOUNT = `sum(p.amount)`;

function rawCases(today: string): { what: string; sql: string; key: (r: Row) => string }[] {
  const { from, to } = defaultPeriod(today);
  const billList = both(
    `${priced(
      `cases c JOIN tasks t ON t.case_id = c.id JOIN slips sl ON sl.task_id = t.id`,
      `c.billed_at IS NULL AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = c.organization_id AND o.active)
       AND EXISTS (SELECT 1 FROM tasks t2 JOIN slips s2 ON s2.task_id = t2.id WHERE t2.case_id = c.id
                    AND s2.work_date BETWEEN DATE '${from}' AND DATE '${to}' AND s2.stop_time IS NOT NULL)`,
    )},
     per_case AS (SELECT p.case_id, p.org_id, sum(p.minutes) AS minutes, ${AMOUNT} AS amount FROM pr p GROUP BY 1, 2)`,
    `SELECT o.name || '|' || pc.case_id || '|' || pc.amount AS k FROM per_case pc JOIN organizations o ON o.id = pc.org_id
      ORDER BY o.name, pc.case_id LIMIT 25`,
    `SELECT count(*) AS total, sum(minutes) AS minutes, sum(amount) AS amount FROM per_case`,
  );
  const wip = both(
    `${priced(
      `cases c JOIN organizations o ON o.id = c.organization_id AND o.active
       JOIN tasks t ON t.case_id = c.id JOIN slips sl ON sl.task_id = t.id`,
      `c.billed_at IS NULL AND sl.work_date <= DATE '${today}'`,
      [['user_id', 'sl.user_id']],
    )},
     per_staff AS (SELECT p.org_id, p.user_id, sum(p.minutes) AS minutes, ${AMOUNT} AS amount FROM pr p GROUP BY 1, 2)`,
    `SELECT o.name || '|' || ps.user_id || '|' || ps.amount AS k FROM per_staff ps JOIN organizations o ON o.id = ps.org_id
      ORDER BY o.name, ps.org_id, ps.user_id LIMIT 25`,
    `SELECT count(*) AS total, sum(minutes) AS minutes, sum(amount) AS amount FROM per_staff`,
  );
  return [
    { what: 'bill-list', sql: billList, key: (r) => `${r.organization}|${r.caseId}|${r.amount}` },
    { what: 'wip-list', sql: wip, key: (r) => `${r.organization}|${r.staffId}|${r.amount}` },
  ];
}

const reportGet = (app: FastifyInstance, cookie: string, what: string) =>
  app.inject({ method: 'GET', url: `/api/report/${what}`, headers: { ...HEADERS, cookie } });

/**
 * The lists read kept figures of time not billed (report/billing/wip-days.ts): the first read after the load prices
 * every month with time not billed, once. Printed apart from the comparison, which then reads kept figures.
 */
async function firstWipRead(app: FastifyInstance, database: Database, cookie: string, label: string) {
  const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM wip_dirty');
  const t0 = performance.now();
  const res = await reportGet(app, cookie, 'wip-list');
  if (res.statusCode !== 200) throw new Error(`wip-list: ${res.statusCode} ${res.body.slice(0, 300)}`);
  console.log(
    `billing wip-list [${label}]: first read after the load priced ${count(rows[0]!.n)} marked organization-months ` +
      `in ${seconds(t0)} s (once; later reads price only what changed since)`,
  );
}

/**
 * The steady state: between two reads, staff save slips. Each round changes one finished slip not billed in each of
 * 25 organizations (its stop time a minute later), then reads the list, which prices those 25 months again first.
 */
async function afterSaves(
  app: FastifyInstance,
  database: Database,
  cookie: string,
  label: string,
  runs: number,
  what: string,
) {
  const took: number[] = [];
  for (let i = 0; i < runs; i++) {
    await database.pool.query(
      `UPDATE slips SET stop_time = stop_time + interval '1 minute'
        WHERE id IN (SELECT DISTINCT ON (c.organization_id) s.id
                       FROM cases c JOIN tasks t ON t.case_id = c.id JOIN slips s ON s.task_id = t.id
                      WHERE c.billed_at IS NULL AND s.stop_time IS NOT NULL AND s.stop_time < time '23:00'
                        AND c.organization_id % 40 = $1
                      ORDER BY c.organization_id, s.id)`,
      [i % 40],
    );
    const t0 = performance.now();
    const res = await reportGet(app, cookie, what);
    took.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode}`);
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => took[Math.min(took.length - 1, Math.ceil(q * took.length) - 1)]!.toFixed(0);
  console.log(
    `billing ${what} [${label}]: after slip saves in 25 organizations, the next read p50 ${at(0.5)} ms ` +
      `p95 ${at(0.95)} ms (${runs} rounds; goal p95 <= 1000 ms)`,
  );
}

export async function billingBench(label: string, url: string | undefined): Promise<void> {
  const slips = Number(process.env.BENCH_BILLING_SLIPS ?? 5_000_000);
  const orgs = Number(process.env.BENCH_BILLING_ORGS ?? 1_000);
  const runs = Number(process.env.BENCH_BILLING_RUNS ?? 15);
  const { database, drop } = await benchDatabase(url);
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.pool);
    const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' });
    const today = companyDay(config.timeZone);
    const took = await load(database, slips, orgs, today);
    const { rows } = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM slips');
    console.log(
      `billing [${label}]: loaded ${count(orgs)} organizations and ${count(rows[0]!.n)} slips in ${took} s`,
    );
    app = await buildApp({ config, database, logger: false });
    const cookie = await signInCookie(app, EMAIL, PASSWORD);
    await firstWipRead(app, database, cookie, label);
    const ratios: [string, number][] = [];
    for (const raw of rawCases(today)) {
      const c: Case = {
        what: raw.what,
        url: `/api/report/${raw.what}`,
        raw: [raw.sql, []],
        runs,
        check: (body, result) => {
          const r = result[0] as { keys: string[] | null; summary: Row[] | null };
          const shown = (body.rows as Row[]).map(raw.key);
          return (
            JSON.stringify(shown) === JSON.stringify(r.keys ?? []) &&
            body.total === Number(r.summary?.[0]?.total ?? 0)
          );
        },
      };
      ratios.push([
        raw.what,
        await compare(app, database, cookie, c, {
          subject: 'billing',
          scale: `${count(rows[0]!.n)} slips, active clients`,
          goal: GOAL,
        }),
      ]);
    }
    for (const what of ['bill-list', 'wip-list']) await afterSaves(app, database, cookie, label, runs, what);
    const worst = ratios.reduce((a, b) => (b[1] > a[1] ? b : a));
    console.log(
      `billing [${label}]: worst ratio ${worst[1].toFixed(2)}x (${worst[0]}); goal <= ${GOAL.toFixed(2)}x, p95 <= 1000 ms`,
    );
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
