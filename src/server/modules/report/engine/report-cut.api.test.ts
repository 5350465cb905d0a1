// The bill list and the WIP list cut by organization (report-cut.ts: a batch of organizations per statement into a
// temporary table) answer what the one statement answers — rows, page, total, summary and chart, to the cent —
// whatever the filter, sort and page (a property over generated queries), with block hours shared within an
// organization, billed cases read from their snapshot, multipliers and organizations without time. The batch
// statement is one prepared text; the table is emptied after each report and serves two reports at once.
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, type Caller, setupApi } from '../../../../../test/support/api.js';
import { readCsv } from '../../../../../test/support/export-readers.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeCase,
  makeOrganization,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { seededRandom } from '../../../../seed/random.js';
import { type ReportKey, type ReportResponse, reportQuery } from '../../../../shared/reports.js';
import type { Queryable } from '../../../platform/records.js';
import type { ReportSource } from '../exports/export-format.js';
import { loadReport, openReport } from './report-source.js';

const ZONE = 'America/Chicago';
const PERIOD = { from: '09/01/2026', to: '10/31/2026' };
const ORGANIZATIONS = 30;
const MULTIPLIERS = ['0', '1', '1', '1', '1.5', '2'];

let api: ApiHarness;
let admin: Caller;
/** One session: the pool of the embedded database (one session behind it), a client of PostgreSQL's. */
let session: Queryable;
let client: pg.PoolClient | null = null;
const orgIds: number[] = [];

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db)).email, TEST_PASSWORD);
  const techs = [
    (await makeUser(db, { firstName: 'Zoë', lastName: 'O’Brien' })).id,
    (await makeUser(db, { firstName: '李', lastName: '小龙' })).id,
  ];
  const block = await makeServiceType(db, { name: 'Block Hours (cut)', blockHours: true });
  // Seeded: the same data on every run and both databases.
  const { next, pick } = seededRandom(31);
  for (let i = 0; i < ORGANIZATIONS; i++) {
    const org = await makeOrganization(db, {
      name: pick([`Ünïcode ${i}`, `"Quoted, Inc." ${i}`, `北京 ${i}`, `=SUM(A1) ${i}`, `Plain ${i}`]),
      active: i % 5 !== 0,
      rmmPlan: i % 3 === 0 ? 'RMM_BILL_BY_DEVICE' : null,
    });
    orgIds.push(org.id);
    if (i % 4 === 0) {
      const agreement = await makeAgreement(db, { organizationId: org.id, startDate: '2026-01-01' });
      await makeAgreementService(db, {
        agreementId: agreement.id,
        serviceTypeId: block.id,
        coveredHours: '3.00',
        unitPrice: '405.00',
        quantity: '1.00',
        startDate: i % 8 === 0 ? '2026-09-12' : '2026-01-01',
        endDate: null,
      });
    }
    // Every seventh organization has no time at all.
    if (i % 7 === 6) continue;
    for (let c = 0; c <= i % 3; c++) {
      const kase = await makeCase(db, { organizationId: org.id, title: `Case ${c}, "line\nbreak"` });
      const task = await makeTask(db, { caseId: kase.id, title: pick(['Support', 'Backup', 'Onboarding']) });
      for (let s = Math.floor(next() * 6); s > 0; s--) {
        const day = new Date(Date.UTC(2026, 8, 1 + Math.floor(next() * 61)));
        const start = 8 * 60 + Math.floor(next() * 8) * 60;
        const minutes = 1 + Math.floor(next() * 180);
        const hhmm = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        await makeSlip(db, {
          taskId: task.id,
          userId: pick(techs),
          workDate: day.toISOString().slice(0, 10),
          startTime: hhmm(start),
          stopTime: hhmm(start + minutes),
          rateMultiplier: pick(MULTIPLIERS),
        });
      }
    }
  }
  // Two cases billed (their lines then come from the snapshot, and use block hours the others no longer share).
  const res = await admin.get(
    `/api/report/bill-list?from=${PERIOD.from}&to=${PERIOD.to}&clients=all&organization=${orgIds[0]},${orgIds[4]}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const rows = (res.json() as ReportResponse).rows.slice(0, 2);
  expect(rows).toHaveLength(2);
  for (const row of rows) {
    const billed = await admin.post(`/api/report/bill-list/${row.caseId}/bill`, {
      minutes: row.minutes,
      amount: row.amount,
    });
    expect(billed.statusCode, billed.body).toBe(200);
  }
  client = api.db.kind === 'embedded' ? null : await db.connect();
  session = client ?? db;
}, 120_000);
afterAll(async () => {
  client?.release();
  await api?.close();
});

const load = (key: ReportKey, query: Record<string, string>, cut: boolean) =>
  loadReport(session, key, reportQuery.parse({ ...PERIOD, ...query }), ZONE, { cut });

/** Report tables of this session and their rows. */
async function reportTables(): Promise<{ name: string; rows: number }[]> {
  const { rows } = await session.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relpersistence = 't' AND c.relkind = 'r' AND c.relname LIKE 'report\\_%' AND pg_table_is_visible(c.oid)`,
  );
  return Promise.all(
    rows.map(async (r) => ({
      name: r.name,
      rows: (await session.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${r.name}`)).rows[0]!.n,
    })),
  );
}

describe('a report cut by organization', () => {
  it('answers what the one statement answers, whatever the filter, sort and page', async () => {
    const keys = ['bill-list', 'wip-list'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          key: fc.constantFrom(...keys),
          sort: fc.constantFrom('organization', 'amount', 'minutes', 'lastWork', 'billed', 'staff', 'oldest'),
          dir: fc.constantFrom('asc', 'desc'),
          start: fc.constantFrom('0', '3', '17', '60'),
          limit: fc.constantFrom('1', '7', '100'),
          billed: fc.constantFrom('all', 'billed', 'unbilled'),
          clients: fc.constantFrom('all', '1', '3', '2', '4'),
          chosen: fc.option(fc.subarray(orgIds, { minLength: 1, maxLength: 12 }), { nil: undefined }),
        }),
        async ({ key, chosen, ...query }) => {
          const q = chosen ? { ...query, organization: chosen.join(',') } : query;
          const whole = await load(key, q, false);
          expect(await load(key, q, true)).toEqual(whole);
        },
      ),
      { numRuns: 25, seed: 6 },
    );
  }, 120_000);

  it('the whole lists are alike row by row, with block hours, billed cases and organizations without time', async () => {
    for (const key of ['bill-list', 'wip-list'] as const) {
      const query = { clients: 'all', billed: 'all', limit: '100' };
      const whole = await load(key, query, false);
      const cut = await load(key, query, true);
      expect(cut).toEqual(whole);
      expect(whole.total).toBeGreaterThan(10);
      expect(whole.rows.some((r) => Number(r.covered) > 0)).toBe(true);
      if (key === 'bill-list') expect(whole.rows.filter((r) => r.billed)).toHaveLength(2);
    }
  });

  it('nothing in scope: no rows, a zero summary', async () => {
    const query = { organization: String(orgIds[6]), clients: 'all', billed: 'all' };
    for (const key of ['bill-list', 'wip-list'] as const) {
      const cut = await load(key, query, true);
      expect(cut).toEqual(await load(key, query, false));
      expect(cut.total).toBe(0);
      expect(cut.rows).toEqual([]);
    }
  });

  it('leaves no prepared statement behind, and its table empty for the next report', async () => {
    await load('bill-list', { clients: 'all', billed: 'all' }, true);
    await load('wip-list', { clients: 'all', sort: 'amount' }, true);
    const { rows } = await session.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'report\\_batch\\_%'`,
    );
    expect(rows[0]!.n).toBe(0);
    const tables = await reportTables();
    expect(tables.map((t) => t.name.replace(/_\d+$/, '')).sort()).toEqual(['report_bill', 'report_wip']);
    expect(tables.every((t) => t.rows === 0)).toBe(true);
  });

  it('an export reads the same head and rows, every batch, and its table is emptied when it is closed', async () => {
    const read = async (source: ReportSource) => {
      const rows = [];
      for await (const batch of source.rows(7)) rows.push(...batch);
      return { head: source.head, rows };
    };
    for (const [key, query] of [
      ['bill-list', { clients: 'all', billed: 'all', sort: 'amount', dir: 'desc' }],
      ['wip-list', { clients: 'all', sort: 'organization' }],
    ] as const) {
      const parsed = reportQuery.parse({ ...PERIOD, ...query });
      const cut = await openReport(session, key, parsed, ZONE, { cut: true });
      const whole = await openReport(session, key, parsed, ZONE);
      expect(whole.close).toBeUndefined();
      const rows = await read(cut);
      expect(rows.rows.length).toBeGreaterThan(7);
      expect((await reportTables()).some((t) => t.rows > 0)).toBe(true);
      expect(rows).toEqual(await read(whole));
      await cut.close!();
      await cut.close!();
      expect((await reportTables()).every((t) => t.rows === 0)).toBe(true);
    }
  });

  it('two reports at once each get their own table and their own rows', async () => {
    if (api.db.kind !== 'embedded') return; // A client runs one statement at a time: the embedded pool interleaves.
    const bill = { clients: 'all', billed: 'all', limit: '100' };
    const wip = { clients: 'all', limit: '100' };
    const [a, b, c] = await Promise.all([
      load('bill-list', bill, true),
      load('bill-list', { ...bill, billed: 'unbilled' }, true),
      load('wip-list', wip, true),
    ]);
    expect(a).toEqual(await load('bill-list', bill, false));
    expect(b).toEqual(await load('bill-list', { ...bill, billed: 'unbilled' }, false));
    expect(c).toEqual(await load('wip-list', wip, false));
    expect((await reportTables()).every((t) => t.rows === 0)).toBe(true);
  });

  it('the report page of the embedded database is cut; PostgreSQL runs the one statement', async () => {
    const res = await admin.get(`/api/report/wip-list?clients=all&limit=5`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ReportResponse).rows).toHaveLength(5);
    const { rows } = await api.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class WHERE relpersistence = 't' AND relname LIKE 'report\\_wip\\_%'
          AND pg_table_is_visible(oid)`,
    );
    // The embedded database's one session holds the route's table; a PostgreSQL connection of the pool none.
    if (api.db.kind === 'embedded') expect(rows[0]!.n).toBeGreaterThan(0);
    else expect(rows[0]!.n).toBe(0);
  });

  it('an export through its route writes every row of the cut and leaves its table empty', async () => {
    const query = { ...PERIOD, clients: 'all', billed: 'all' };
    const listed = await admin.get(`/api/report/bill-list?${new URLSearchParams({ ...query, limit: '1' })}`);
    const total = (listed.json() as ReportResponse).total;
    const res = await admin.post('/api/report/bill-list/export', { format: 'csv', query });
    expect(res.statusCode, res.body).toBe(200);
    const file = await admin.get(res.json().history.download);
    expect(readCsv(file.rawPayload)).toHaveLength(total + 1);
    const { rows } = await api.db.pool.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relpersistence = 't' AND relname LIKE 'report\\_bill\\_%'
          AND pg_table_is_visible(oid)`,
    );
    for (const t of rows) {
      const n = await api.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.name}`);
      expect(n.rows[0]!.n).toBe(0);
    }
  });
});
