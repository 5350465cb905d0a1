// `npm run bench search`: global search over 1,000,000 searchable records of every kind it covers (organizations,
// people, devices, software, cases, tasks, slips, agreements, opportunities, proposals; BENCH_SEARCH_RECORDS /
// BENCH_SEARCH_RUNS change that). p50/p95/p99 per kind of term (exact names, typos, bare words, numbers, phone
// digits, a word in slip comments, a word nothing has), and the endpoint against the raw SQL it sends (captured,
// then replayed on the pool).
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { hashPassword } from '../src/server/platform/passwords.js';
import { countsFor, loadSearchData } from './search-data.js';
import { benchDatabase, capture, count, HEADERS, ms, percentile } from './support.js';

const RECORDS = Number(process.env.BENCH_SEARCH_RECORDS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 20);
const TERMS_PER_KIND = 8;
const COUNTS = countsFor(RECORDS);

export async function load(database: Database): Promise<string> {
  const db = await database.pool.connect();
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles)
       VALUES ('bench-search@example.test', $1, 'Bench', 'Search', 'BENCHS', '{ROLE_USER}') RETURNING id`,
      [await hashPassword('bench search password')],
    );
    return await loadSearchData(db, COUNTS, rows[0]!.id);
  } finally {
    db.release();
  }
}

/** Replaces one letter in the middle of the first word of 5+ letters (a one-letter typo). */
function typo(text: string): string {
  const m = /[A-Za-z]{5,}/.exec(text);
  if (!m) return text;
  const at = m.index + Math.floor(m[0].length / 2);
  const c = text[at]!;
  return text.slice(0, at) + (c.toLowerCase() === 'e' ? 'a' : 'e') + text.slice(at + 1);
}

/** Realistic terms drawn from the data, for every kind of record and way of finding one. */
async function terms(pool: pg.Pool): Promise<Record<string, string[]>> {
  const sample = async <T extends object>(sql: string) =>
    (await pool.query<T>(`${sql} ORDER BY md5(id::text) LIMIT ${TERMS_PER_KIND}`)).rows;
  const orgs = await sample<{ name: string; short_code: string; phone: string }>(
    'SELECT id, name, short_code, phone FROM organizations',
  );
  const devices = await sample<{ name: string; serial_number: string }>(
    `SELECT id, name, serial_number FROM equipment WHERE name NOT LIKE 'DESKTOP-%'`,
  );
  const people = await sample<{ name: string; email: string }>(
    `SELECT id, first_name || ' ' || last_name AS name, email FROM people`,
  );
  const cases = await sample<{ id: number; title: string }>('SELECT id, title FROM cases');
  const agreements = await sample<{ number: string }>('SELECT id, number FROM agreements');
  const opportunities = await sample<{ title: string }>('SELECT id, title FROM opportunities');
  const proposals = await sample<{ number: string }>('SELECT id, number FROM proposals');
  // An organization's name without its number ("Cedar Ridge Dental LLC - Madison"), as a person would type it.
  const bare = (name: string) => name.replace(/ \d+$/, '');
  return {
    'exact organization name': orgs.map((r) => r.name),
    'organization name, one-letter typo': orgs.map((r) => typo(bare(r.name))),
    'organization words': orgs.map((r) => bare(r.name).split(' - ')[0]!),
    'short code': orgs.map((r) => r.short_code),
    'phone digits': orgs.map((r) => r.phone.replace(/\D/g, '').slice(3)),
    'exact device name': devices.map((r) => r.name),
    'serial prefix (6)': devices.map((r) => r.serial_number.slice(0, 6)),
    'full serial number': devices.map((r) => r.serial_number),
    'person name': people.map((r) => r.name),
    'e-mail start': people.map((r) => r.email.split('@')[0]!),
    'case number': cases.map((r) => `#${r.id}`),
    'case title': cases.map((r) => r.title),
    'agreement number': agreements.map((r) => r.number),
    'opportunity title': opportunities.map((r) => r.title),
    'proposal number': proposals.map((r) => r.number),
    // Common words: in thousands of slip comments, case titles or device models.
    'common word': ['printer', 'patch', 'mailbox', 'driver', 'server', 'optiplex', 'vendor', 'reset'],
    'short term (2)': ['pr', 'se', 'ca', 'op', 'ma', 'de', 'wi', 're'],
    'word nothing has': [
      'zqxwv',
      'blorptang',
      'qqqqzz',
      'xylophonic',
      'vvkkzz',
      'jujubex',
      'frobnicate',
      'plughx',
    ],
  };
}

export async function searchBench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await benchDatabase(url);
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.pool);
    const took = await load(database);
    const kinds = Object.entries(COUNTS).map(([table, n]) => `${count(n)} ${table}`);
    console.log(`search [${label}]: loaded ${kinds.join(', ')} in ${took}`);
    app = await buildApp({
      config: loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: HEADERS,
      payload: { email: 'bench-search@example.test', password: 'bench search password' },
    });
    const session = login.cookies.find((c) => c.name.endsWith('sd6_session'))!;
    const headers = { ...HEADERS, cookie: `${session.name}=${session.value}` };
    const served = app;
    const get = (term: string) =>
      served.inject({
        method: 'GET',
        url: `/api/suggest/global-search/?term=${encodeURIComponent(term)}`,
        headers,
      });

    const byKind = await terms(database.pool);
    const all: { endpoint: number[]; raw: number[] } = { endpoint: [], raw: [] };
    const misses: string[] = [];
    for (const [kind, list] of Object.entries(byKind)) {
      const endpoint: number[] = [];
      const raw: number[] = [];
      for (const term of list) {
        const seen = await capture(() => get(term));
        // What the endpoint sends after its session check: on PostgreSQL the typo threshold and the one search
        // statement; on the embedded database one small statement per field (and the threshold before typo ones).
        const replay = seen.filter(([text]) => !/\bsessions\b|\bsession_id\b/.test(text));
        if (replay.length === 0) throw new Error(`${term}: no search statements seen`);
        const first = (await get(term)).json() as { name: string }[];
        if (first.length === 0) misses.push(`${kind}: ${term}`);
        // Interleaved, so machine noise falls on both alike; two warm-up rounds.
        for (let i = -2; i < RUNS; i++) {
          let t = performance.now();
          const res = await get(term);
          if (i >= 0) endpoint.push(performance.now() - t);
          if (res.statusCode !== 200) throw new Error(`${term}: ${res.statusCode}`);
          t = performance.now();
          const client = await database.pool.connect();
          try {
            for (const [text, values] of replay) await client.query(text, values);
          } finally {
            client.release();
          }
          if (i >= 0) raw.push(performance.now() - t);
        }
      }
      all.endpoint.push(...endpoint);
      all.raw.push(...raw);
      console.log(
        `global search [${label}] ${kind} (${list.length} terms x ${RUNS}): p50 ${ms(percentile(endpoint, 0.5))} ms ` +
          `p95 ${ms(percentile(endpoint, 0.95))} ms p99 ${ms(percentile(endpoint, 0.99))} ms; ` +
          `raw SQL p50 ${ms(percentile(raw, 0.5))} ms -> ${(percentile(endpoint, 0.5) / percentile(raw, 0.5)).toFixed(2)}x`,
      );
    }
    const p = (s: number[], q: number) => percentile(s, q);
    console.log(
      `global search [${label}, ${count(RECORDS)} records, all terms]: p50 ${ms(p(all.endpoint, 0.5))} ms ` +
        `p95 ${ms(p(all.endpoint, 0.95))} ms p99 ${ms(p(all.endpoint, 0.99))} ms (goal p95 <= 30 ms); ` +
        `endpoint vs its SQL run directly on the pool: p50 ${ms(p(all.endpoint, 0.5))} vs ${ms(p(all.raw, 0.5))} ms -> ` +
        `${(p(all.endpoint, 0.5) / p(all.raw, 0.5)).toFixed(2)}x, p95 ${ms(p(all.endpoint, 0.95))} vs ` +
        `${ms(p(all.raw, 0.95))} ms -> ${(p(all.endpoint, 0.95) / p(all.raw, 0.95)).toFixed(2)}x (goal <= 1.5x)` +
        (misses.length ? `  [no hit for: ${misses.join('; ')}]` : ''),
    );
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
