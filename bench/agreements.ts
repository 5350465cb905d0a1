// `npm run bench agreements`: the agreement screens' calls at 20,000 agreements with 200,000 services (BENCH_AGREEMENTS
// / BENCH_AGREEMENT_SERVICES / BENCH_AGREEMENT_RUNS change that): the list's first page and its deepest page (page
// 1,000 when there are that many; 18,000 open agreements end at page 721 of 25 rows), the figures "as of" a day, and
// the totals of the filtered set. Each endpoint (app.inject, signed in) is timed against
// the raw SQL that reads the same rows, run directly on the pool in the same run (interleaved), and against its own
// statements replayed (what the framework adds). A ratio past the goal prints the plan of the endpoint's statement.
import type { FastifyInstance } from 'fastify';
import { SERVICE_TYPES, TITLES } from '../src/seed/sales-data.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { inForce, MONTHLY_SQL } from '../src/server/modules/agreement/agreement-figures.js';
import { encodeCursor } from '../src/server/platform/cursor.js';
import { companyToday } from '../src/shared/format/company-time.js';
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

const AGREEMENTS = Number(process.env.BENCH_AGREEMENTS ?? 20_000);
const SERVICES = Number(process.env.BENCH_AGREEMENT_SERVICES ?? 200_000);
const RUNS = Number(process.env.BENCH_AGREEMENT_RUNS ?? 200);
const ORGS = Math.max(10, Math.round(AGREEMENTS / 4));
const PAGE_SIZE = 25;
const GOAL = 1.5;
const TABLES = ['organizations', 'people', 'agreements', 'agreement_services'];
const EMAIL = 'bench-agreements@example.test';
const PASSWORD = 'bench agreements password';

/** Bulk load as an import would: secondary indexes and foreign keys off during the load, rebuilt after it. */
export async function load(database: Database): Promise<string> {
  const db = await database.pool.connect();
  try {
    const t0 = performance.now();
    const restore = await dropForLoad(db, TABLES, { keys: true });

    // random() after setseed: the same data on every run and both databases.
    await db.query('SELECT setseed(0.2026)');
    const adminId = await insertBenchAdmin(db, {
      email: EMAIL,
      password: PASSWORD,
      lastName: 'Agreements',
      shortCode: 'BENCHA',
    });
    const pick = (p: string) => `(${p})[1 + floor(random() * cardinality(${p}))::int]`;
    await db.query(
      `INSERT INTO service_types (name, block_hours, created_by, updated_by)
       SELECT t.name, t.block, $3, $3 FROM unnest($1::text[], $2::bool[]) AS t(name, block)`,
      [SERVICE_TYPES.map((t) => t.name), SERVICE_TYPES.map((t) => 'blockHours' in t), adminId],
    );
    await insertClientOrganizations(db, { count: ORGS, codePrefix: 'BA', actorId: adminId });
    // One billing contact per organization.
    await db.query(
      `INSERT INTO people (organization_id, first_name, last_name, created_by, updated_by)
       SELECT id, 'Billing', 'Contact ' || id, $1, $1 FROM organizations`,
      [adminId],
    );
    // Numbers in an order unrelated to the ids (a permutation of 1..N), 90 % open, renewals over the next year.
    await db.query(
      `INSERT INTO agreements (organization_id, number, title, status, type, start_date, end_date, renewal_date,
                               term_months, billing_contact_id, account_manager_id, created_by, updated_by)
       SELECT o.id, 'AG-' || (100000 + (x.g::bigint * 7919) % $2), x.title, CASE WHEN x.open THEN 'OPEN' ELSE 'CLOSED' END,
              x.type, current_date - x.age, CASE WHEN x.open THEN NULL ELSE current_date - x.age / 3 END,
              CASE WHEN x.open THEN current_date + (random() * 365)::int END, ${pick('ARRAY[12, 24, 36]')},
              p.id, $3, $3, $3
         FROM (SELECT g, random() < 0.9 AS open, (30 + random() * 1065)::int AS age,
                      ${pick('$4::text[]')} AS title, ${pick(`ARRAY['MANAGED','MANAGED','SUPPORT','BLOCK_HOURS','PROJECT']`)} AS type,
                      (SELECT min(id) FROM organizations) + floor(random() * $1)::int AS org
                 FROM generate_series(1, $2::int) g) x
         JOIN organizations o ON o.id = x.org JOIN people p ON p.organization_id = o.id`,
      [ORGS, AGREEMENTS, adminId, Object.values(TITLES).flat()],
    );
    // Services spread over the agreements (about ten each); a quarter ended, some starting later.
    await db.query(
      `INSERT INTO agreement_services (agreement_id, service_type_id, quantity, unit_price, billing_frequency,
                                       start_date, end_date, covered_hours, created_by, updated_by)
       SELECT a.id, x.type, 1 + floor(random() * 40), round((5 + random() * 200)::numeric, 2),
              ${pick(`ARRAY['MONTHLY','MONTHLY','MONTHLY','MONTHLY','MONTHLY','MONTHLY','QUARTERLY','ANNUAL','ANNUAL','ONE_TIME']`)},
              a.start_date + x.delay, CASE WHEN x.ended THEN a.start_date + x.delay + (random() * 300)::int END,
              CASE WHEN x.type = (SELECT id FROM service_types WHERE block_hours) THEN ${pick('ARRAY[10, 20, 40]')} END,
              $3, $3
         FROM (SELECT g, (SELECT min(id) FROM agreements) + floor(random() * $1)::int AS agreement,
                      (SELECT min(id) FROM service_types) + floor(random() * $4)::int AS type,
                      random() < 0.25 AS ended, (CASE WHEN random() < 0.7 THEN 0 ELSE random() * 400 END)::int AS delay
                 FROM generate_series(1, $2::int) g) x
         JOIN agreements a ON a.id = x.agreement`,
      [AGREEMENTS, SERVICES, adminId, SERVICE_TYPES.length],
    );
    const loaded = seconds(t0);
    const t1 = performance.now();
    await restore();
    return `${loaded} s, indexes, keys and ANALYZE ${seconds(t1)} s`;
  } finally {
    db.release();
  }
}

// ---- The raw SQL reading the same rows as each endpoint ----

/**
 * A page of the list: the agreements in number order with the names shown beside them (organization, billing
 * contact, account manager, who created and last changed it) and the figures of their services in force.
 */
const listSql = (after: boolean) => `
  SELECT t.id, t.number, t.title, t.status, t.type, t.start_date, t.end_date, t.renewal_date, t.term_months,
         t.notes, t.version, t.created_at, t.updated_at, o.name AS organization,
         p.first_name || ' ' || p.last_name AS billing_contact, u.first_name || ' ' || u.last_name AS manager,
         cb.first_name || ' ' || cb.last_name AS created_by, ub.first_name || ' ' || ub.last_name AS updated_by,
         f.monthly, f.hours
    FROM agreements t
    JOIN organizations o ON o.id = t.organization_id
    LEFT JOIN people p ON p.id = t.billing_contact_id
    LEFT JOIN users u ON u.id = t.account_manager_id
    LEFT JOIN users cb ON cb.id = t.created_by
    LEFT JOIN users ub ON ub.id = t.updated_by
    LEFT JOIN LATERAL (
      SELECT sum(${MONTHLY_SQL}) AS monthly, coalesce(sum(s.covered_hours), 0) AS hours
        FROM agreement_services s WHERE s.agreement_id = t.id AND ${inForce('$1::date', 't')}) f ON true
   WHERE t.status = 'OPEN' ${after ? 'AND (t.number, t.id) > ($2, $3)' : ''}
   ORDER BY t.number, t.id LIMIT ${PAGE_SIZE + 1}`;

/** The agreement (it must exist) and its services in force on a day, with their monthly amounts. */
const asOfSql = `
  SELECT a.id AS agreement, s.id, st.name, s.description, s.quantity, s.unit_price, s.billing_frequency,
         s.start_date, s.end_date, s.covered_hours, ${MONTHLY_SQL} AS monthly
    FROM agreements a
    LEFT JOIN agreement_services s ON s.agreement_id = a.id AND ${inForce('$2::date', 'a')}
    LEFT JOIN service_types st ON st.id = s.service_type_id
   WHERE a.id = $1
   ORDER BY st.name, s.start_date, s.id`;

/**
 * The open agreements' count and the figures of their services in force: the services joined to the agreements and
 * summed once (the planner picks a hash join for the whole set), not a sum per agreement.
 */
const totalsSql = `
  SELECT (SELECT count(*)::int FROM agreements WHERE status = 'OPEN') AS count,
         coalesce(sum(${MONTHLY_SQL}), 0)::numeric(16,2) AS monthly,
         coalesce(sum(s.covered_hours), 0)::numeric(12,2) AS hours
    FROM agreements t JOIN agreement_services s ON s.agreement_id = t.id AND ${inForce('$1::date', 't')}
   WHERE t.status = 'OPEN'`;

export async function agreementsBench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await benchDatabase(url);
  let app: FastifyInstance | undefined;
  try {
    await migrate(database.pool);
    const took = await load(database);
    const sizes = await database.pool.query<{ agreements: number; open: number; services: number }>(
      `SELECT (SELECT count(*)::int FROM agreements) AS agreements,
              (SELECT count(*)::int FROM agreements WHERE status = 'OPEN') AS open,
              (SELECT count(*)::int FROM agreement_services) AS services`,
    );
    const { agreements, open, services } = sizes.rows[0]!;
    console.log(
      `agreements [${label}]: loaded ${count(agreements)} agreements (${count(open)} open), ${count(services)} services, ` +
        `${count(ORGS)} organizations in ${took}`,
    );
    const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' });
    app = await buildApp({ config, database, logger: false });
    const cookie = await signInCookie(app, EMAIL, PASSWORD);
    const today = companyToday(config.timeZone);

    // The deepest page of the default list (open agreements by number): page 1,000 where there are that many.
    const deepest = Math.min(1000, Math.floor(open / PAGE_SIZE));
    const { rows: keys } = await database.pool.query<{ number: string; id: number }>(
      `SELECT number, id FROM agreements WHERE status = 'OPEN' ORDER BY number, id
        OFFSET $1 LIMIT 2`,
      [(deepest - 1) * PAGE_SIZE - 1],
    );
    const [last, firstOfPage] = keys;
    const after = encodeCursor([last!.number, last!.id]);
    // A typical agreement (the median number of services) for "as of".
    const { rows: typical } = await database.pool.query<{ id: number; n: number }>(
      `SELECT agreement_id AS id, count(*)::int AS n FROM agreement_services GROUP BY agreement_id
        ORDER BY count(*), agreement_id OFFSET (SELECT count(DISTINCT agreement_id) / 2 FROM agreement_services) LIMIT 1`,
    );
    const ids = (list: unknown) =>
      JSON.stringify((list as { id: number | null }[]).flatMap((x) => x.id ?? []));
    const samePage = (b: Record<string, unknown>, raw: Record<string, unknown>[]) =>
      ids(b.items) === ids(raw.slice(0, PAGE_SIZE)) &&
      (b.items as { monthlyValue: string }[]).every((x, i) => x.monthlyValue === (raw[i]!.monthly ?? '0.00'));
    const cases: Case[] = [
      {
        what: 'list page 1',
        url: `/api/manage/agreement?limit=${PAGE_SIZE}`,
        raw: [listSql(false), [today.iso]],
        check: samePage,
        runs: RUNS,
      },
      {
        what: `list page ${count(deepest)}`,
        url: `/api/manage/agreement?limit=${PAGE_SIZE}&after=${encodeURIComponent(after)}`,
        raw: [listSql(true), [today.iso, last!.number, last!.id]],
        check: (b, raw) => samePage(b, raw) && ids(b.items).startsWith(`[${firstOfPage!.id},`),
        runs: RUNS,
      },
      {
        what: `as of today (${typical[0]!.n} services)`,
        url: `/api/manage/agreement/${typical[0]!.id}/as-of?date=${encodeURIComponent(today.display)}`,
        raw: [asOfSql, [typical[0]!.id, today.iso]],
        check: (b, raw) => ids(b.services) === ids(raw),
        runs: RUNS,
      },
      {
        what: 'totals (open agreements)',
        url: '/api/manage/agreement/totals',
        raw: [totalsSql, [today.iso]],
        check: (b, raw) => b.count === open && b.monthlyValue === raw[0]!.monthly,
        runs: Math.max(10, Math.round(RUNS / 5)),
      },
    ];
    for (const c of cases)
      await compare(app, database, cookie, c, {
        subject: 'agreement',
        scale: `${label}, ${count(agreements)} agreements / ${count(services)} services`,
        goal: GOAL,
      });
  } finally {
    await app?.close();
    await database.close();
    await drop();
  }
}
