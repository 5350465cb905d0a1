// The bill list's arithmetic, table-driven: each slip's billable minutes (rounded by the default, organization or
// agreement service rule, times the multiplier 0, 1, 1.5, 2), block hours deducted from them first (pro-rated for a
// service starting mid-month, used in the order the work was done, never by no-charge time), the rest at the block
// service's rate or the default hourly rate, each slip rounded to the cent and the case the sum of them. Each row of
// the table is its own organization, so the cases are independent and read from one bill list of September 2026.
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
import type { ReportResponse, ReportRow } from '../../../../shared/reports.js';

type Slip = { day: number; start: string; stop: string; multi?: string; task?: string; case?: string };
type Block = {
  coveredHours: string;
  unitPrice: string;
  quantity?: string;
  start?: string;
  end?: string | null;
};
type Rule = { minimum: number | null; increment: number | null };
type Row = {
  name: string;
  /** The organization's rounding rule, and the block service's (default: none, 5-minute increments). */
  rounding?: Rule;
  blockRounding?: Rule;
  blocks?: Block[];
  slips: Slip[];
  expected: Record<
    string,
    Partial<Record<'minutes' | 'noCharge' | 'covered' | 'billable' | 'rate' | 'amount', unknown>>
  >;
};

// Default hourly rate: 150.00 (the settings' default).
const TABLE: Row[] = [
  {
    name: 'no block hours, 1x at the default rate',
    slips: [{ day: 2, start: '09:00', stop: '10:30' }],
    expected: { A: { minutes: 90, covered: 0, billable: 90, rate: '150.00', amount: '225.00' } },
  },
  {
    name: 'multipliers 0, 1, 1.5 and 2',
    slips: [
      { day: 2, start: '09:00', stop: '10:00', multi: '0' },
      { day: 2, start: '10:00', stop: '11:00', multi: '1' },
      { day: 2, start: '11:00', stop: '12:00', multi: '1.5' },
      { day: 2, start: '13:00', stop: '14:00', multi: '2' },
    ],
    // Billable minutes hold the multiplier: 60 + 90 + 120.
    expected: { A: { minutes: 240, noCharge: 60, covered: 0, billable: 270, amount: '675.00' } },
  },
  {
    name: 'block hours first, the rest at the block rate (unit price ÷ covered hours)',
    blocks: [{ coveredHours: '10.00', unitPrice: '1350.00' }],
    slips: [
      { day: 3, start: '08:00', stop: '16:00' },
      { day: 4, start: '08:00', stop: '12:00' },
    ],
    expected: { A: { minutes: 720, covered: 600, billable: 120, rate: '135.00', amount: '270.00' } },
  },
  {
    name: 'covered time used in work order by billable minutes: the 1.5x hour (1:30) uses the hour, the rest is charged',
    blocks: [{ coveredHours: '1.00', unitPrice: '135.00' }],
    slips: [
      { day: 5, start: '09:00', stop: '10:00', multi: '1.5' },
      { day: 6, start: '09:00', stop: '10:00', multi: '2' },
    ],
    // 1:30 billable of the 1.5x hour: 60 covered, 30 left; the 2x hour is 120: (30 + 120) × 135.00 / 60.
    expected: { A: { covered: 60, billable: 150, amount: '337.50' } },
  },
  {
    name: 'no-charge time uses no block hours',
    blocks: [{ coveredHours: '1.00', unitPrice: '135.00' }],
    slips: [
      { day: 5, start: '08:00', stop: '09:00', multi: '0' },
      { day: 5, start: '09:00', stop: '10:00' },
    ],
    expected: { A: { noCharge: 60, covered: 60, billable: 0, amount: '0.00' } },
  },
  {
    name: 'each slip rounded to the cent, the case their sum (rate 33.33)',
    rounding: { minimum: null, increment: 1 },
    blocks: [{ coveredHours: '30.00', unitPrice: '1000.00', start: '2026-09-30' }],
    slips: [
      // 30 covered hours × 1/30 of the month = 60 minutes, used by the first hour.
      { day: 30, start: '08:00', stop: '09:00' },
      { day: 30, start: '09:00', stop: '09:01' },
      { day: 30, start: '09:01', stop: '09:02' },
      { day: 30, start: '10:00', stop: '10:07', multi: '1.5' },
    ],
    // 1-minute increments: 1 + 1 + round(7 × 1.5) = 13 billable minutes; per slip 0.56 + 0.56 + 6.11 = 7.23 (13 at
    // once would be 7.2215 → 7.22, and the lines shown would not add up to it).
    expected: { A: { covered: 60, billable: 13, rate: '33.33', amount: '7.23' } },
  },
  {
    name: 'default rounding: up to 5-minute increments',
    slips: [
      { day: 2, start: '09:00', stop: '09:07' },
      { day: 2, start: '10:00', stop: '10:01' },
    ],
    // 7 → 10 and 1 → 5: 15 × 150.00 / 60.
    expected: { A: { minutes: 8, billable: 15, amount: '37.50' } },
  },
  {
    name: 'organization rule: 30-minute minimum, 15-minute increments, then the multiplier',
    rounding: { minimum: 30, increment: 15 },
    slips: [
      { day: 2, start: '09:00', stop: '09:10' },
      { day: 2, start: '10:00', stop: '11:07', multi: '1.5' },
    ],
    // 10 → 30; 67 → 75 × 1.5 = 112.5 → 113: 143 × 150.00 / 60.
    expected: { A: { minutes: 77, billable: 143, amount: '357.50' } },
  },
  {
    name: 'the agreement service rule wins over the organization’s, and block hours cover billable minutes',
    rounding: { minimum: null, increment: 60 },
    blockRounding: { minimum: null, increment: 15 },
    blocks: [{ coveredHours: '1.00', unitPrice: '120.00' }],
    slips: [
      { day: 2, start: '09:00', stop: '09:50' },
      { day: 3, start: '09:00', stop: '09:20' },
    ],
    // 50 → 60 (covered), 20 → 30 at 120.00.
    expected: { A: { minutes: 70, covered: 60, billable: 30, amount: '60.00' } },
  },
  {
    name: 'a service starting mid-month covers its share of the month',
    blocks: [{ coveredHours: '10.00', unitPrice: '1350.00', start: '2026-09-16' }],
    slips: [{ day: 20, start: '08:00', stop: '14:00' }],
    // 15 of 30 days: 5 hours covered, 1 hour at 135.00.
    expected: { A: { minutes: 360, covered: 300, billable: 60, amount: '135.00' } },
  },
  {
    name: 'a service ending mid-month, and two units of a block',
    blocks: [{ coveredHours: '10.00', unitPrice: '1500.00', quantity: '2.00', end: '2026-09-10' }],
    slips: [{ day: 8, start: '07:00', stop: '17:00' }],
    // 20 hours × 10/30 = 6:40 covered, 3:20 at 150.00 = 500.00
    expected: { A: { covered: 400, billable: 200, rate: '150.00', amount: '500.00' } },
  },
  {
    name: 'block hours are shared by the organization’s cases in the order the work was done',
    blocks: [{ coveredHours: '1.00', unitPrice: '120.00' }],
    slips: [
      { day: 10, start: '09:00', stop: '10:00', case: 'A' },
      { day: 9, start: '09:00', stop: '10:00', case: 'B' },
    ],
    expected: {
      A: { covered: 0, billable: 60, amount: '120.00' },
      B: { covered: 60, billable: 0, amount: '0.00' },
    },
  },
];

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let techId: number;
const orgIds = new Map<string, number>();

const day = (d: number) => `2026-09-${String(d).padStart(2, '0')}`;
const PERIOD = 'from=09/01/2026&to=09/30/2026';

async function billList(query: string): Promise<ReportResponse> {
  const res = await admin.get(`/api/report/bill-list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db)).email, TEST_PASSWORD);
  techId = (await makeUser(db, { firstName: 'Tess', lastName: 'Tech' })).id;
  const block = await makeServiceType(db, { name: 'Block Hours (billing test)', blockHours: true });
  for (const [i, row] of TABLE.entries()) {
    const org = await makeOrganization(db, { name: `Billing ${String(i).padStart(2, '0')} ${row.name}` });
    orgIds.set(row.name, org.id);
    if (row.rounding)
      await db.query(
        'UPDATE organizations SET rounding_minimum = $2, rounding_increment = $3 WHERE id = $1',
        [org.id, row.rounding.minimum, row.rounding.increment],
      );
    if (row.blocks) {
      const agreement = await makeAgreement(db, { organizationId: org.id, startDate: '2026-01-01' });
      for (const b of row.blocks) {
        const service = await makeAgreementService(db, {
          agreementId: agreement.id,
          serviceTypeId: block.id,
          coveredHours: b.coveredHours,
          unitPrice: b.unitPrice,
          quantity: b.quantity ?? '1.00',
          startDate: b.start ?? '2026-01-01',
          endDate: b.end ?? null,
        });
        if (row.blockRounding)
          await db.query(
            'UPDATE agreement_services SET rounding_minimum = $2, rounding_increment = $3 WHERE id = $1',
            [service.id, row.blockRounding.minimum, row.blockRounding.increment],
          );
      }
    }
    const tasks = new Map<string, number>();
    for (const name of new Set(row.slips.map((s) => s.case ?? 'A'))) {
      const c = await makeCase(db, { organizationId: org.id, title: `Case ${name}`, status: 'CLOSED' });
      tasks.set(name, (await makeTask(db, { caseId: c.id, title: 'Support' })).id);
    }
    for (const s of row.slips)
      await makeSlip(db, {
        taskId: tasks.get(s.case ?? 'A')!,
        userId: techId,
        workDate: day(s.day),
        startTime: s.start,
        stopTime: s.stop,
        rateMultiplier: s.multi ?? '1',
      });
  }
});

afterAll(async () => {
  await api?.close();
});

describe('bill list arithmetic', () => {
  it.each(TABLE)('$name', async (row) => {
    const report = await billList(`${PERIOD}&organization=${orgIds.get(row.name)}&clients=all`);
    const byCase = new Map<string, ReportRow>(
      report.rows.map((r) => [String(r.case).replace(/^#\d+ Case /, ''), r]),
    );
    expect([...byCase.keys()].sort()).toEqual(Object.keys(row.expected).sort());
    for (const [name, expected] of Object.entries(row.expected))
      expect(byCase.get(name)).toMatchObject(expected);
  });

  it('adds the cases up in the summary, to the cent', async () => {
    const ids = [...orgIds.values()].join(',');
    const report = await billList(`${PERIOD}&organization=${ids}`);
    const cents = report.rows.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    expect(report.total).toBe(13);
    expect(report.summary.figures).toContainEqual({
      label: 'Amount',
      value: `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    });
  });
});
