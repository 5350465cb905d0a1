// `npm run bench lists`: the equipment and organization lists at scale (100,000 organizations, 1,000,000 devices by
// default; BENCH_LIST_ORGS / BENCH_LIST_DEVICES / BENCH_LIST_RUNS change that). Page 1,000 against page 1 (keyset
// paging: a deep page should cost what the first does) and the endpoint against the raw SQL it runs.
import type { FastifyInstance } from 'fastify';
import {
  CATEGORIES,
  CITIES,
  ORG_INDUSTRIES,
  ORG_PREFIXES,
  ORG_SUFFIXES,
} from '../src/seed/inventory-data.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { hashPassword } from '../src/server/platform/passwords.js';
import {
  benchDatabase,
  capture,
  count,
  dropForLoad,
  ms,
  percentile,
  type Statement,
  seconds,
} from './support.js';

const ORGS = Number(process.env.BENCH_LIST_ORGS ?? 100_000);
const DEVICES = Number(process.env.BENCH_LIST_DEVICES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);
const PAGE = 1000;
const CHUNK = 100_000;
const TABLES = ['organizations', 'equipment'];

/** Bulk load as an import would: secondary indexes and foreign keys off during the load, rebuilt after it. */
async function load(database: Database): Promise<string> {
  const db = await database.pool.connect();
  try {
    const t0 = performance.now();
    const restore = await dropForLoad(db, TABLES, { keys: true });

    // random() after setseed: the same data on every run and both databases.
    await db.query('SELECT setseed(0.2026)');
    const admin = await db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles)
       VALUES ('bench-lists@example.test', $1, 'Bench', 'Lists', 'BENCHL', '{ROLE_USER,ROLE_ADMIN}') RETURNING id`,
      [await hashPassword('bench lists password')],
    );
    const adminId = admin.rows[0]!.id;
    const categories = await db.query<{ id: number }>(
      `INSERT INTO device_categories (name) SELECT unnest($1::text[]) RETURNING id`,
      [CATEGORIES.map((c) => c.name)],
    );
    const statuses = await db.query<{ id: number }>(
      `INSERT INTO device_statuses (name, sort_order) VALUES ('In Service', 1), ('In Storage', 2), ('Retired', 3)
       RETURNING id`,
    );
    const pick = (p: string) => `(${p})[1 + floor(random() * cardinality(${p}))::int]`;
    // "Cedar Ridge Dental LLC - Madison": names that sort like real ones, unrelated to the id order.
    await db.query(
      `INSERT INTO organizations (name, short_code, sales_status, rmm_plan, active, phone, created_by, updated_by)
       SELECT x.prefix || ' ' || x.industry || CASE WHEN x.suffix = '' THEN '' ELSE ' ' || x.suffix END || ' - ' || x.city,
              upper(left(regexp_replace(x.prefix, '[^A-Za-z]', '', 'g'), 3)) || x.g,
              ${pick(`ARRAY['CLIENT','CLIENT','CLIENT','PROSPECT','PROSPECT','FORMER_CLIENT','COMPETITOR']`)},
              ${pick(`ARRAY[NULL,'RMM','RMM_BILL_BY_DEVICE','RMM_BILL_BY_USER']`)},
              random() < 0.9, '(555) 201-' || lpad((x.g % 10000)::text, 4, '0'), $5, $5
         FROM (SELECT g, ${pick('$1::text[]')} AS prefix, split_part(${pick('$2::text[]')}, '/', 1) AS industry,
                      ${pick('$3::text[]')} AS suffix, split_part(${pick('$4::text[]')}, '/', 1) AS city
                 FROM generate_series(1, $6::int) g) x`,
      [ORG_PREFIXES, ORG_INDUSTRIES, ORG_SUFFIXES, CITIES, adminId, ORGS],
    );
    const { rows: span } = await db.query<{ lo: number; n: number }>(
      'SELECT min(id) AS lo, count(*)::int AS n FROM organizations',
    );
    const codes = CATEGORIES.map((c) => c.code);
    const models = CATEGORIES.map((c) => c.models);
    const offsets = models.map((_, i) => models.slice(0, i).reduce((s, m) => s + m.length, 1));
    for (let from = 1; from <= DEVICES; from += CHUNK) {
      // Devices named after their organization ("CED1234-WS042"), some still with the name Windows gave them.
      await db.query(
        `INSERT INTO equipment (organization_id, name, category_id, status_id, manufacturer, model, serial_number,
                                rmm_id, active, virtual, purchase_date, warranty_end, last_response_at,
                                created_by, updated_by)
         SELECT o.id,
                CASE WHEN random() < 0.08 THEN 'DESKTOP-' || upper(substr(md5(s.g::text), 1, 7))
                     ELSE o.short_code || '-' || ($3::text[])[s.c] || lpad((s.g % 400)::text, 3, '0') END,
                ($4::int[])[s.c], ($5::int[])[CASE WHEN s.active THEN 1 ELSE 3 END],
                split_part(s.model, '/', 1), split_part(s.model, '/', 2), upper(substr(md5(s.g::text), 8, 10)),
                CASE WHEN o.rmm_plan IS NOT NULL AND s.active THEN (1000000 + s.g)::text END,
                s.active, s.c = 10, current_date - s.age, current_date - s.age + 1095,
                CASE WHEN o.rmm_plan IS NOT NULL THEN now() - random() * interval '3 days' END, $9, $9
           FROM (SELECT g, c, random() < 0.92 AS active, (random() * 2500)::int AS age,
                        ($6::text[])[($7::int[])[c] + floor(random() * ($8::int[])[c])::int] AS model,
                        $1 + floor(random() * $2)::int AS org
                   FROM (SELECT g, 1 + floor(random() * 10)::int AS c
                           FROM generate_series($10::int, $11::int) g) r) s
           JOIN organizations o ON o.id = s.org`,
        [
          span[0]!.lo,
          span[0]!.n,
          codes,
          categories.rows.map((r) => r.id),
          statuses.rows.map((r) => r.id),
          models.flat(),
          offsets,
          models.map((m) => m.length),
          adminId,
          from,
          Math.min(DEVICES, from + CHUNK - 1),
        ],
      );
    }
    const loaded = seconds(t0);
    const t1 = performance.now();
    await restore();
    return `${loaded} s, indexes, keys and ANALYZE ${seconds(t1)} s`;
  } finally {
    db.release();
  }
}

type Figures = { p50: number; p99: number };

/** Where the SQL's time goes: planning vs execution (EXPLAIN ANALYZE, median of 7). */
async function planTimes(database: Database, [text, values]: Statement) {
  const planning: number[] = [];
  const execution: number[] = [];
  for (let i = 0; i < 7; i++) {
    const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${text}`, values);
    const time = (what: string) =>
      Number(rows.map((r) => new RegExp(`${what} Time: ([\\d.]+)`).exec(r['QUERY PLAN'])?.[1]).find(Boolean));
    planning.push(time('Planning'));
    execution.push(time('Execution'));
  }
  return { planning: percentile(planning, 0.5), execution: percentile(execution, 0.5) };
}

async function listFigures(
  app: FastifyInstance,
  database: Database,
  cookie: string,
  path: string,
  table: string,
) {
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  // Page 1,000's cursor by walking the `next` cursors (100 rows a step), as a user scrolling would.
  let after = '';
  for (let skipped = 0; skipped < (PAGE - 1) * 25; ) {
    const limit = Math.min(100, (PAGE - 1) * 25 - skipped);
    const res = await get(`${path}?filter=1&limit=${limit}${after}`);
    const next = res.json().next as string | null;
    if (!next) throw new Error(`${path}: fewer than ${PAGE} pages`);
    after = `&after=${encodeURIComponent(next)}`;
    skipped += limit;
  }
  const urls = [`${path}?filter=1`, `${path}?filter=1${after}`];
  const sql = [];
  const plans: { planning: number; execution: number }[] = [];
  for (const url of urls) {
    const seen = await capture(() => get(url));
    const hit = seen.find(([text]) => text.includes(`FROM ${table} t`) && text.includes('ORDER BY'));
    if (!hit) throw new Error(`${url}: no list statement seen`);
    sql.push(hit);
    plans.push(await planTimes(database, hit));
  }
  // Interleaved, so machine noise falls on all four alike.
  const samples: number[][] = [[], [], [], []];
  let errors = 0;
  for (let i = -20; i < RUNS; i++) {
    for (let k = 0; k < 2; k++) {
      let t = performance.now();
      const res = await get(urls[k]!);
      if (i >= 0) samples[k]!.push(performance.now() - t);
      if (res.statusCode !== 200 || res.json().items.length !== 25) errors++;
      t = performance.now();
      await database.pool.query(sql[k]![0], sql[k]![1]);
      if (i >= 0) samples[k + 2]!.push(performance.now() - t);
    }
  }
  const fig = (s: number[]): Figures => ({ p50: percentile(s, 0.5), p99: percentile(s, 0.99) });
  return {
    page1: fig(samples[0]!),
    pageN: fig(samples[1]!),
    raw1: fig(samples[2]!),
    rawN: fig(samples[3]!),
    plan1: plans[0]!,
    planN: plans[1]!,
    errors,
  };
}

export async function listsBench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await benchDatabase(url);
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.pool);
    const took = await load(database);
    console.log(
      `lists [${label}]: loaded ${count(ORGS)} organizations and ${count(DEVICES)} devices in ${took}`,
    );
    app = await buildApp({
      config: loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: 'bench-lists@example.test', password: 'bench lists password' },
    });
    const session = login.cookies.find((c) => c.name.endsWith('sd6_session'))!;
    const cookie = `${session.name}=${session.value}`;
    for (const [what, path, table, rows] of [
      ['equipment', '/api/manage/equipment', 'equipment', `${count(DEVICES)} devices`],
      ['organization', '/api/manage/organization', 'organizations', `${count(ORGS)} organizations`],
    ] as const) {
      const f = await listFigures(app, database, cookie, path, table);
      console.log(
        `${what} list [${label}, ${rows}, ?filter=1, by name]: page ${count(PAGE)} p50 ${ms(f.pageN.p50)} ms ` +
          `p99 ${ms(f.pageN.p99)} ms; baseline page 1 p50 ${ms(f.page1.p50)} ms p99 ${ms(f.page1.p99)} ms -> ` +
          `${(f.pageN.p99 / f.page1.p99).toFixed(2)}x at p99, ${(f.pageN.p50 / f.page1.p50).toFixed(2)}x at p50 ` +
          `(goal <= 1.20x)` +
          (f.errors ? `  [${f.errors} answers not 200 with 25 rows]` : ''),
      );
      console.log(
        `${what} list [${label}]: endpoint (app.inject, signed in) vs its SQL run directly on the pool, p50: ` +
          `page 1 ${ms(f.page1.p50)} vs ${ms(f.raw1.p50)} ms -> ${(f.page1.p50 / f.raw1.p50).toFixed(2)}x; ` +
          `page ${count(PAGE)} ${ms(f.pageN.p50)} vs ${ms(f.rawN.p50)} ms -> ${(f.pageN.p50 / f.rawN.p50).toFixed(2)}x ` +
          `(p99 ${ms(f.page1.p99)} vs ${ms(f.raw1.p99)} ms); the SQL itself: planning ${ms(f.plan1.planning)} ms + ` +
          `execution ${ms(f.plan1.execution)} ms (page 1), ${ms(f.planN.planning)} + ${ms(f.planN.execution)} ms ` +
          `(page ${count(PAGE)})`,
      );
    }
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
