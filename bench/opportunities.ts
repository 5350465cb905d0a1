// `npm run bench opportunities`: the opportunity list with its totals at 50,000 opportunities (BENCH_OPPORTUNITIES /
// BENCH_OPPORTUNITY_RUNS change that): the default list's first page and page 1,000 (open opportunities by expected
// close date), and the totals (amount and probability-weighted amount) of the open set. Each endpoint (app.inject,
// signed in) is timed against the raw SQL that reads the same rows, run on the pool in the same run (interleaved).
import type { FastifyInstance } from 'fastify';
import { seedOpportunitiesBulk } from '../src/seed/opportunities-bulk.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { STAGES_SQL } from '../src/server/modules/opportunity/opportunity.record.js';
import { encodeCursor } from '../src/server/platform/cursor.js';
import { type Case, compare } from './compare.js';
import {
  benchDatabase,
  count,
  dropForLoad,
  insertBenchAdmin,
  insertClientOrganizations,
  seconds,
  signInCookie,
} from './support.js';

const OPPORTUNITIES = Number(process.env.BENCH_OPPORTUNITIES ?? 50_000);
const RUNS = Number(process.env.BENCH_OPPORTUNITY_RUNS ?? 200);
const ORGS = Math.max(10, Math.round(OPPORTUNITIES / 4));
const PAGE_SIZE = 25;
const GOAL = 1.5;
const TABLES = ['organizations', 'opportunities', 'proposals', 'proposal_lines'];
const EMAIL = 'bench-opportunities@example.test';
const PASSWORD = 'bench opportunities password';
/** The sort key of the default list: days since 1970, no close date last (as the list sorts). */
const CLOSE_KEY = `coalesce(t.close_date - DATE '1970-01-01', 2147483647)`;

/** Bulk load as an import would: secondary indexes and foreign keys off during the load, rebuilt after it. */
async function load(database: Database): Promise<string> {
  const db = await database.pool.connect();
  try {
    const t0 = performance.now();
    const restore = await dropForLoad(db, TABLES, { keys: true });
    await db.query('SELECT setseed(0.2026)');
    const adminId = await insertBenchAdmin(db, {
      email: EMAIL,
      password: PASSWORD,
      lastName: 'Opportunities',
      shortCode: 'BENCHO',
    });
    await insertClientOrganizations(db, { count: ORGS, codePrefix: 'BO', actorId: adminId });
    // The demo's bulk generator: stages by weight (about three in four open), close dates a year back to half a
    // year ahead, a proposal with three lines for each on average.
    await seedOpportunitiesBulk(db, { count: OPPORTUNITIES, actorId: adminId, proposalsPerOpportunity: 1 });
    const loaded = seconds(t0);
    const t1 = performance.now();
    await restore();
    return `${loaded} s, indexes, keys and ANALYZE ${seconds(t1)} s`;
  } finally {
    db.release();
  }
}

/** A page of the default list: open opportunities by expected close date, with every name shown beside them. */
const listSql = (after: boolean) => `
  SELECT t.id, t.number, t.title, t.outcome, t.amount, t.probability, to_char(t.close_date, 'MM/DD/YYYY') AS close_date,
         t.source, t.lost_reason, t.notes, t.version, t.created_at, t.updated_at, o.name AS organization,
         coalesce(st.name, 'Stage ' || t.stage_id) AS stage, u.first_name || ' ' || u.last_name AS owner,
         og.title AS outage, ag.number AS agreement,
         cb.first_name || ' ' || cb.last_name AS created_by, ub.first_name || ' ' || ub.last_name AS updated_by,
         round(t.amount * t.probability / 100, 2)::numeric(14,2)::text AS weighted
    FROM opportunities t
    JOIN organizations o ON o.id = t.organization_id
    LEFT JOIN ${STAGES_SQL} st ON st.id = t.stage_id
    LEFT JOIN users u ON u.id = t.owner_id
    LEFT JOIN outages og ON og.id = t.outage_id
    LEFT JOIN agreements ag ON ag.id = t.agreement_id
    LEFT JOIN users cb ON cb.id = t.created_by
    LEFT JOIN users ub ON ub.id = t.updated_by
   WHERE t.outcome = 'OPEN' ${after ? `AND (${CLOSE_KEY}, t.id) > ($1, $2)` : ''}
   ORDER BY ${CLOSE_KEY}, t.id LIMIT ${PAGE_SIZE + 1}`;

/** The open set's count, amount and weighted amount (each row's weighted value rounded to the cent, as shown). */
const totalsSql = `
  SELECT count(*)::int AS count, coalesce(sum(amount), 0)::numeric(16,2)::text AS amount,
         coalesce(sum(round(amount * probability / 100, 2)), 0)::numeric(16,2)::text AS weighted
    FROM opportunities WHERE outcome = 'OPEN'`;

export async function opportunitiesBench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await benchDatabase(url);
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.pool);
    const took = await load(database);
    const sizes = await database.pool.query<{ all: number; open: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE outcome = 'OPEN')::int AS open FROM opportunities`,
    );
    const { all, open } = sizes.rows[0]!;
    console.log(
      `opportunities [${label}]: loaded ${count(all)} opportunities (${count(open)} open), ${count(ORGS)} organizations in ${took}`,
    );
    const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database, logger: false });
    const cookie = await signInCookie(app, EMAIL, PASSWORD);

    const deepest = Math.min(1000, Math.floor(open / PAGE_SIZE));
    const { rows: keys } = await database.pool.query<{ key: number; id: number }>(
      `SELECT ${CLOSE_KEY} AS key, t.id FROM opportunities t WHERE t.outcome = 'OPEN' ORDER BY 1, 2
        OFFSET $1 LIMIT 2`,
      [(deepest - 1) * PAGE_SIZE - 1],
    );
    const [last, firstOfPage] = keys;
    const after = encodeCursor([last!.key, last!.id]);
    const ids = (list: unknown) => JSON.stringify((list as { id: number }[]).map((x) => x.id));
    const samePage = (b: Record<string, unknown>, raw: Record<string, unknown>[]) =>
      ids(b.items) === ids(raw.slice(0, PAGE_SIZE)) &&
      (b.items as { weighted: string }[]).every((x, i) => x.weighted === raw[i]!.weighted);
    const cases: Case[] = [
      {
        what: 'list page 1',
        url: `/api/manage/opportunity?limit=${PAGE_SIZE}`,
        raw: [listSql(false), []],
        check: samePage,
        runs: RUNS,
      },
      {
        what: `list page ${count(deepest)}`,
        url: `/api/manage/opportunity?limit=${PAGE_SIZE}&after=${encodeURIComponent(after)}`,
        raw: [listSql(true), [last!.key, last!.id]],
        check: (b, raw) => samePage(b, raw) && ids(b.items).startsWith(`[${firstOfPage!.id},`),
        runs: RUNS,
      },
      {
        what: 'totals (open opportunities)',
        url: '/api/manage/opportunity/totals',
        raw: [totalsSql, []],
        check: (b, raw) => b.count === open && b.amount === raw[0]!.amount && b.weighted === raw[0]!.weighted,
        runs: Math.max(10, Math.round(RUNS / 5)),
      },
    ];
    for (const c of cases)
      await compare(app, database, cookie, c, {
        subject: 'opportunity',
        scale: `${label}, ${count(all)} opportunities`,
        goal: GOAL,
      });
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
