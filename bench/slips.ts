// `npm run bench slips`: the daily summary call, the calendar's weekly summary and a slip save at 50,000 slips
// and again at 5,000,000 (200 staff x 10 years of working days; BENCH_SLIP_STAFF / BENCH_SLIP_YEARS /
// BENCH_SLIP_RUNS change that).
// Each figure is printed against the raw SQL the endpoint sends (captured, then replayed on the pool), and the
// 5M p99 against the 50k p99 measured in the same run.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { hashPassword } from '../src/server/platform/passwords.js';
import { benchDatabase, capture, count, HEADERS, ms, percentile, replay, seconds } from './support.js';

const STAFF = Number(process.env.BENCH_SLIP_STAFF ?? 200);
const YEARS = Number(process.env.BENCH_SLIP_YEARS ?? 10);
const RUNS = Number(process.env.BENCH_SLIP_RUNS ?? 300);
const PER_DAY = 10;
const SMALL_DAYS = 25; // 200 staff x 25 working days x 10 slips = 50,000

/** Staff, organizations, cases and tasks; slips come in two steps. Returns the bench user's id. */
async function loadBase(db: pg.PoolClient): Promise<number> {
  await db.query('SELECT setseed(0.2026)');
  const hash = await hashPassword('bench slips password');
  await db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles)
     SELECT 'bench' || g || '@example.test', $1, 'Bench', 'Tech ' || g, 'BT' || g, '{ROLE_USER}'
       FROM generate_series(1, $2::int) g`,
    [hash, STAFF],
  );
  await db.query(`INSERT INTO departments (name) VALUES ('Help Desk')`);
  await db.query(
    `INSERT INTO organizations (name, short_code, sales_status)
     SELECT 'Client ' || g, 'C' || g, 'CLIENT' FROM generate_series(1, 1000) g`,
  );
  await db.query(
    `INSERT INTO cases (title, organization_id, department_id)
     SELECT 'Managed Services Support', o.id, 1 FROM organizations o`,
  );
  await db.query(
    `INSERT INTO tasks (case_id, title, department_id, is_project)
     SELECT c.id, 'Task ' || g, 1, g = 5 FROM cases c, generate_series(1, 5) g`,
  );
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'bench1@example.test'`);
  return rows[0]!.id;
}

/**
 * Slips of every bench user on the working days `fromDay`..`toDay` (days back from today), ten a day from 8:00,
 * 40 minutes each with 5-minute gaps. Secondary indexes are dropped during the big load and rebuilt after it.
 */
async function loadSlips(db: pg.PoolClient, fromDay: number, toDay: number, rebuild: boolean): Promise<void> {
  const { rows: indexes } = rebuild
    ? await db.query<{ name: string; def: string }>(
        `SELECT indexname AS name, indexdef AS def FROM pg_indexes
          WHERE tablename = 'slips' AND indexname <> 'slips_pkey'`,
      )
    : { rows: [] };
  for (const i of indexes) await db.query(`DROP INDEX ${i.name}`);
  const { rows: span } = await db.query<{ lo: number; hi: number }>(
    'SELECT min(id) AS lo, max(id) AS hi FROM tasks',
  );
  const chunk = 100;
  for (let from = fromDay; from <= toDay; from += chunk) {
    await db.query(
      `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time, where_code, how_code, comment,
                          created_by, updated_by)
       SELECT $1::int + floor(random() * ($2::int - $1::int + 1))::int, u.id, d.day,
              time '08:00' + s * interval '45 minutes', time '08:40' + s * interval '45 minutes',
              'REMOTE', 'PHONE', 'Worked on the ticket with the user.', u.id, u.id
         FROM (SELECT id FROM users WHERE email LIKE 'bench%') u,
              (SELECT current_date - g AS day FROM generate_series($3::int, $4::int) g
                WHERE extract(isodow FROM current_date - g) < 6) d,
              generate_series(0, ${PER_DAY - 1}) s`,
      [span[0]!.lo, span[0]!.hi, from, Math.min(toDay, from + chunk - 1)],
    );
  }
  if (rebuild) {
    await db.query(`SET maintenance_work_mem = '256MB'`);
    for (const i of indexes) await db.query(i.def);
  }
  await db.query('ANALYZE slips');
}

type Figures = { p50: number; p99: number };
const fig = (s: number[]): Figures => ({ p50: percentile(s, 0.5), p99: percentile(s, 0.99) });

async function measure(app: FastifyInstance, database: Database, cookie: string, userId: number) {
  const headers = { ...HEADERS, cookie };
  // A day in the middle of the loaded range with the user's ten slips, and one slip of it to save.
  const { rows } = await database.pool.query<{ id: number; day: string; monday: string }>(
    `SELECT id, to_char(work_date, 'MMDDYYYY') AS day, to_char(date_trunc('week', work_date), 'MMDDYYYY') AS monday
       FROM slips
      WHERE user_id = $1 AND work_date = (SELECT max(work_date) - 14 FROM slips WHERE user_id = $1)
      ORDER BY start_time LIMIT 1`,
    [userId],
  );
  const { id: slipId, day, monday } = rows[0]!;
  const summaryUrl = `/api/manage/slip/summary/${day}`;
  // The calendar asks for the week from the start of its visible range (Monday): five working days of slips.
  const weeklyUrl = `/api/manage/slip/weekly-summary/${monday}/${userId}`;
  const loaded = await app.inject({ method: 'GET', url: `/api/manage/slip/${slipId}`, headers });
  const slip = loaded.json().slip;
  let version = slip.version as number;
  const save = async (i: number) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/manage/slip/${slipId}`,
      headers,
      payload: {
        version,
        startTime: slip.startTime,
        stopTime: slip.stopTime,
        date: slip.date,
        task: slip.taskId,
        where: slip.where?.value ?? null,
        how: slip.how?.value ?? null,
        rateMultiplier: slip.rateMultiplier.value,
        comment: `Worked on the ticket with the user (${i}).`,
      },
    });
    if (res.statusCode !== 200) throw new Error(`save answered ${res.statusCode}: ${res.body}`);
    version = res.json().slip.version;
  };
  const summarySql = await capture(() => app.inject({ method: 'GET', url: summaryUrl, headers }));
  const saveSql = await capture(() => save(-1));
  const weeklySql = await capture(() => app.inject({ method: 'GET', url: weeklyUrl, headers }));
  const samples: number[][] = [[], [], [], [], [], []];
  for (let i = -20; i < RUNS; i++) {
    let t = performance.now();
    const res = await app.inject({ method: 'GET', url: summaryUrl, headers });
    if (i >= 0) samples[0]!.push(performance.now() - t);
    if (res.statusCode !== 200 || res.json().slips.length !== PER_DAY) throw new Error('bad summary answer');
    t = performance.now();
    await replay(database, summarySql);
    if (i >= 0) samples[1]!.push(performance.now() - t);
    t = performance.now();
    const week = await app.inject({ method: 'GET', url: weeklyUrl, headers });
    if (i >= 0) samples[4]!.push(performance.now() - t);
    if (week.statusCode !== 200 || week.json().summary.slips.length !== 5 * PER_DAY)
      throw new Error('bad weekly summary answer');
    t = performance.now();
    await replay(database, weeklySql);
    if (i >= 0) samples[5]!.push(performance.now() - t);
    t = performance.now();
    await save(i);
    if (i >= 0) samples[2]!.push(performance.now() - t);
    t = performance.now();
    await replay(database, saveSql);
    if (i >= 0) samples[3]!.push(performance.now() - t);
    // The replayed update bumped the version: the next save starts from the stored one, as a user's would.
    version = (await database.pool.query('SELECT version FROM slips WHERE id = $1', [slipId])).rows[0]
      .version;
  }
  return {
    summary: fig(samples[0]!),
    summaryRaw: fig(samples[1]!),
    save: fig(samples[2]!),
    saveRaw: fig(samples[3]!),
    weekly: fig(samples[4]!),
    weeklyRaw: fig(samples[5]!),
    statements: { summary: summarySql.length, save: saveSql.length, weekly: weeklySql.length },
  };
}

function report(label: string, slips: number, f: Awaited<ReturnType<typeof measure>>) {
  const line = (what: string, a: Figures, b: Figures, n: number) =>
    `${what} [${label}, ${count(slips)} slips]: p50 ${ms(a.p50)} ms p99 ${ms(a.p99)} ms; its ${n} SQL statements ` +
    `replayed on the pool p50 ${ms(b.p50)} ms p99 ${ms(b.p99)} ms -> ${(a.p50 / b.p50).toFixed(2)}x at p50, ` +
    `${(a.p99 / b.p99).toFixed(2)}x at p99 (goal <= 1.50x)`;
  console.log(line('daily summary', f.summary, f.summaryRaw, f.statements.summary));
  console.log(line('weekly summary', f.weekly, f.weeklyRaw, f.statements.weekly));
  console.log(line('slip save', f.save, f.saveRaw, f.statements.save));
}

export async function slipsBench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await benchDatabase(url);
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.pool);
    const db = await database.pool.connect();
    let userId: number;
    const t0 = performance.now();
    try {
      userId = await loadBase(db);
      await loadSlips(db, 0, Math.ceil((SMALL_DAYS * 7) / 5), false);
    } finally {
      db.release();
    }
    const small = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM slips');
    console.log(`slips [${label}]: loaded ${count(small.rows[0]!.n)} slips in ${seconds(t0)} s`);
    app = await buildApp({
      config: loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: HEADERS,
      payload: { email: 'bench1@example.test', password: 'bench slips password' },
    });
    const session = login.cookies.find((c) => c.name.endsWith('sd6_session'))!;
    const cookie = `${session.name}=${session.value}`;
    const atSmall = await measure(app, database, cookie, userId);
    report(label, small.rows[0]!.n, atSmall);

    const t1 = performance.now();
    const big = await database.pool.connect();
    try {
      await loadSlips(big, Math.ceil((SMALL_DAYS * 7) / 5) + 1, Math.round(YEARS * 365.25), true);
    } finally {
      big.release();
    }
    const total = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM slips');
    console.log(`slips [${label}]: loaded up to ${count(total.rows[0]!.n)} slips in ${seconds(t1)} s`);
    const atBig = await measure(app, database, cookie, userId);
    report(label, total.rows[0]!.n, atBig);
    for (const [what, a, b] of [
      ['daily summary', atBig.summary, atSmall.summary],
      ['weekly summary', atBig.weekly, atSmall.weekly],
      ['slip save', atBig.save, atSmall.save],
    ] as const)
      console.log(
        `${what} [${label}]: p99 at ${count(total.rows[0]!.n)} slips ${ms(a.p99)} ms vs ${ms(b.p99)} ms at ` +
          `${count(small.rows[0]!.n)} -> ${(a.p99 / b.p99).toFixed(2)}x (goal <= 1.30x); p50 ` +
          `${(a.p50 / b.p50).toFixed(2)}x`,
      );
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
