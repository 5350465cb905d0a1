// An endpoint against the raw SQL that reads the same rows, in the same run: each case is called through
// app.inject (signed in), checked to answer with the rows the raw SQL reads, then timed interleaved with that SQL
// and with its own statements replayed (what the framework adds). A ratio past the goal prints the plans.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/server/db/client.js';
import { capture, HEADERS, ms, percentile, replay, type Statement } from './support.js';

type Figures = { p50: number; p95: number };
const fig = (s: number[]): Figures => ({ p50: percentile(s, 0.5), p95: percentile(s, 0.95) });

export type Case = {
  what: string;
  url: string;
  raw: Statement;
  /** The endpoint answers with the rows the raw SQL reads (else the comparison would mean nothing). */
  check: (body: Record<string, unknown>, raw: Record<string, unknown>[]) => boolean;
  runs: number;
};

/** The endpoint's own statements, minus the session check every signed-in call makes. */
const ownData = (seen: Statement[]) =>
  seen.filter(([text]) => !/\bFROM sessions\b|\bUPDATE sessions\b/.test(text));

async function measure(app: FastifyInstance, database: Database, cookie: string, c: Case) {
  const get = () => app.inject({ method: 'GET', url: c.url, headers: { ...HEADERS, cookie } });
  const first = await get();
  const { rows } = await database.pool.query(c.raw[0], c.raw[1]);
  if (first.statusCode !== 200 || !c.check(first.json(), rows))
    throw new Error(`${c.url}: ${first.statusCode} ${first.body.slice(0, 500)}`);
  const own = ownData(await capture(get));
  // Interleaved, so machine noise falls on all three alike; the first tenth warms up.
  const samples: number[][] = [[], [], []];
  const warm = Math.ceil(c.runs / 10);
  for (let i = -warm; i < c.runs; i++) {
    let t = performance.now();
    const res = await get();
    if (i >= 0) samples[0]!.push(performance.now() - t);
    if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode}`);
    t = performance.now();
    await database.pool.query(c.raw[0], c.raw[1]);
    if (i >= 0) samples[1]!.push(performance.now() - t);
    t = performance.now();
    await replay(database, own);
    if (i >= 0) samples[2]!.push(performance.now() - t);
  }
  return { endpoint: fig(samples[0]!), raw: fig(samples[1]!), own: fig(samples[2]!), statements: own };
}

/** Statements EXPLAIN ANALYZE may run: reads (not a transaction's BEGIN or COMMIT, a SET, a PREPARE, a write). */
const PLANNABLE = /^\s*(\(|WITH\b|SELECT\b|VALUES\b|TABLE\b)/i;

/**
 * The `count` slowest of an endpoint's statements, replayed once in order on one connection (a PREPARE before its
 * EXECUTE): an endpoint that cuts its work into many short statements (the embedded database's fair share) is judged
 * by the ones that cost, not by printing a thousand plans.
 */
async function slowest(database: Database, statements: Statement[], count: number) {
  const timed: { index: number; ms: number; statement: Statement }[] = [];
  const client = await database.pool.connect();
  try {
    for (const [index, statement] of statements.entries()) {
      const [text, values, name] = statement;
      const t = performance.now();
      await client.query(name ? { name: `${name}_slowest`, text, values } : { text, values });
      timed.push({ index, ms: performance.now() - t, statement });
    }
  } finally {
    client.release();
  }
  return timed.sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** The plan of a statement that took too long: the lines that say where the time went. */
async function explain(database: Database, [text, values]: Statement): Promise<string> {
  const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
    values,
  );
  return rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n');
}

/** Measures one case and prints its line: "<subject> <what> [<scale>, N runs]: endpoint … raw SQL … -> ratio". */
export async function compare(
  app: FastifyInstance,
  database: Database,
  cookie: string,
  c: Case,
  report: { subject: string; scale: string; goal: number },
): Promise<number> {
  const f = await measure(app, database, cookie, c);
  const ratio = f.endpoint.p50 / f.raw.p50;
  console.log(
    `${report.subject} ${c.what} [${report.scale}, ${c.runs} runs]: ` +
      `endpoint p50 ${ms(f.endpoint.p50)} ms p95 ${ms(f.endpoint.p95)} ms; raw SQL reading the same rows p50 ` +
      `${ms(f.raw.p50)} ms p95 ${ms(f.raw.p95)} ms -> ${ratio.toFixed(2)}x at p50, ` +
      `${(f.endpoint.p95 / f.raw.p95).toFixed(2)}x at p95 (goal <= ${report.goal.toFixed(2)}x); its own ` +
      `${f.statements.length} statement${f.statements.length === 1 ? '' : 's'} replayed p50 ${ms(f.own.p50)} ms ` +
      `p95 ${ms(f.own.p95)} ms -> ${(f.endpoint.p50 / f.own.p50).toFixed(2)}x`,
  );
  if (ratio > report.goal) {
    for (const { index, ms: took, statement } of await slowest(database, f.statements, 3)) {
      const shown = PLANNABLE.test(statement[0])
        ? await explain(database, statement)
        : `      ${statement[0].replace(/\s+/g, ' ').slice(0, 300)}`;
      console.log(
        `    over the goal; its statement ${index + 1} of ${f.statements.length} took ${ms(took)} ms:\n${shown}`,
      );
    }
    console.log(`    and of the raw SQL:\n${await explain(database, c.raw)}`);
  }
  return ratio;
}
