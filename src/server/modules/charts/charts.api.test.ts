// GET /api/manage/charts over a small known data set: minutes per week by kind of task and multiplier (bucket time
// non-billable), the top organizations, work in progress at each week's end (a case billed mid-period leaves it on
// the company's day, not UTC's), active devices by age, the default period, and who may ask and with what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeBucket,
  makeBucketCategory,
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { makeDevice } from '../../../../test/support/report-factories.js';
import { type ChartsResponse, DEFAULT_CHART_WEEKS } from '../../../shared/charts.js';
import { MESSAGES } from '../../../shared/errors.js';
import { displayOf } from '../../../shared/format/date.js';
import { PERIOD_REVERSED, PERIOD_TOO_LONG } from '../../../shared/reports.js';
import { DATE_INVALID } from '../../../shared/schemas/fields.js';
import { addDays, companyDay, minusYears, mondayOf } from '../report/index.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let technician: Awaited<ReturnType<ApiHarness['signIn']>>;
const orgs: Record<string, number> = {};

// The period: four weeks, Monday 01/06/2025 to Sunday 02/02/2025 (the company is in America/New_York).
const PERIOD = 'from=01/06/2025&to=02/02/2025';
const WEEKS = ['2025-01-06', '2025-01-13', '2025-01-20', '2025-01-27'];
const EXTRAS = 10;

beforeAll(async () => {
  api = await setupApi({ timeZone: 'America/New_York' });
  const db = api.db.pool;
  const adminUser = await makeAdmin(db);
  const techUser = await makeUser(db);
  admin = await api.signIn(adminUser.email, TEST_PASSWORD);
  technician = await api.signIn(techUser.email, TEST_PASSWORD);
  const alpha = await makeOrganization(db, { name: 'Alpha Dental' });
  const beta = await makeOrganization(db, { name: 'Beta Books' });
  const gamma = await makeOrganization(db, { name: 'Gamma Farm' });
  Object.assign(orgs, { alpha: alpha.id, beta: beta.id, gamma: gamma.id });
  const billed = (caseId: number, at: string) =>
    db.query('UPDATE cases SET billed_at = $2, billed_by = $3 WHERE id = $1', [caseId, at, adminUser.id]);
  const slip = (
    taskId: number,
    workDate: string,
    startTime: string,
    stopTime: string | null,
    rateMultiplier = '1',
  ) => makeSlip(db, { taskId, userId: techUser.id, workDate, startTime, stopTime, rateMultiplier });

  // Alpha: a support case never billed, and a project case billed late on Sunday 01/26 (already Monday in UTC).
  const alphaSupport = await makeCase(db, { organizationId: alpha.id });
  const supportTask = await makeTask(db, { caseId: alphaSupport.id });
  await slip(supportTask.id, '2025-01-05', '09:00', '10:00'); // before the period: WIP only
  await slip(supportTask.id, '2025-01-06', '09:00', '10:30');
  await slip(supportTask.id, '2025-01-07', '09:00', null); // unfinished: counted nowhere
  const alphaProject = await makeCase(db, { organizationId: alpha.id });
  const projectTask = await makeTask(db, { caseId: alphaProject.id, isProject: true });
  await slip(projectTask.id, '2025-01-08', '13:00', '13:45', '1.5');
  await slip(projectTask.id, '2025-01-20', '10:00', '12:00', '2');
  await billed(alphaProject.id, '2025-01-27T03:00:00Z');

  // Beta: one support case, never billed; no-charge time is non-billable; the slip after the period is left out.
  const betaTask = await makeTask(db, { caseId: (await makeCase(db, { organizationId: beta.id })).id });
  await slip(betaTask.id, '2025-01-12', '08:00', '08:20', '0');
  await slip(betaTask.id, '2025-01-26', '17:00', '17:10');
  await slip(betaTask.id, '2025-02-02', '09:00', '09:05', '0');
  await slip(betaTask.id, '2025-02-03', '09:00', '09:30');

  // Gamma: time logged and billed before the period (never in it); another case billed in the second week.
  const gammaOld = await makeTask(db, { caseId: (await makeCase(db, { organizationId: gamma.id })).id });
  await slip(gammaOld.id, '2024-12-20', '09:00', '10:00');
  await billed(gammaOld.caseId, '2025-01-02T15:00:00Z');
  const gammaLate = await makeTask(db, { caseId: (await makeCase(db, { organizationId: gamma.id })).id });
  await slip(gammaLate.id, '2024-12-30', '08:00', '09:40');
  await billed(gammaLate.caseId, '2025-01-15T15:00:00Z');

  // Ten more clients in the last week, 5, 10, … 50 minutes each, on cases billed after the period.
  for (let i = 1; i <= EXTRAS; i++) {
    const org = await makeOrganization(db, { name: `Extra ${String(i).padStart(2, '0')}` });
    orgs[`extra${i}`] = org.id;
    const task = await makeTask(db, { caseId: (await makeCase(db, { organizationId: org.id })).id });
    await slip(task.id, '2025-01-28', '09:00', `09:${String(5 * i).padStart(2, '0')}`);
    await billed(task.caseId, '2025-02-10T15:00:00Z');
  }

  // Bucket time (always non-billable), of two staff members.
  const meetings = await makeBucketCategory(db);
  await makeBucket(db, { categoryId: meetings.id, userId: techUser.id, workDate: '2025-01-09', minutes: 30 });
  await makeBucket(db, { categoryId: meetings.id, userId: techUser.id, workDate: '2025-01-26', minutes: 15 });
  await makeBucket(db, {
    categoryId: meetings.id,
    userId: adminUser.id,
    workDate: '2025-01-21',
    minutes: 45,
  });
  await makeBucket(db, {
    categoryId: meetings.id,
    userId: adminUser.id,
    workDate: '2025-01-05',
    minutes: 60,
  });

  // Devices: bought 100 days ago, a year ago to the day, six years ago (three), unknown; inactive ones not counted.
  const today = companyDay(api.config.timeZone);
  await makeDevice(db, alpha.id, { purchaseDate: addDays(today, -100) });
  await makeDevice(db, alpha.id, { purchaseDate: minusYears(today, 1) });
  for (let i = 0; i < 3; i++) await makeDevice(db, beta.id, { purchaseDate: minusYears(today, 6) });
  await makeDevice(db, null, { purchaseDate: null });
  await makeDevice(db, beta.id, { purchaseDate: addDays(today, -10), active: false });
});
afterAll(() => api?.close());

const charts = async (query = PERIOD) => {
  const res = await admin.get(`/api/manage/charts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChartsResponse;
};

describe('the charts of a period', () => {
  it('counts finished case time per week, support vs project and billable vs not (bucket time too), zeros kept', async () => {
    const r = await charts();
    expect(r.period).toEqual({ from: '01/06/2025', to: '02/02/2025' });
    const extras = (5 * EXTRAS * (EXTRAS + 1)) / 2; // 275
    expect(r.weeks).toEqual([
      { week: WEEKS[0], support: 90 + 20, project: 45, billable: 90 + 45, nonBillable: 20 + 30 },
      { week: WEEKS[1], support: 0, project: 0, billable: 0, nonBillable: 0 },
      { week: WEEKS[2], support: 10, project: 120, billable: 120 + 10, nonBillable: 45 + 15 },
      { week: WEEKS[3], support: 5 + extras, project: 0, billable: extras, nonBillable: 5 },
    ]);
  });

  it('names the ten organizations with the most case time, most first, ties by name', async () => {
    const r = await charts();
    const extra = (i: number) => ({
      id: orgs[`extra${i}`],
      name: `Extra ${String(i).padStart(2, '0')}`,
      minutes: 5 * i,
    });
    expect(r.topOrganizations).toEqual([
      { id: orgs.alpha, name: 'Alpha Dental', minutes: 90 + 45 + 120 },
      extra(10),
      extra(9),
      extra(8),
      { id: orgs.beta, name: 'Beta Books', minutes: 35 },
      extra(7),
      extra(6),
      extra(5),
      extra(4),
      extra(3),
    ]);
  });

  it('adds up work in progress at each Sunday: unbilled time logged by then, a case leaving on its billing day', async () => {
    const r = await charts();
    expect(r.wipTrend).toEqual([
      // Alpha's support 60 + 90, Alpha's project 45, Beta 20, Gamma's late case 100 (billed on the 15th).
      { week: WEEKS[0], minutes: 150 + 45 + 20 + 100 },
      { week: WEEKS[1], minutes: 150 + 45 + 20 },
      // Alpha's project was billed on Sunday the 26th, company time (the 27th in UTC): gone by that Sunday's end.
      { week: WEEKS[2], minutes: 150 + 30 },
      // The extra clients' cases were billed after the period.
      { week: WEEKS[3], minutes: 150 + 35 + 275 },
    ]);
  });

  it('counts active devices by age band', async () => {
    const r = await charts();
    expect(r.deviceAge).toEqual([
      { label: '< 1 year', count: 1 },
      { label: '1–2 years', count: 1 },
      { label: '2–3 years', count: 0 },
      { label: '3–4 years', count: 0 },
      { label: '4–5 years', count: 0 },
      { label: '5+ years', count: 3 },
      { label: 'Unknown', count: 1 },
    ]);
  });

  it('answers a period with no time in it with zero weeks, no organizations and the work still in progress', async () => {
    const r = await charts('from=03/03/2025&to=03/09/2025');
    expect(r.weeks).toEqual([{ week: '2025-03-03', support: 0, project: 0, billable: 0, nonBillable: 0 }]);
    expect(r.topOrganizations).toEqual([]);
    // Alpha's support and Beta's case are still unbilled: everything they logged, the slip of 02/03 included.
    expect(r.wipTrend).toEqual([{ week: '2025-03-03', minutes: 150 + 35 + 30 }]);
  });
});

describe('the period', () => {
  const weeksOf = (r: ChartsResponse) => r.weeks.map((w) => w.week);

  it('snaps the days given out to whole weeks, Monday to Sunday', async () => {
    const r = await charts('from=01/08/2025&to=01/21/2025');
    expect(r.period).toEqual({ from: '01/06/2025', to: '01/26/2025' });
    expect(weeksOf(r)).toEqual(WEEKS.slice(0, 3));
    expect(r.wipTrend.map((w) => w.week)).toEqual(WEEKS.slice(0, 3));
  });

  it('one end given: twelve weeks from it, or up to it', async () => {
    const from = await charts('from=01/08/2025');
    expect(from.period).toEqual({ from: '01/06/2025', to: '03/30/2025' });
    expect(from.weeks).toHaveLength(DEFAULT_CHART_WEEKS);
    expect(from.weeks[0]!.support).toBe(110);
    const to = await charts('to=01/08/2025');
    expect(to.period).toEqual({ from: '10/21/2024', to: '01/12/2025' });
    expect(to.weeks).toHaveLength(DEFAULT_CHART_WEEKS);
    expect(to.weeks.at(-1)).toEqual({
      week: WEEKS[0],
      support: 110,
      project: 45,
      billable: 135,
      nonBillable: 50,
    });
  });

  it('neither given: the last twelve weeks, this one included, in the company time zone', async () => {
    const r = await charts('');
    const thisMonday = mondayOf(companyDay(api.config.timeZone));
    expect(r.period).toEqual({
      from: displayOf(addDays(thisMonday, -7 * (DEFAULT_CHART_WEEKS - 1))),
      to: displayOf(addDays(thisMonday, 6)),
    });
    expect(weeksOf(r).at(-1)).toBe(thisMonday);
    expect(r.weeks).toHaveLength(DEFAULT_CHART_WEEKS);
  });

  it.each([
    ['from=02/02/2025&to=01/06/2025', 'to', PERIOD_REVERSED],
    ['from=01/01/2024&to=01/02/2025', 'to', PERIOD_TOO_LONG],
    ['from=02/30/2025', 'from', DATE_INVALID],
  ])('%s -> 400 on %s', async (query, field, message) => {
    const res = await admin.get(`/api/manage/charts?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MESSAGES.badRequest,
      code: 'BAD_REQUEST',
      form: { errors: [], fields: { [field]: [message] } },
    });
  });
});

describe('who may see the charts', () => {
  it('refuses a staff member who is not an administrator, before reading the period', async () => {
    for (const query of [PERIOD, 'from=02/02/2025&to=01/06/2025']) {
      const res = await technician.get(`/api/manage/charts?${query}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('asks an anonymous caller to sign in', async () => {
    const res = await api.anonymous.get(`/api/manage/charts?${PERIOD}`);
    expect(res.statusCode).toBe(401);
  });
});
