// The annual update and the weekly summary over data made here, relative to the company's today: the exact rows and
// figures, sorting, paging, the CSV export, administrators only, and clear refusals of bad filters.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeBucket,
  makeBucketCategory,
  makeCase,
  makeOrganization,
  makePerson,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { makeDevice, setVirtualDevices } from '../../../../../test/support/report-factories.js';
import { displayOf } from '../../../../shared/format/date.js';
import {
  CHOOSE_STAFF,
  PERIOD_REVERSED,
  PERIOD_TOO_LONG,
  type ReportResponse,
} from '../../../../shared/reports.js';
import { reviewDate, reviewSql } from '../queries/annual-update.js';
import { addDays, minusYears } from '../queries/rules.js';
import { mondayOf } from './report-filters.js';
import { companyDay } from './report-source.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let admin: Caller;
let tech: Caller;
let today: string;

beforeAll(async () => {
  api = await setupApi();
  today = companyDay(api.config.timeZone);
  const db = api.db.pool;
  admin = await api.signIn(
    (await makeAdmin(db, { firstName: 'Ada', lastName: 'Admin' })).email,
    TEST_PASSWORD,
  );
  tech = await api.signIn((await makeUser(db, { firstName: 'Tom', lastName: 'Tech' })).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const run = async (key: string, query = '') => {
  const limit = /(^|&)limit=/.test(query) ? '' : 'limit=100&';
  const res = await admin.get(`/api/report/${key}?${limit}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportResponse;
};
const figures = (r: ReportResponse) => Object.fromEntries(r.summary.figures.map((f) => [f.label, f.value]));
const tones = (r: ReportResponse) => Object.fromEntries(r.summary.figures.map((f) => [f.label, f.tone]));

async function csvOf(key: string, query: Record<string, string>) {
  const res = await admin.post(`/api/report/${key}/export`, { format: 'csv', query });
  expect(res.statusCode, res.body).toBe(200);
  const history = res.json().history;
  const file = await admin.get(history.download);
  expect(file.statusCode).toBe(200);
  return { history, rows: parse(file.rawPayload, { bom: true }) as string[][] };
}

/**
 * What block-hour services covered in the twelve months before today, day by day: each month, covered hours ×
 * quantity × the days in force that month ÷ the month's days, rounded down to whole minutes.
 */
function coveredOracle(
  services: { start: string; end: string | null; hours: number; quantity: number }[],
  now: string,
): number {
  const from = addDays(minusYears(now, 1), 1);
  let minutes = 0;
  for (const s of services) {
    const days = new Map<string, number>();
    for (let d = from; d <= now; d = addDays(d, 1))
      if (d >= s.start && (s.end === null || d <= s.end))
        days.set(d.slice(0, 7), (days.get(d.slice(0, 7)) ?? 0) + 1);
    for (const [month, n] of days) {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const inMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
      minutes += Math.floor((s.hours * s.quantity * 60 * n) / inMonth);
    }
  }
  return minutes;
}

describe('annual update', () => {
  // Agreement numbers → [organization, start, renewal]
  const due: Record<string, string> = {};
  let coveredA = 0;
  let coveredC = 0;

  beforeAll(async () => {
    const db = api.db.pool;
    await setVirtualDevices(db, { categoryIds: [], models: ['vmware*'] });
    const type = async (name: string, billedPer: 'DEVICE' | 'USER' | null, blockHours = false) => {
      const t = await makeServiceType(db, { name, blockHours, billedPer });
      return t.id;
    };
    const ws = await type('Managed Workstation', 'DEVICE');
    const m365 = await type('Microsoft 365 Seat', 'USER');
    const block = await type('Block Hours', null, true);
    const onboard = await type('Onboarding', null);
    const oldTimer = await makeUser(db, { firstName: 'Old', lastName: 'Timer', active: false });

    // Alder: review in 10 days; devices and users as billed, but one device more; block hours from mid-year.
    const alder = await makeOrganization(db, { name: 'Alder Dental' });
    const startA = minusYears(addDays(today, 10), 2);
    const a1 = await makeAgreement(db, {
      organizationId: alder.id,
      number: 'AU-A1',
      title: 'Managed IT',
      startDate: startA,
    });
    const service = (over: Parameters<typeof makeAgreementService>[1]) =>
      makeAgreementService(db, { startDate: startA, ...over });
    await service({ agreementId: a1.id, serviceTypeId: ws, quantity: '4', unitPrice: '50.00' });
    await service({
      agreementId: a1.id,
      serviceTypeId: m365,
      quantity: '3',
      unitPrice: '20.00',
      billingFrequency: 'QUARTERLY',
    });
    const blockStart = addDays(today, -150);
    await service({
      agreementId: a1.id,
      serviceTypeId: block,
      unitPrice: '300.00',
      startDate: blockStart,
      coveredHours: '2.5',
    });
    // Ended: neither in force nor billed now, but it covered hours until it ended.
    const oldBlock = { start: addDays(today, -400), end: addDays(today, -100) };
    await service({
      agreementId: a1.id,
      serviceTypeId: block,
      quantity: '2',
      startDate: oldBlock.start,
      endDate: oldBlock.end,
      coveredHours: '1',
    });
    await service({ agreementId: a1.id, serviceTypeId: ws, quantity: '5', endDate: addDays(today, -30) });
    await service({
      agreementId: a1.id,
      serviceTypeId: onboard,
      unitPrice: '500.00',
      billingFrequency: 'ONE_TIME',
    });
    coveredA = coveredOracle(
      [
        { start: blockStart, end: null, hours: 2.5, quantity: 1 },
        { start: oldBlock.start, end: oldBlock.end, hours: 1, quantity: 2 },
      ],
      today,
    );
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5']) await makeDevice(db, alder.id, { name });
    await makeDevice(db, alder.id, { name: 'A-VM', model: 'VMware Virtual Platform' });
    await makeDevice(db, alder.id, { name: 'A-V', virtual: true });
    await makeDevice(db, alder.id, { name: 'A-OLD', active: false });
    for (const firstName of ['Al', 'Bo', 'Cy']) await makePerson(db, { organizationId: alder.id, firstName });
    await makePerson(db, { organizationId: alder.id, firstName: 'Gone', active: false });
    const support = await makeTask(db, { caseId: (await makeCase(db, { organizationId: alder.id })).id });
    const project = await makeTask(db, {
      caseId: (await makeCase(db, { organizationId: alder.id })).id,
      isProject: true,
    });
    const slip = (taskId: number, workDate: string, startTime: string, stopTime: string | null, rate = '1') =>
      makeSlip(db, { taskId, userId: oldTimer.id, workDate, startTime, stopTime, rateMultiplier: rate });
    await slip(support.id, addDays(today, -10), '09:00', '10:30');
    await slip(support.id, addDays(today, -200), '13:00', '14:00', '0');
    await slip(support.id, minusYears(today, 1), '09:00', '17:00'); // a year ago: outside the twelve months
    await slip(support.id, addDays(minusYears(today, 1), 1), '08:00', '08:30');
    await slip(support.id, today, '09:00', null); // running
    await slip(project.id, addDays(today, -5), '10:00', '10:45');

    // Birch: renewal in 45 days; billed per user only, with more people than seats; no block hours.
    const birch = await makeOrganization(db, { name: 'Birch Law' });
    const b1 = await makeAgreement(db, {
      organizationId: birch.id,
      number: 'AU-B1',
      title: 'Office seats',
      startDate: minusYears(addDays(today, 100), 3),
      renewalDate: addDays(today, 45),
    });
    await makeAgreementService(db, {
      agreementId: b1.id,
      serviceTypeId: m365,
      quantity: '5',
      unitPrice: '12.50',
      startDate: minusYears(today, 2),
    });
    await makeAgreement(db, {
      organizationId: birch.id,
      number: 'AU-B2',
      title: 'Closed',
      status: 'CLOSED',
      startDate: minusYears(addDays(today, 5), 1),
    });
    await makeAgreement(db, {
      organizationId: birch.id,
      number: 'AU-B3',
      title: 'Later',
      startDate: addDays(minusYears(today, 1), 200),
    });
    // A renewal date already past: the anniversary of the start counts.
    await makeAgreement(db, {
      organizationId: birch.id,
      number: 'AU-B4',
      title: 'Printers',
      startDate: minusYears(addDays(today, 20), 1),
      renewalDate: addDays(today, -20),
    });
    for (let i = 0; i < 7; i++) await makePerson(db, { organizationId: birch.id, firstName: `P${i}` });
    await makeDevice(db, birch.id, { name: 'B1' });
    await makeDevice(db, birch.id, { name: 'B2' });
    const birchTask = await makeTask(db, { caseId: (await makeCase(db, { organizationId: birch.id })).id });
    await slip(birchTask.id, addDays(today, -3), '13:00', '15:00');

    // Cedar (inactive): review in 15 days, a small block used over.
    const cedar = await makeOrganization(db, { name: 'Cedar Farms', active: false });
    const c1 = await makeAgreement(db, {
      organizationId: cedar.id,
      number: 'AU-C1',
      title: 'Farm support',
      startDate: minusYears(addDays(today, 15), 1),
    });
    await makeAgreementService(db, {
      agreementId: c1.id,
      serviceTypeId: block,
      startDate: addDays(today, -20),
      coveredHours: '0.5',
    });
    coveredC = coveredOracle([{ start: addDays(today, -20), end: null, hours: 0.5, quantity: 1 }], today);
    const cedarTask = await makeTask(db, { caseId: (await makeCase(db, { organizationId: cedar.id })).id });
    await slip(cedarTask.id, addDays(today, -2), '09:00', '10:00');

    Object.assign(due, {
      'AU-A1': reviewDate(startA, null, today),
      'AU-B1': addDays(today, 45),
      'AU-B3': reviewDate(addDays(minusYears(today, 1), 200), null, today),
      'AU-B4': reviewDate(minusYears(addDays(today, 20), 1), addDays(today, -20), today),
      'AU-C1': reviewDate(minusYears(addDays(today, 15), 1), null, today),
    });
  });

  // A percent column holds a fraction (3 decimals: 1.038 is 103.8 %), above 100 % too (Cedar's use).
  const percent = (part: number, whole: number) => Math.round((part * 1000) / whole) / 1000;

  it('lists the open agreements due for review within 90 days, with what each review weighs', async () => {
    const r = await run('annual-update');
    expect(r.columns.map((c) => [c.name, c.kind, c.sortable ?? false])).toEqual([
      ['organization', 'text', true],
      ['agreement', 'text', true],
      ['reviewDate', 'date', true],
      ['services', 'number', false],
      ['monthlyValue', 'money', false],
      ['hoursLastYear', 'minutes', false],
      ['coveredLastYear', 'minutes', false],
      ['usedPercent', 'percent', false],
      ['devicesNow', 'number', false],
      ['devicesBilled', 'number', false],
      ['usersNow', 'number', false],
      ['usersBilled', 'number', false],
    ]);
    expect(r.sort).toEqual({ field: 'reviewDate', dir: 'asc' });
    expect(r.filtersText).toBe('Clients: Active · Review within 90 days');
    expect(r.total).toBe(3);
    expect(r.rows).toEqual([
      {
        organization: 'Alder Dental',
        agreement: 'AU-A1 – Managed IT',
        reviewDate: due['AU-A1'],
        // The onboarding charge was billed once, at the start: it is no service in force.
        services: 3,
        monthlyValue: '520.00',
        hoursLastYear: 90 + 60 + 30 + 45,
        coveredLastYear: coveredA,
        usedPercent: percent(225, coveredA),
        devicesNow: 5,
        devicesBilled: 4,
        usersNow: 3,
        usersBilled: 3,
      },
      {
        organization: 'Birch Law',
        agreement: 'AU-B4 – Printers',
        reviewDate: due['AU-B4'],
        services: 0,
        monthlyValue: '0.00',
        hoursLastYear: 120,
        coveredLastYear: 0,
        usedPercent: null,
        devicesNow: 2,
        devicesBilled: null,
        usersNow: 7,
        usersBilled: null,
      },
      {
        organization: 'Birch Law',
        agreement: 'AU-B1 – Office seats',
        reviewDate: addDays(today, 45),
        services: 1,
        monthlyValue: '62.50',
        hoursLastYear: 120,
        coveredLastYear: 0,
        usedPercent: null,
        devicesNow: 2,
        devicesBilled: null,
        usersNow: 7,
        usersBilled: 5,
      },
    ]);
  });

  it('sums it up: hours counted once per organization, agreements billing fewer devices or users than counted', async () => {
    const r = await run('annual-update');
    const hmm = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
    expect(figures(r)).toEqual({
      'Agreements due': '3',
      Organizations: '2',
      'Hours last year': hmm(225 + 120),
      'Covered last year': hmm(coveredA),
      'More devices than billed': '1',
      'More users than billed': '1',
    });
    expect(tones(r)['More devices than billed']).toBe('warning');
    expect(r.summary.chart).toEqual({
      title: 'Block hours last year',
      kind: 'donut',
      data: [
        { label: 'Over covered hours', value: 0, tone: 'bad' },
        { label: 'Within covered hours', value: 1, tone: 'good' },
        { label: 'No block hours', value: 2, tone: 'neutral' },
      ],
    });
    const all = await run('annual-update', 'clients=all');
    expect(all.rows.find((row) => row.agreement === 'AU-C1 – Farm support')).toMatchObject({
      reviewDate: due['AU-C1'],
      hoursLastYear: 60,
      coveredLastYear: coveredC,
      usedPercent: percent(60, coveredC),
    });
    // More hours than covered: above 100 %, still a fraction.
    expect(percent(60, coveredC)).toBeGreaterThan(1);
    expect(all.summary.chart!.data.map((d) => d.value)).toEqual([1, 1, 2]);
    expect(figures(all)['More users than billed']).toBe('1');
  });

  it.each([
    ['review=30', ['AU-A1', 'AU-B4']],
    ['review=365', ['AU-A1', 'AU-B4', 'AU-B1', 'AU-B3']],
    ['clients=all', ['AU-A1', 'AU-C1', 'AU-B4', 'AU-B1']],
    ['clients=3', ['AU-C1']],
    ['sort=organization', ['AU-A1', 'AU-B4', 'AU-B1']],
    ['sort=agreement&dir=desc', ['AU-B4', 'AU-B1', 'AU-A1']],
    ['sort=reviewDate&dir=desc', ['AU-B1', 'AU-B4', 'AU-A1']],
    ['start=1&limit=1', ['AU-B4']],
  ])('%s', async (query, numbers) => {
    const r = await run('annual-update', query);
    expect(r.rows.map((row) => String(row.agreement).split(' ')[0])).toEqual(numbers);
    expect(r.rows.map((row) => row.reviewDate)).toEqual(numbers.map((n) => due[n]));
  });

  it('finds the review date in SQL as the rule says, 29 February included', async () => {
    const cases: [string, string | null, string][] = [
      ['2024-05-10', null, '2026-03-15'],
      ['2024-01-10', null, '2026-03-15'],
      ['2024-03-15', null, '2026-03-15'],
      ['2026-03-15', null, '2026-03-15'],
      ['2026-06-01', null, '2026-03-15'],
      ['2025-12-31', null, '2026-01-01'],
      ['2024-02-29', null, '2026-02-01'],
      ['2024-02-29', null, '2027-03-01'],
      ['2024-02-29', null, '2028-02-29'],
      ['2024-02-29', null, '2026-03-01'],
      ['2020-02-29', null, '2024-02-29'],
      ['2024-05-10', '2026-04-01', '2026-03-15'],
      ['2024-05-10', '2026-03-15', '2026-03-15'],
      ['2024-05-10', '2026-03-14', '2026-03-15'],
    ];
    for (const [start, renewal, on] of cases) {
      const { rows } = await api.db.pool.query<{ review: string }>(
        `SELECT to_char(r.review_date, 'YYYY-MM-DD') AS review
           FROM (SELECT $1::date AS start_date, $2::date AS renewal_date) a CROSS JOIN LATERAL (${reviewSql(on)}) r`,
        [start, renewal],
      );
      expect([start, renewal, on, rows[0]!.review]).toEqual([
        start,
        renewal,
        on,
        reviewDate(start, renewal, on),
      ]);
    }
  });

  it('one organization chosen: its agreements only', async () => {
    const { rows } = await api.db.pool.query<{ id: number }>(
      `SELECT id FROM organizations WHERE name = 'Birch Law'`,
    );
    const r = await run('annual-update', `organization=${rows[0]!.id}&review=365`);
    expect(r.organization).toEqual({ value: rows[0]!.id, label: 'Birch Law' });
    expect(r.rows.map((row) => row.agreement)).toEqual([
      'AU-B4 – Printers',
      'AU-B1 – Office seats',
      'AU-B3 – Later',
    ]);
  });

  it('exports the rows as CSV, kept in report history', async () => {
    const { history, rows } = await csvOf('annual-update', { review: '30' });
    expect(history).toMatchObject({ report: 'annual-update', format: 'CSV', rowCount: 2 });
    expect(rows[0]).toEqual([
      'Organization',
      'Agreement',
      'Review Date',
      'Services',
      'Monthly Value',
      'Hours Last Year',
      'Covered Last Year',
      'Used',
      'Devices Now',
      'Devices Billed',
      'Users Now',
      'Users Billed',
    ]);
    expect(rows[1]!.slice(0, 6)).toEqual([
      'Alder Dental',
      'AU-A1 – Managed IT',
      displayOf(due['AU-A1']!),
      '3',
      '$520.00',
      '3:45',
    ]);
    expect(rows[2]!.slice(0, 3)).toEqual(['Birch Law', 'AU-B4 – Printers', displayOf(due['AU-B4']!)]);
    expect(rows).toHaveLength(3);
  });

  it('refuses a review window it does not offer, and a technician', async () => {
    const bad = await admin.get('/api/report/annual-update?review=45');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().form.fields)).toEqual(['review']);
    expect((await tech.get('/api/report/annual-update')).statusCode).toBe(403);
    expect(
      (await tech.post('/api/report/annual-update/export', { format: 'csv', query: {} })).statusCode,
    ).toBe(403);
  });
});

describe('weekly summary', () => {
  // A past week, Monday to Sunday, well before the annual update's slips.
  let week: string;
  const ids: Record<string, number> = {};
  const day = (offset: number) => addDays(week, offset);

  beforeAll(async () => {
    const db = api.db.pool;
    week = addDays(mondayOf(today), -28);
    const ann = await makeUser(db, { firstName: 'Ann', lastName: 'Archer' });
    const ben = await makeUser(db, { firstName: 'Ben', lastName: 'Brook' });
    const cal = await makeUser(db, { firstName: 'Cal', lastName: 'Cole', active: false });
    await makeUser(db, { firstName: 'Dee', lastName: 'Dunn', active: false });
    Object.assign(ids, { ann: ann.id, ben: ben.id, cal: cal.id });
    const support = await makeTask(db);
    const project = await makeTask(db, { isProject: true });
    const slip = (
      userId: number,
      taskId: number,
      offset: number,
      start: string,
      stop: string | null,
      rate = '1',
    ) =>
      makeSlip(db, {
        taskId,
        userId,
        workDate: day(offset),
        startTime: start,
        stopTime: stop,
        rateMultiplier: rate,
      });
    const admin1 = await makeBucketCategory(db, { name: 'Admin time' });
    const training = await makeBucketCategory(db, { name: 'Training' });
    await slip(ann.id, support.id, -1, '09:00', '10:00'); // the Sunday before
    await slip(ann.id, support.id, 0, '09:00', '13:00');
    await slip(ann.id, project.id, 0, '13:00', '17:30');
    await makeBucket(db, { categoryId: admin1.id, userId: ann.id, workDate: day(1), minutes: 300 });
    await makeBucket(db, { categoryId: training.id, userId: ann.id, workDate: day(1), minutes: 180 });
    await slip(ann.id, support.id, 2, '09:00', '12:00');
    await makeBucket(db, { categoryId: admin1.id, userId: ann.id, workDate: day(2), minutes: 60 });
    await slip(ann.id, support.id, 4, '08:00', '16:00', '0'); // no charge, still time worked
    await slip(ann.id, support.id, 5, '10:00', '11:00');
    await slip(ann.id, support.id, 6, '09:00', null); // running
    await slip(ben.id, project.id, 0, '08:00', '16:00');
    await makeBucket(db, { categoryId: training.id, userId: cal.id, workDate: day(1), minutes: 30 });
  });

  const period = (from: number, to: number) => `from=${displayOf(day(from))}&to=${displayOf(day(to))}`;
  const zero = { mon: 0, tue: 0, wed: 0, thu: 0, fri: 0, sat: 0, sun: 0 };
  const nothing = {
    ...zero,
    caseMinutes: 0,
    bucketMinutes: 0,
    support: 0,
    project: 0,
    billable: 0,
    total: 0,
    shortDays: 5,
  };

  it('shows each staff member’s week day by day: active staff, and inactive ones who logged time', async () => {
    const r = await run('weekly-summary', period(2, 3));
    expect(r.period).toEqual({ from: displayOf(week), to: displayOf(day(6)) });
    expect(r.filtersText).toBe(`Staff: Everyone · Period: ${displayOf(week)} – ${displayOf(day(6))}`);
    expect(r.sort).toEqual({ field: 'staff', dir: 'asc' });
    const row = (staff: string, staffId: number, values: Record<string, number>) => ({
      staff,
      staffId,
      week,
      ...values,
    });
    const {
      rows: [tomRow],
    } = await api.db.pool.query<{ id: number }>(`SELECT id FROM users WHERE last_name = 'Tech'`);
    // Ada Admin, an administrator who logs no time, is not expected to: no row, no short days.
    expect(r.rows).toEqual([
      row('Ann Archer', ids.ann!, {
        mon: 510,
        tue: 480,
        wed: 240,
        thu: 0,
        fri: 480,
        sat: 60,
        sun: 0,
        caseMinutes: 240 + 270 + 180 + 480 + 60,
        bucketMinutes: 540,
        support: 240 + 180 + 480 + 60,
        project: 270,
        // Billable: the case time on 5-minute marks (the default rule) less the no-charge day.
        billable: 240 + 270 + 180 + 60,
        total: 1770,
        shortDays: 2,
      }),
      row('Ben Brook', ids.ben!, {
        ...zero,
        mon: 480,
        caseMinutes: 480,
        bucketMinutes: 0,
        support: 0,
        project: 480,
        billable: 480,
        total: 480,
        shortDays: 4,
      }),
      row('Cal Cole', ids.cal!, {
        ...zero,
        tue: 30,
        caseMinutes: 0,
        bucketMinutes: 30,
        support: 0,
        project: 0,
        billable: 0,
        total: 30,
        shortDays: 5,
      }),
      row('Tom Tech', tomRow!.id, nothing),
    ]);
    expect(figures(r)).toEqual({
      'Staff members': '4',
      'Total hours': '38:00',
      'Case hours': '28:30',
      'Bucket hours': '9:30',
      'Support hours': '16:00',
      'Project hours': '12:30',
      'Billable hours': '20:30',
      'Short days': '16',
    });
    expect(tones(r)['Short days']).toBe('warning');
    expect(r.summary.chart).toEqual({
      title: 'Hours by staff member',
      kind: 'bar',
      unit: 'minutes',
      data: [
        { label: 'Ann Archer', value: 1770 },
        { label: 'Ben Brook', value: 480 },
        { label: 'Cal Cole', value: 30 },
      ],
    });
  });

  it('highlights a past week’s workdays and total against the expected minutes; the staff id is hidden', async () => {
    const r = await run('weekly-summary', period(0, 6));
    expect(
      r.columns.map((c) => [c.name, c.kind, c.sortable ?? false, c.hidden ?? false, c.expected ?? null]),
    ).toEqual([
      ['staff', 'text', true, false, null],
      ['staffId', 'number', false, true, null],
      ['week', 'date', true, false, null],
      ['mon', 'minutes', false, false, 480],
      ['tue', 'minutes', false, false, 480],
      ['wed', 'minutes', false, false, 480],
      ['thu', 'minutes', false, false, 480],
      ['fri', 'minutes', false, false, 480],
      ['sat', 'minutes', false, false, null],
      ['sun', 'minutes', false, false, null],
      ['caseMinutes', 'minutes', false, false, null],
      ['bucketMinutes', 'minutes', false, false, null],
      ['support', 'minutes', false, false, null],
      ['project', 'minutes', false, false, null],
      ['billable', 'minutes', false, false, null],
      ['total', 'minutes', true, false, 2400],
      ['shortDays', 'number', true, false, null],
    ]);
  });

  it('this week (the default): today and the workdays after it, and the total until Saturday, are not due yet', async () => {
    const r = await run('weekly-summary', `staff=${ids.ann}`);
    const monday = mondayOf(today);
    expect(r.period).toEqual({ from: displayOf(monday), to: displayOf(addDays(monday, 6)) });
    const weekday = Math.round((Date.parse(today) - Date.parse(monday)) / 86_400_000);
    const expected = Object.fromEntries(r.columns.map((c) => [c.name, c.expected ?? null]));
    expect([expected.mon, expected.tue, expected.wed, expected.thu, expected.fri]).toEqual(
      [0, 1, 2, 3, 4].map((d) => (d < weekday ? 480 : null)),
    );
    expect(expected.total).toBe(weekday >= 5 ? 2400 : null);
    // Short days count the workdays before today only.
    expect(r.rows).toEqual([
      expect.objectContaining({ staff: 'Ann Archer', total: 0, shortDays: Math.min(5, weekday) }),
    ]);
  });

  it.each([
    ['', ['Ann Archer', 'Ben Brook', 'Cal Cole', 'Tom Tech']],
    ['sort=total&dir=desc&limit=3', ['Ann Archer', 'Ben Brook', 'Cal Cole']],
    ['sort=shortDays&limit=2', ['Ann Archer', 'Ben Brook']],
    ['sort=staff&dir=desc&limit=2', ['Tom Tech', 'Cal Cole']],
    ['start=2&limit=2', ['Cal Cole', 'Tom Tech']],
  ])('one week, %s', async (query, staff) => {
    const r = await run('weekly-summary', `${period(0, 6)}&${query}`);
    expect(r.rows.map((row) => row.staff)).toEqual(staff);
    expect(r.rows.every((row) => row.week === week)).toBe(true);
    expect(r.total).toBe(4);
  });

  it('expects time of technicians and of administrators who log time, not of an administrator who never does', async () => {
    const db = api.db.pool;
    const sys = await makeAdmin(db, { firstName: 'Sam', lastName: 'Sysadmin' });
    const helper = await makeAdmin(db, { firstName: 'Hal', lastName: 'Helper' });
    // Hal logged time a month before the week (and none in it): he logs time, so his empty week is five short days.
    await makeSlip(db, {
      taskId: (await makeTask(db)).id,
      userId: helper.id,
      workDate: day(-30),
      startTime: '09:00',
      stopTime: '10:00',
    });
    try {
      const r = await run('weekly-summary', period(0, 6));
      const staff = r.rows.map((row) => row.staff);
      expect(staff).not.toContain('Sam Sysadmin');
      expect(r.rows.find((row) => row.staff === 'Hal Helper')).toMatchObject({ total: 0, shortDays: 5 });
      // Tom Tech, a technician who logged nothing, is expected all the same.
      expect(r.rows.find((row) => row.staff === 'Tom Tech')).toMatchObject({ total: 0, shortDays: 5 });
      const figures = Object.fromEntries(r.summary.figures.map((f) => [f.label, f.value]));
      expect(figures).toMatchObject({ 'Staff members': '5', 'Short days': '21' });
      // Chosen by name, an administrator is shown whatever they log.
      const chosen = await run('weekly-summary', `${period(0, 6)}&staff=${sys.id}`);
      expect(chosen.rows).toEqual([expect.objectContaining({ staff: 'Sam Sysadmin', shortDays: 5 })]);
    } finally {
      await db.query('DELETE FROM slips WHERE user_id = $1', [helper.id]);
      await db.query('UPDATE users SET active = false WHERE id = ANY($1)', [[sys.id, helper.id]]);
    }
  });

  it('several weeks: a row per staff member and week; one staff member chosen, theirs only', async () => {
    const r = await run('weekly-summary', `${period(-3, 2)}&staff=${ids.ann}`);
    expect(r.period).toEqual({ from: displayOf(day(-7)), to: displayOf(day(6)) });
    expect(r.filtersText).toBe(`Staff: Ann Archer · Period: ${displayOf(day(-7))} – ${displayOf(day(6))}`);
    expect(r.rows.map((row) => [row.week, row.sun, row.total, row.shortDays])).toEqual([
      [day(-7), 60, 60, 5],
      [week, 0, 1770, 2],
    ]);
    const byWeek = await run('weekly-summary', `${period(-3, 2)}&sort=week&dir=desc&limit=2`);
    expect(byWeek.total).toBe(8);
    expect(byWeek.rows.map((row) => [row.week, row.staff])).toEqual([
      [week, 'Tom Tech'],
      [week, 'Cal Cole'],
    ]);
    // An inactive staff member chosen is shown, time or not.
    const cal = await run('weekly-summary', `${period(-7, -1)}&staff=${ids.cal}`);
    expect(cal.rows).toEqual([expect.objectContaining({ staff: 'Cal Cole', total: 0, shortDays: 5 })]);
  });

  it('exports the rows as CSV without the hidden staff id', async () => {
    const { history, rows } = await csvOf('weekly-summary', {
      from: displayOf(week),
      to: displayOf(day(6)),
      staff: String(ids.ann),
    });
    expect(history).toMatchObject({ report: 'weekly-summary', format: 'CSV', rowCount: 1 });
    expect(rows).toEqual([
      [
        'Staff',
        'Week',
        'Mon',
        'Tue',
        'Wed',
        'Thu',
        'Fri',
        'Sat',
        'Sun',
        'Case',
        'Bucket',
        'Support',
        'Project',
        'Billable',
        'Total',
        'Short Days',
      ],
      [
        'Ann Archer',
        displayOf(week),
        '8:30',
        '8:00',
        '4:00',
        '0:00',
        '8:00',
        '1:00',
        '0:00',
        '20:30',
        '9:00',
        '16:00',
        '4:30',
        '12:30',
        '29:30',
        '2',
      ],
    ]);
  });

  it('refuses a reversed period, one over a year and an unknown staff member, clearly', async () => {
    const refused = async (query: string) => {
      const res = await admin.get(`/api/report/weekly-summary?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().form.fields;
    };
    expect(await refused(period(6, 0))).toEqual({ to: [PERIOD_REVERSED] });
    expect(await refused(`from=${displayOf(day(-400))}&to=${displayOf(day(0))}`)).toEqual({
      to: [PERIOD_TOO_LONG],
    });
    expect(await refused('staff=99999999')).toEqual({ staff: [CHOOSE_STAFF] });
    expect(await refused('staff=ann')).toEqual({ staff: [CHOOSE_STAFF] });
    const exported = await admin.post('/api/report/weekly-summary/export', {
      format: 'csv',
      query: { from: displayOf(day(6)), to: displayOf(day(0)) },
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.json().form.fields).toEqual({ to: [PERIOD_REVERSED] });
    expect((await tech.get('/api/report/weekly-summary')).statusCode).toBe(403);
    expect(
      (await tech.post('/api/report/weekly-summary/export', { format: 'csv', query: {} })).statusCode,
    ).toBe(403);
  });
});
