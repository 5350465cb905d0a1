// `npm run bench billing-run`: month-end billing of last month over 1,000 clients, 5,000,000 slips and 20,000
// agreements (BENCH_BILLING_RUN_SLIPS / _ORGS / _AGREEMENTS / _RUNS change that): the draft run, started through the
// API and polled as the screen polls it, against one hand-written SQL statement computing the same invoice totals
// (goal: within 1.5x, and at most 30 s), and the job's peak memory (the process's resident size above where it was
// before the run, sampled every 20 ms). Both read the kept figures of time not billed, priced once before (printed).
//
// The data is the billing bench's (a support case per client and month, a third with block hours, months before last
// billed) plus agreements shaped like an MSP's: per client, seats, per-device and per-user services counted from 30
// devices (a tenth virtual) and 15 people, services starting or ending inside the month (prorated), one-time charges;
// and the month before posted, whose terms the run reads to see whether one needs adjusting.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { termAdjustments } from '../src/server/modules/billing-run/term-adjustments.js';
import { companyDay } from '../src/server/modules/report/engine/report-source.js';
import { load as loadTime } from './billing.js';
import { benchDatabase, count, HEADERS, percentile, seconds, signInCookie } from './support.js';

const EMAIL = 'bench-billing@example.test';
const PASSWORD = 'bench billing password';
const GOAL = 1.5;
const LIMIT_S = 30;
const DEVICES = 30;
/** The job's largest batch: the term adjustments' read is timed in batches of this many clients. */
const ADJUSTMENT_BATCH = 250;
const PEOPLE = 15;

/** Last month, "YYYY-MM", and its first and last days. */
export function lastMonth(today: string): { period: string; from: string; to: string } {
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCDate(0);
  const to = d.toISOString().slice(0, 10);
  return { period: to.slice(0, 7), from: `${to.slice(0, 7)}-01`, to };
}

export async function loadAgreements(
  database: Database,
  orgs: number,
  agreements: number,
  from: string,
  to: string,
) {
  const db = database.pool;
  const t0 = performance.now();
  await db.query(
    `INSERT INTO service_types (name, billed_per) VALUES ('Bench Seat', NULL), ('Bench Device Monitoring', 'DEVICE'),
            ('Bench Mailbox', 'USER'), ('Bench Backup', NULL), ('Bench Onboarding', NULL)`,
  );
  const perOrg = Math.max(1, Math.round(agreements / orgs));
  // Agreements beside the block-hours ones the time load made, numbered per client.
  await db.query(
    `INSERT INTO agreements (organization_id, number, title, type, start_date, end_date, status)
     SELECT o.id, 'BR-' || o.id || '-' || g, 'Managed Services ' || g, 'MANAGED', DATE '${from}' - 400,
            CASE WHEN g % 17 = 0 THEN DATE '${from}' + 9 END, 'OPEN'
       FROM organizations o CROSS JOIN generate_series(1, $1::int) g
      WHERE (SELECT count(*) FROM agreements) < $2`,
    [perOrg, agreements],
  );
  const type = (name: string) => `(SELECT id FROM service_types WHERE name = '${name}')`;
  // One service per agreement, by its number: seats, devices, users, backup started mid-month, onboarding once.
  await db.query(
    `INSERT INTO agreement_services (agreement_id, service_type_id, quantity, unit_price, billing_frequency, start_date,
                                     end_date)
     SELECT a.id,
            CASE a.id % 5 WHEN 0 THEN ${type('Bench Seat')} WHEN 1 THEN ${type('Bench Device Monitoring')}
                          WHEN 2 THEN ${type('Bench Mailbox')} WHEN 3 THEN ${type('Bench Backup')}
                          ELSE ${type('Bench Onboarding')} END,
            5 + a.id % 45, (20 + a.id % 40) + (a.id % 100) / 100.0,
            CASE WHEN a.id % 5 = 4 THEN 'ONE_TIME' ELSE 'MONTHLY' END,
            CASE WHEN a.id % 5 = 3 THEN DATE '${from}' + a.id % 28
                 WHEN a.id % 5 = 4 THEN DATE '${from}' + a.id % 28 ELSE a.start_date END,
            CASE WHEN a.id % 5 = 4 THEN DATE '${from}' + a.id % 28 WHEN a.id % 23 = 0 AND a.id % 5 < 3 THEN DATE '${to}' - 5 END
       FROM agreements a WHERE a.number LIKE 'BR-%'`,
  );
  await db.query(
    `INSERT INTO equipment (organization_id, name, serial_number, virtual, created_at)
     SELECT o.id, 'BR-' || o.id || '-' || g, 'SN-BR-' || o.id || '-' || g, g % 10 = 0, DATE '${from}' - 30
       FROM organizations o CROSS JOIN generate_series(1, $1::int) g`,
    [DEVICES],
  );
  await db.query(
    `INSERT INTO people (organization_id, first_name, last_name, created_at)
     SELECT o.id, 'Person', 'Number ' || g, DATE '${from}' - 30 FROM organizations o CROSS JOIN generate_series(1, $1::int) g`,
    [PEOPLE],
  );
  await db.query('ANALYZE agreements, agreement_services, equipment, people, service_types');
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM agreements');
  console.log(`billing-run: ${count(rows[0]!.n)} agreements, devices and people loaded in ${seconds(t0)} s`);
  void orgs;
}

/**
 * The invoice totals written out by hand, in one statement: monthly services prorated (the term's amount to the last
 * day less to the day before the first, each rounded), per-device and per-user services at the counts as of the
 * month's end, one-time charges of the month, and each client's cases not billed with time by then (none running),
 * from the kept figures.
 */
function handSql(
  from: string,
  to: string,
  end: string,
  final = 'SELECT count(DISTINCT org)::int AS invoices, sum(amount)::numeric(16,2)::text AS total FROM lines',
): string {
  const f = `DATE '${from}'`;
  const t = `DATE '${to}'`;
  return `
  WITH svc AS (
    SELECT a.organization_id AS org, s.quantity, s.unit_price, st.billed_per,
           GREATEST(${f}, s.start_date, a.start_date) - ${f} + 1 AS first,
           LEAST(${t}, COALESCE(s.end_date, ${t}), COALESCE(a.end_date, ${t})) - ${f} + 1 AS last
      FROM agreements a JOIN agreement_services s ON s.agreement_id = a.id
      JOIN service_types st ON st.id = s.service_type_id
     WHERE s.billing_frequency = 'MONTHLY' AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)
       AND s.start_date <= ${t} AND a.start_date <= ${t}
       AND (s.end_date IS NULL OR s.end_date >= ${f}) AND (a.end_date IS NULL OR a.end_date >= ${f})),
  counted AS (
    SELECT o.id AS org,
           (SELECT count(*) FROM equipment e WHERE e.organization_id = o.id AND e.active AND NOT e.virtual
               AND e.created_at < TIMESTAMPTZ '${end}') AS devices,
           (SELECT count(*) FROM people p WHERE p.organization_id = o.id AND p.active
               AND p.created_at < TIMESTAMPTZ '${end}') AS users
      FROM organizations o WHERE o.id IN (SELECT org FROM svc WHERE billed_per IS NOT NULL)),
  recurring AS (
    SELECT v.org, round(v.q * v.unit_price * v.last / v.days, 2) - round(v.q * v.unit_price * (v.first - 1) / v.days, 2)
             AS amount
      FROM (SELECT svc.*, ${t} - ${f} + 1 AS days,
                   CASE svc.billed_per WHEN 'DEVICE' THEN c.devices WHEN 'USER' THEN c.users ELSE svc.quantity END AS q
              FROM svc LEFT JOIN counted c ON c.org = svc.org WHERE svc.first <= svc.last) v),
  once AS (
    SELECT a.organization_id AS org, round(s.quantity * s.unit_price, 2) AS amount
      FROM agreements a JOIN agreement_services s ON s.agreement_id = a.id
     WHERE s.billing_frequency = 'ONE_TIME' AND s.start_date BETWEEN ${f} AND ${t}),
  time AS (
    SELECT k.org_id AS org, k.amount FROM (
      SELECT d.org_id, d.case_id, sum(d.amount) AS amount, min(d.work_date) AS first
        FROM wip_days d JOIN cases c ON c.id = d.case_id AND c.billed_at IS NULL
       GROUP BY d.org_id, d.case_id) k
     WHERE k.first <= ${t}
       AND NOT EXISTS (SELECT 1 FROM tasks tk JOIN slips s ON s.task_id = tk.id
                        WHERE tk.case_id = k.case_id AND s.stop_time IS NULL)),
  lines AS (SELECT * FROM recurring UNION ALL SELECT * FROM once UNION ALL SELECT * FROM time)
  ${final}`;
}

type Run = {
  id: number;
  status: { value: string };
  total: string;
  clients: number;
  invoices: { draft: number };
  started: { at: string };
  finishedAt: string | null;
};

/** Drafts the month through the API and polls it; answers the time, the run and the peak resident memory added. */
/**
 * The month before, billed and posted: a run with one posted invoice per client and a line per monthly service in
 * force all of that month, each with its term — what a run reads to see whether a term needs adjusting. They are
 * billed right, so the month drafts no adjustment and its totals stay the hand SQL's.
 */
export async function loadPostedMonth(database: Database, from: string): Promise<number> {
  const db = database.pool;
  const prev = `(DATE '${from}' - interval '1 month')::date`;
  const prevTo = `(DATE '${from}' - 1)`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO billing_runs (period, status) VALUES (${prev}, 'READY') RETURNING id`,
  );
  const runId = rows[0]!.id;
  await db.query(
    `INSERT INTO invoices (run_id, organization_id, bill_to, period_from, period_to)
     SELECT $1, o.id, o.name, ${prev}, ${prevTo} FROM organizations o`,
    [runId],
  );
  const { rowCount } = await db.query(
    `INSERT INTO invoice_lines (invoice_id, position, kind, description, quantity, unit_price, amount_cents,
                                service_type_id, agreement_id, agreement_service_id, term_from, term_to)
     SELECT i.id, row_number() OVER (PARTITION BY i.id ORDER BY s.id),
            CASE st.billed_per WHEN 'DEVICE' THEN 'DEVICES' WHEN 'USER' THEN 'USERS' ELSE 'RECURRING' END,
            st.name, s.quantity, s.unit_price, round(s.quantity * s.unit_price * 100)::bigint, st.id, a.id, s.id,
            ${prev}, ${prevTo}
       FROM invoices i
       JOIN agreements a ON a.organization_id = i.organization_id
       JOIN agreement_services s ON s.agreement_id = a.id
       JOIN service_types st ON st.id = s.service_type_id
      WHERE i.run_id = $1 AND s.billing_frequency = 'MONTHLY' AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)
        AND s.start_date <= ${prev} AND (s.end_date IS NULL OR s.end_date >= ${prevTo})
        AND a.start_date <= ${prev} AND (a.end_date IS NULL OR a.end_date >= ${prevTo})`,
    [runId],
  );
  await db.query(
    `UPDATE invoices SET status = 'POSTED', number = 1000000 + id, posted_at = now() WHERE run_id = $1`,
    [runId],
  );
  return rowCount ?? 0;
}

async function draftOnce(app: FastifyInstance, cookie: string, period: string) {
  const headers = { ...HEADERS, cookie };
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const started = await app.inject({
    method: 'POST',
    url: '/api/report/billing-run',
    headers,
    payload: { period },
  });
  if (started.statusCode !== 200) throw new Error(`billing run: ${started.statusCode} ${started.body}`);
  const id = started.json().run.id as number;
  let run: Run;
  for (;;) {
    run = (await app.inject({ method: 'GET', url: `/api/report/billing-run/${id}`, headers })).json().run;
    if (run.status.value === 'READY' || run.status.value === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - t0;
  clearInterval(sampler);
  if (run.status.value !== 'READY') throw new Error(`billing run ${id}: ${JSON.stringify(run)}`);
  // The job's own time, from its start to its end (the queue picks a job up within a second of its sending).
  const jobMs = Date.parse(run.finishedAt!) - Date.parse(run.started.at);
  return { ms, jobMs, run, peakMb: (peak - base) / 2 ** 20 };
}

export async function billingRunBench(label: string, url: string | undefined): Promise<void> {
  const slips = Number(process.env.BENCH_BILLING_RUN_SLIPS ?? (url ? 5_000_000 : 500_000));
  const orgs = Number(process.env.BENCH_BILLING_RUN_ORGS ?? 1_000);
  const agreements = Number(process.env.BENCH_BILLING_RUN_AGREEMENTS ?? 20_000);
  const runs = Number(process.env.BENCH_BILLING_RUN_RUNS ?? 3);
  const { database, drop } = await benchDatabase(url);
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.pool);
    const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' });
    const today = companyDay(config.timeZone);
    const { period, from, to } = lastMonth(today);
    const took = await loadTime(database, slips, orgs, today);
    console.log(
      `billing-run [${label}]: ${count(orgs)} clients and ${count(slips)} slips loaded in ${took} s`,
    );
    await loadAgreements(database, orgs, agreements, from, to);
    const postedLines = await loadPostedMonth(database, from);
    console.log(
      `billing-run [${label}]: the month before posted: ${count(orgs)} invoices, ${count(postedLines)} lines`,
    );
    app = await buildApp({ config, database, logger: false });
    const cookie = await signInCookie(app, EMAIL, PASSWORD);
    const { rows: ends } = await database.pool.query<{ at: Date }>(
      `SELECT ((DATE '${to}' + 1)::timestamp AT TIME ZONE $1) AS at`,
      [config.timeZone],
    );
    const hand = handSql(from, to, ends[0]!.at.toISOString());
    // The kept figures of time not billed, priced once (the bill list's first read does it), apart from the timing.
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: '/api/report/bill-list', headers: { ...HEADERS, cookie } });
    console.log(`billing-run [${label}]: time not billed priced once in ${seconds(t0)} s (before the runs)`);

    const app_: number[] = [];
    const wall: number[] = [];
    const raw: number[] = [];
    const peaks: number[] = [];
    let checked = '';
    for (let i = 0; i < runs; i++) {
      const drafted = await draftOnce(app, cookie, period);
      app_.push(drafted.jobMs);
      wall.push(drafted.ms);
      peaks.push(drafted.peakMb);
      const t1 = performance.now();
      const { rows } = await database.pool.query<{ invoices: number; total: string }>(hand);
      raw.push(performance.now() - t1);
      const same = rows[0]!.total === drafted.run.total && rows[0]!.invoices === drafted.run.invoices.draft;
      if (!same) {
        const { rows: diff } = await database.pool.query(
          `WITH h AS (${handSql(from, to, ends[0]!.at.toISOString(), 'SELECT org, sum(amount) AS amount FROM lines GROUP BY org')})
           SELECT h.org, h.amount::text AS hand, (SELECT sum(l.amount_cents) / 100.0 FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
                                          WHERE i.run_id = $1 AND i.organization_id = h.org)::text AS app
             FROM h ORDER BY h.org LIMIT 400`,
          [drafted.run.id],
        );
        const bad = diff.filter((r) => Number(r.hand) !== Number(r.app)).slice(0, 3);
        for (const b of bad) {
          const { rows: lines } = await database.pool.query(
            `SELECT l.kind, l.description, l.quantity, l.unit_price, l.amount_cents, l.detail FROM invoices i
               JOIN invoice_lines l ON l.invoice_id = i.id WHERE i.run_id = $1 AND i.organization_id = $2 ORDER BY l.position`,
            [drafted.run.id, b.org],
          );
          console.log(b, lines);
        }
        throw new Error(
          `billing-run totals differ: run ${drafted.run.total} (${drafted.run.invoices.draft} invoices), hand SQL ${rows[0]!.total} (${rows[0]!.invoices})`,
        );
      }
      checked = `${count(drafted.run.invoices.draft)} invoices, total ${drafted.run.total}`;
    }
    // The term adjustments' own read, batch by batch as the job reads it, over the month before's posted terms.
    const { rows: orgIds } = await database.pool.query<{ id: number }>(
      'SELECT id FROM organizations ORDER BY id',
    );
    const reads: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t2 = performance.now();
      for (let b = 0; b < orgIds.length; b += ADJUSTMENT_BATCH)
        await termAdjustments(
          database.pool,
          orgIds.slice(b, b + ADJUSTMENT_BATCH).map((r) => r.id),
          period,
        );
      reads.push(performance.now() - t2);
    }
    const p50 = (xs: number[]) => percentile(xs, 0.5);
    const ratio = p50(app_) / p50(raw);
    console.log(
      `billing-run [${label}]: ${checked} (the hand SQL's to the cent); draft job p50 ${(p50(app_) / 1000).toFixed(2)} s ` +
        `(first ${(app_[0]! / 1000).toFixed(2)} s, then drafted again; from the click to Ready p50 ${(p50(wall) / 1000).toFixed(2)} s), ` +
        `hand SQL p50 ${(p50(raw) / 1000).toFixed(2)} s, ` +
        `ratio ${ratio.toFixed(2)}x (goal <= ${GOAL}x, <= ${LIMIT_S} s); job peak memory +${Math.max(...peaks).toFixed(0)} MB resident`,
    );
    console.log(
      `billing-run [${label}]: of the job, the term adjustments' read p50 ${p50(reads).toFixed(0)} ms ` +
        `(${count(orgs)} clients in batches of ${ADJUSTMENT_BATCH}, ${count(postedLines)} lines posted the month before)`,
    );
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
