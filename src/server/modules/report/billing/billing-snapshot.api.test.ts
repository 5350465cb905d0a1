// What was billed stays billed: Mark Billed stores each slip's line and the case's amount; a later change of the
// organization's rounding rule, the agreement service's rule and rate or the default hourly rate changes nothing of a
// billed case (its bill list row, its lines, its slips' billable minutes), while Undo Billing gives the case back to
// the rules of now. Block minutes a billed case used stay used. The SQL lines agree with src/shared/bill-pricing.ts
// over random months (a property), a database billed before snapshots existed gets them from migration 0016, and
// cases billed in bulk get theirs a batch of organizations at a time, as one statement would write them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
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
import { linesAmount, priceMonth, type SlipToPrice } from '../../../../shared/bill-pricing.js';
import type { BillLines } from '../../../../shared/billing.js';
import type { ReportResponse, ReportRow } from '../../../../shared/reports.js';
import { DEFAULT_ROUNDING } from '../../../../shared/rounding.js';
import { readMigrations } from '../../../db/migrate.js';
import { slipRuleSql } from '../../slip/index.js';
import { NO_SNAPSHOT, SETTINGS_RATE_SQL, snapshotBilledCases, snapshotSql } from './billing-snapshot.js';

/** Runs of the SQL-against-TypeScript property (each makes an organization, its cases and slips). */
const SQL_RUNS = 20;
const PERIOD = 'from=09/01/2026&to=09/30/2026';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let techId: number;
let blockType: number;

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db, { firstName: 'Bill', lastName: 'Er' })).email, TEST_PASSWORD);
  techId = (await makeUser(db, { firstName: 'Tess', lastName: 'Tech' })).id;
  blockType = (await makeServiceType(db, { name: 'Block Hours (snapshot)', blockHours: true })).id;
});
afterAll(() => api?.close());

async function lines(caseId: number): Promise<BillLines> {
  const res = await admin.get(`/api/report/bill-list/${caseId}/lines?limit=500`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lines;
}

async function billRow(orgId: number, caseId: number, billed = 'all'): Promise<ReportRow | undefined> {
  const res = await admin.get(
    `/api/report/bill-list?${PERIOD}&organization=${orgId}&clients=all&billed=${billed}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReportResponse).rows.find((r) => r.caseId === caseId);
}

async function bill(row: ReportRow) {
  const res = await admin.post(`/api/report/bill-list/${row.caseId}/bill`, {
    minutes: row.minutes,
    amount: row.amount,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The slips' billable minutes and rule as a presented slip reads them (the fragment slip.service.ts uses). */
async function slipRules(caseId: number) {
  const rule = slipRuleSql('o');
  const { rows } = await api.db.pool.query(
    `SELECT s.id, ${rule.columns}
       FROM slips s JOIN tasks t ON t.id = s.task_id JOIN cases c ON c.id = t.case_id
       JOIN organizations o ON o.id = c.organization_id ${rule.join}
      WHERE c.id = $1 ORDER BY s.id`,
    [caseId],
  );
  return rows;
}

/** The case's slips as the slip API presents them: billable minutes and the rule with its explanation. */
async function presentedSlips(caseId: number) {
  const { rows } = await api.db.pool.query<{ id: number }>(
    'SELECT s.id FROM slips s JOIN tasks t ON t.id = s.task_id WHERE t.case_id = $1 ORDER BY s.id',
    [caseId],
  );
  const slips = [];
  for (const { id } of rows) {
    const res = await admin.get(`/api/manage/slip/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { billableMinutes, billing } = res.json().slip;
    slips.push({ billableMinutes, billing });
  }
  return slips;
}

/** The technician's billable minutes in the weekly summary, week by week, from August 17 to September 27, 2026. */
async function weeklyBillable() {
  const res = await admin.get(`/api/report/weekly-summary?from=08/17/2026&to=09/27/2026&staff=${techId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReportResponse).rows.map((r) => Number(r.billable));
}

/** A client with an hour of block time a month from January 2026, at 120.00 an hour. */
async function blockHoursClient(name: string) {
  const db = api.db.pool;
  const org = await makeOrganization(db, { name });
  const agreement = await makeAgreement(db, { organizationId: org.id, startDate: '2026-01-01' });
  await makeAgreementService(db, {
    agreementId: agreement.id,
    serviceTypeId: blockType,
    coveredHours: '1.00',
    unitPrice: '120.00',
    startDate: '2026-01-01',
  });
  return org;
}

async function setDefaultRate(rate: string) {
  const loaded = (await admin.get('/api/report/billing-settings')).json().billingSettings;
  const res = await admin.post('/api/report/billing-settings', {
    version: loaded.version,
    defaultHourlyRate: rate,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the billing snapshot', () => {
  it('keeps a billed case as it was billed whatever rules and rates change; Undo Billing follows them again', async () => {
    const db = api.db.pool;
    const org = await makeOrganization(db, { name: 'Snapshot Dental' });
    await db.query('UPDATE organizations SET rounding_minimum = 30, rounding_increment = 15 WHERE id = $1', [
      org.id,
    ]);
    const agreement = await makeAgreement(db, { organizationId: org.id, startDate: '2026-01-01' });
    const service = await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: blockType,
      coveredHours: '1.00',
      unitPrice: '120.00',
      startDate: '2026-09-01',
    });
    const billed = await makeCase(db, { organizationId: org.id, title: 'Billed', status: 'CLOSED' });
    const open = await makeCase(db, { organizationId: org.id, title: 'Open', status: 'CLOSED' });
    const task = (await makeTask(db, { caseId: billed.id, title: 'Firewall' })).id;
    const openTask = (await makeTask(db, { caseId: open.id, title: 'Printer' })).id;
    const slip = (taskId: number, day: string, stop: string, multi = '1') =>
      makeSlip(db, {
        taskId,
        userId: techId,
        workDate: day,
        startTime: '09:00',
        stopTime: stop,
        rateMultiplier: multi,
      });
    // The organization's rule (30-minute minimum, 15-minute increments); August at the default rate, September's
    // hour of block time first, the rest at its 120.00.
    await slip(task, '2026-08-20', '09:10'); // 10 → 30 at 150.00 = 75.00
    await slip(task, '2026-09-02', '09:10'); // 10 → 30, covered
    await slip(task, '2026-09-20', '10:07', '1.5'); // 67 → 75 × 1.5 = 113: 30 covered, 83 at 120.00 = 166.00
    await slip(openTask, '2026-09-21', '09:20'); // 20 → 30 at 120.00 = 60.00

    const before = (await billRow(org.id, billed.id))!;
    expect(before).toMatchObject({ minutes: 87, covered: 60, billable: 113, rate: null, amount: '241.00' });
    const linesBefore = await lines(billed.id);
    expect(linesBefore.items.map((l) => [l.billableMinutes, l.coveredMinutes, l.rate, l.amount])).toEqual([
      [30, 0, '150.00', '75.00'],
      [30, 30, '120.00', '0.00'],
      [113, 30, '120.00', '166.00'],
    ]);
    expect(linesBefore.items[2]!.explanation).toBe(
      '1:07 rounded up to 1:15 (15-minute increments, 30-minute minimum: Snapshot Dental) × 1.5 = 1:53',
    );
    const rulesBefore = await slipRules(billed.id);
    const presentedBefore = await presentedSlips(billed.id);
    const weeklyBefore = await weeklyBillable();
    await bill(before);

    // Every rule and rate changes: the organization's rule, the service's rule and rate, the default rate.
    await db.query('UPDATE organizations SET rounding_minimum = 60, rounding_increment = 60 WHERE id = $1', [
      org.id,
    ]);
    await db.query(
      `UPDATE agreement_services SET rounding_minimum = 0, rounding_increment = 1, unit_price = 300.00,
              covered_hours = 2.00 WHERE id = $1`,
      [service.id],
    );
    await setDefaultRate('99.00');

    const after = (await billRow(org.id, billed.id, 'billed'))!;
    expect(after.billed).toMatch(/^\d\d\/\d\d\/\d{4} by Bill Er$/);
    for (const key of ['minutes', 'noCharge', 'covered', 'billable', 'rate', 'amount', 'detail'] as const)
      expect(after[key], key).toEqual(before[key]);
    expect(await lines(billed.id)).toEqual({ ...linesBefore, billed: true });
    expect(await slipRules(billed.id)).toEqual(
      rulesBefore.map((r, i) => ({ ...r, billed_minutes: linesBefore.items[i]!.billableMinutes })),
    );
    // The slip card shows what was billed too: its billable minutes, rule and explanation.
    expect(await presentedSlips(billed.id)).toEqual(presentedBefore);
    // The weekly summary's Billable counts the billed slips as billed; only the open case's slip follows the new
    // rule (its 20 minutes under 1-minute increments instead of 30).
    const weeklyAfter = await weeklyBillable();
    const sum = (weeks: number[]) => weeks.reduce((a, b) => a + b, 0);
    expect(sum(weeklyAfter)).toBe(sum(weeklyBefore) - 10);
    // The case not billed follows the new rules: the service's 1-minute increments at 300 ÷ 2 = 150.00 an hour,
    // September's 120 block minutes less the 60 the billed case used.
    expect(await billRow(org.id, open.id)).toMatchObject({
      minutes: 20,
      covered: 20,
      billable: 0,
      amount: '0.00',
    });

    const undone = await admin.post(`/api/report/bill-list/${billed.id}/unbill`);
    expect(undone.statusCode).toBe(200);
    // Priced by the rules of now: 10 → 60 at 99.00 = 99.00; 10 and 67 × 1.5 = 101 by the service's rule, all 111
    // covered (worked first); the open case's 20 then find 9 block minutes left, 11 at 150.00 = 27.50.
    expect(await billRow(org.id, billed.id)).toMatchObject({ covered: 111, billable: 60, amount: '99.00' });
    expect(await billRow(org.id, open.id)).toMatchObject({ covered: 9, billable: 11, amount: '27.50' });
    expect((await lines(billed.id)).billed).toBe(false);
    expect((await presentedSlips(billed.id)).map((p) => p.billableMinutes)).toEqual([60, 10, 101]);
    const rulesNow = await slipRules(billed.id);
    expect(rulesNow.map((r) => [r.rounding_source, r.rounding_increment, r.billed_minutes])).toEqual([
      ['ORGANIZATION', 60, null],
      ['SERVICE', 1, null],
      ['SERVICE', 1, null],
    ]);
    await setDefaultRate('150.00');
  });

  it('keeps the block minutes a billed case used: time added later on another case finds them used', async () => {
    const db = api.db.pool;
    const org = await blockHoursClient('Snapshot Block');
    const a = await makeCase(db, { organizationId: org.id, title: 'A', status: 'CLOSED' });
    const b = await makeCase(db, { organizationId: org.id, title: 'B', status: 'CLOSED' });
    const taskA = (await makeTask(db, { caseId: a.id })).id;
    const taskB = (await makeTask(db, { caseId: b.id })).id;
    await makeSlip(db, { taskId: taskA, userId: techId, workDate: '2026-09-10', stopTime: '10:00' });
    await bill((await billRow(org.id, a.id))!);
    // Worked earlier in the month, logged after A was billed.
    await makeSlip(db, { taskId: taskB, userId: techId, workDate: '2026-09-09', stopTime: '10:00' });
    expect(await billRow(org.id, a.id)).toMatchObject({ covered: 60, amount: '0.00' });
    expect(await billRow(org.id, b.id)).toMatchObject({ covered: 0, billable: 60, amount: '120.00' });
    const wip = await admin.get(`/api/report/wip-list?organization=${org.id}&clients=all`);
    expect(wip.json().rows).toMatchObject([{ minutes: 60, covered: 0, amount: '120.00' }]);
    await admin.post(`/api/report/bill-list/${a.id}/unbill`);
    expect(await billRow(org.id, b.id)).toMatchObject({ covered: 60, amount: '0.00' });
    expect(await billRow(org.id, a.id)).toMatchObject({ covered: 0, amount: '120.00' });
  });

  it('pages a case’s lines; the totals are of all of them and the case’s amount', async () => {
    const db = api.db.pool;
    const org = await makeOrganization(db, { name: 'Snapshot Pages' });
    const c = await makeCase(db, { organizationId: org.id, status: 'CLOSED' });
    const task = (await makeTask(db, { caseId: c.id })).id;
    for (let d = 1; d <= 5; d++)
      await makeSlip(db, { taskId: task, userId: techId, workDate: `2026-09-0${d}`, stopTime: '09:07' });
    const res = await admin.get(`/api/report/bill-list/${c.id}/lines?start=3&limit=2`);
    expect(res.statusCode).toBe(200);
    const page: BillLines = res.json().lines;
    expect(page.items.map((l) => l.date)).toEqual(['09/04/2026', '09/05/2026']);
    expect(page.total).toBe(5);
    // 5 × (7 → 10 at 150.00 = 25.00)
    expect(page.totals).toEqual({ minutes: 35, billableMinutes: 50, coveredMinutes: 0, amount: '125.00' });
    expect((await billRow(org.id, c.id))!.amount).toBe('125.00');
    const bad = await admin.get(`/api/report/bill-list/${c.id}/lines?limit=5000`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).not.toMatch(/expected|too_big/i);
    expect((await admin.get('/api/report/bill-list/99999999/lines')).statusCode).toBe(404);
  });
});

// ---- the SQL against the TypeScript rule ----

type GenSlip = { day: number; start: number; length: number; multi: 0 | 1 | 1.5 | 2; inB: boolean };
const genMonth = fc.record({
  rule: fc.option(
    fc.record({ minimum: fc.integer({ min: 0, max: 60 }), increment: fc.integer({ min: 1, max: 30 }) }),
  ),
  hours: fc.integer({ min: 0, max: 4 }),
  rateCents: fc.integer({ min: 1, max: 30_000 }),
  billA: fc.boolean(),
  slips: fc.array(
    fc.record({
      day: fc.integer({ min: 1, max: 28 }),
      start: fc.integer({ min: 0, max: 600 }),
      length: fc.integer({ min: 1, max: 300 }),
      multi: fc.constantFrom(0 as const, 1 as const, 1.5 as const, 2 as const),
      inB: fc.boolean(),
    }),
    { minLength: 1, maxLength: 10 },
  ),
});

const clock = (m: number) =>
  `${String(8 + Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const cents = (rate: number) => `${Math.floor(rate / 100)}.${String(rate % 100).padStart(2, '0')}`;

describe('the lines in SQL', () => {
  it('are the lines of src/shared/bill-pricing.ts, before and after a case is billed', async () => {
    const db = api.db.pool;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(genMonth, async (m) => {
        run++;
        const org = await makeOrganization(db, { name: `Snapshot Property ${run}` });
        if (m.rule)
          await db.query(
            'UPDATE organizations SET rounding_minimum = $2, rounding_increment = $3 WHERE id = $1',
            [org.id, m.rule.minimum, m.rule.increment],
          );
        if (m.hours > 0) {
          const agreement = await makeAgreement(db, { organizationId: org.id, startDate: '2026-01-01' });
          await makeAgreementService(db, {
            agreementId: agreement.id,
            serviceTypeId: blockType,
            coveredHours: `${m.hours}.00`,
            unitPrice: cents(m.rateCents * m.hours),
            startDate: '2026-01-01',
          });
        }
        const rate = m.hours > 0 ? cents(m.rateCents) : '150.00';
        const rule = m.rule ?? DEFAULT_ROUNDING;
        const [a, b] = [
          await makeCase(db, { organizationId: org.id, title: 'A', status: 'CLOSED' }),
          await makeCase(db, { organizationId: org.id, title: 'B', status: 'CLOSED' }),
        ];
        const tasks = [(await makeTask(db, { caseId: a.id })).id, (await makeTask(db, { caseId: b.id })).id];
        const made: (GenSlip & { id: number })[] = [];
        for (const s of m.slips) {
          const slip = await makeSlip(db, {
            taskId: tasks[s.inB ? 1 : 0]!,
            userId: techId,
            workDate: `2026-09-${String(s.day).padStart(2, '0')}`,
            startTime: clock(s.start),
            stopTime: clock(s.start + s.length),
            rateMultiplier: String(s.multi),
          });
          made.push({ ...s, id: slip.id });
        }
        const ordered = [...made].sort((x, y) => x.day - y.day || x.start - y.start || x.id - y.id);
        const toPrice = (list: typeof ordered): SlipToPrice[] =>
          list.map((s) => ({ id: s.id, minutes: s.length, multiplier: s.multi, rule }));
        const whole = priceMonth(toPrice(ordered), m.hours * 60, rate);
        const got = async (caseId: number) =>
          (await lines(caseId)).items.map((l) => ({
            id: l.slip,
            billable: l.billableMinutes,
            covered: l.coveredMinutes,
            amount: l.amount,
          }));
        const inCase = (inB: boolean) => whole.filter((l) => made.find((s) => s.id === l.id)!.inB === inB);
        expect(await got(a.id)).toEqual(inCase(false));
        expect(await got(b.id)).toEqual(inCase(true));
        const rowA = await billRow(org.id, a.id);
        expect(rowA?.amount ?? '0.00').toBe(linesAmount(inCase(false)));
        if (m.billA && rowA) {
          await bill(rowA);
          // The rule changes after the billing: A keeps its lines, B is priced by the new rule with what is left.
          await db.query(
            'UPDATE organizations SET rounding_minimum = 0, rounding_increment = 7 WHERE id = $1',
            [org.id],
          );
          const used = inCase(false).reduce((s, l) => s + l.covered, 0);
          const rest = ordered
            .filter((s) => s.inB)
            .map((s) => ({
              id: s.id,
              minutes: s.length,
              multiplier: s.multi,
              rule: { minimum: 0, increment: 7 },
            }));
          expect(await got(a.id)).toEqual(inCase(false));
          expect(await got(b.id)).toEqual(priceMonth(rest, m.hours * 60 - used, rate));
        }
      }),
      { numRuns: SQL_RUNS, seed: 27 },
    );
    expect(run).toBe(SQL_RUNS);
  });
});

describe('migration 0016', () => {
  it('gives the cases billed before it their snapshot, as Mark Billed would have stored it', async () => {
    const db = api.db.pool;
    const org = await blockHoursClient('Snapshot Legacy');
    const old = await makeCase(db, { organizationId: org.id, title: 'Billed long ago', status: 'CLOSED' });
    const task = (await makeTask(db, { caseId: old.id })).id;
    await makeSlip(db, {
      taskId: task,
      userId: techId,
      workDate: '2026-08-03',
      startTime: '09:00',
      stopTime: '09:50',
    });
    await makeSlip(db, {
      taskId: task,
      userId: techId,
      workDate: '2026-08-04',
      startTime: '09:00',
      stopTime: '09:20',
    });
    // Marked billed the way cases were before snapshots: the mark alone.
    await db.query(`UPDATE cases SET billed_at = '2026-09-05T15:00:00Z' WHERE id = $1`, [old.id]);
    const migration = readMigrations().find((m) => m.tag === '0016_billing_snapshot')!;
    const backfill = migration.statements.at(-1)!;
    expect(backfill).toMatch(/INSERT INTO billed_slips/);
    await db.query(backfill);
    const { rows } = await db.query(
      `SELECT minutes, billable_minutes, covered_minutes, rate::text, amount::text, rounding_label
         FROM billed_slips WHERE case_id = $1 ORDER BY work_date`,
      [old.id],
    );
    // 50 → 50 covered; 20 → 20: 10 covered, 10 at 120.00 = 20.00.
    expect(rows).toEqual([
      {
        minutes: 50,
        billable_minutes: 50,
        covered_minutes: 50,
        rate: '120.00',
        amount: '0.00',
        rounding_label: 'default',
      },
      {
        minutes: 20,
        billable_minutes: 20,
        covered_minutes: 10,
        rate: '120.00',
        amount: '20.00',
        rounding_label: 'default',
      },
    ]);
    const head = await db.query(
      'SELECT amount::text, default_rate::text FROM billed_cases WHERE case_id = $1',
      [old.id],
    );
    expect(head.rows).toEqual([{ amount: '20.00', default_rate: '150.00' }]);
    // Run again (a second start): nothing is snapshotted twice.
    await db.query(backfill);
    const count = await db.query('SELECT count(*)::int AS n FROM billed_slips WHERE case_id = $1', [old.id]);
    expect(count.rows[0].n).toBe(2);
  });
});

describe('cases billed in bulk (demo data, benches)', () => {
  it('are snapshotted a batch of organizations at a time, as one statement over all of them writes', async () => {
    const db = api.db.pool;
    const cases: number[] = [];
    // More organizations than one batch (50), some with block hours, some time at 1.5x.
    for (let i = 0; i < 53; i++) {
      const org =
        i % 4 === 0 ? await blockHoursClient(`Bulk ${i}`) : await makeOrganization(db, { name: `Bulk ${i}` });
      const billed = await makeCase(db, { organizationId: org.id, status: 'CLOSED' });
      await makeSlip(db, {
        taskId: (await makeTask(db, { caseId: billed.id })).id,
        userId: techId,
        workDate: `2026-08-1${i % 9}`,
        startTime: '09:00',
        stopTime: `10:${String(i).padStart(2, '0')}`,
        rateMultiplier: i % 3 === 0 ? '1.5' : '1',
      });
      cases.push(billed.id);
    }
    await db.query('UPDATE cases SET billed_at = now() WHERE id = ANY($1)', [cases]);
    // What one statement over every billed case without a snapshot writes, then undone.
    const client = await db.connect();
    let once: Record<string, unknown>[];
    try {
      await client.query('BEGIN');
      once = (
        await client.query(
          snapshotSql('c.billed_at IS NOT NULL', SETTINGS_RATE_SQL, 'NULL::int', NO_SNAPSHOT),
        )
      ).rows;
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(once.map((r) => r.caseId)).toEqual(expect.arrayContaining(cases));
    expect(await snapshotBilledCases(db)).toBe(once.length);
    const { rows } = await db.query(
      `SELECT case_id AS "caseId", minutes, billable_minutes AS billable, covered_minutes AS covered,
              amount::text AS amount
         FROM billed_cases WHERE case_id = ANY($1) ORDER BY case_id`,
      [once.map((r) => r.caseId)],
    );
    expect(rows).toEqual(once);
    expect(await snapshotBilledCases(db)).toBe(0);
  });
});

describe('the plan of the priced lines', () => {
  type PlanNode = { 'Node Type': string; 'CTE Name'?: string; Output?: string[]; Plans?: PlanNode[] };
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

  it('reads the covered minutes from one value computed once, never carried along the joined rows', async () => {
    // A join of the look-ups into the rows let a sort carry the whole object on every row: a batch of 25
    // organizations at 5,000,000 slips sorted more than 4 GB on disk.
    for (const where of ['c.id = 1', 'c.billed_at IS NOT NULL']) {
      const client = await api.db.pool.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (VERBOSE, FORMAT JSON) ${snapshotSql(where, SETTINGS_RATE_SQL, 'NULL::int', NO_SNAPSHOT)}`,
        );
        const all = nodes(rows[0]!['QUERY PLAN'][0].Plan);
        const carrying = all.filter((n) => (n.Output ?? []).some((o) => /\bcm\.m\b/.test(o)));
        expect(carrying.length).toBeGreaterThan(0);
        expect(carrying.map((n) => `${n['Node Type']} ${n['CTE Name'] ?? ''}`.trim())).toEqual(
          carrying.map(() => 'CTE Scan covered'),
        );
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    }
  });
});
