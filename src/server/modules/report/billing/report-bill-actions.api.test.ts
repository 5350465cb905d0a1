// Billing from the bill list: the default period and filters, marking a case billed (it leaves the list, its slips
// are locked for every way of changing them, a second mark from another session is refused, a changed total too),
// taking the mark back, the WIP list's ages and amounts, the billing settings, and exports without hidden columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import {
  alreadyBilled,
  BILL_CHANGED,
  CASE_BILLED,
  NOT_BILLED,
  NOTHING_TO_BILL,
  RUNNING_SLIP,
} from '../../../../shared/billing.js';
import { CHOOSE_STAFF, type ReportResponse } from '../../../../shared/reports.js';
import { companyDay } from '../engine/report-source.js';
import { addDays, defaultPeriod } from '../queries/rules.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let tech: Awaited<ReturnType<ApiHarness['signIn']>>;
let techId: number;
let otherId: number;
let org: number;
let lastMonth: { from: string; to: string };
let today: string;
const cases: Record<string, { id: number; task: number }> = {};

const display = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const slipForm = (task: number, date: string, over: Record<string, unknown> = {}) => ({
  version: 0,
  startTime: '9:00 AM',
  stopTime: '10:00 AM',
  date: display(date),
  task,
  where: 'REMOTE',
  how: 'PHONE',
  rateMultiplier: '1',
  comment: 'Work',
  ...over,
});

async function get(url: string): Promise<ReportResponse> {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn(
    (await makeAdmin(db, { firstName: 'Ada', lastName: 'Admin' })).email,
    TEST_PASSWORD,
  );
  const techUser = await makeUser(db, { firstName: 'Tess', lastName: 'Tech' });
  techId = techUser.id;
  tech = await api.signIn(techUser.email, TEST_PASSWORD);
  otherId = (await makeUser(db, { firstName: 'Olga', lastName: 'Other' })).id;
  today = companyDay(api.config.timeZone);
  lastMonth = defaultPeriod(today);
  org = (await makeOrganization(db, { name: 'Harbor Dental' })).id;
  const add = async (name: string, status: 'OPEN' | 'CLOSED' = 'CLOSED') => {
    const c = await makeCase(db, { organizationId: org, title: name, status });
    cases[name] = {
      id: c.id,
      task: (await makeTask(db, { caseId: c.id, title: 'Printer Not Printing' })).id,
    };
  };
  await add('Support: Last Month', 'OPEN');
  await add('Running Case', 'OPEN');
  await add('Empty Case');
  await add('Old Case');
  const [first] = [lastMonth.from];
  await makeSlip(db, {
    taskId: cases['Support: Last Month']!.task,
    userId: techId,
    workDate: first,
    startTime: '09:00',
    stopTime: '10:30',
  });
  await makeSlip(db, {
    taskId: cases['Support: Last Month']!.task,
    userId: otherId,
    workDate: addDays(first, 1),
    startTime: '13:00',
    stopTime: '13:45',
    rateMultiplier: '1.5',
  });
  await makeSlip(db, {
    taskId: cases['Running Case']!.task,
    userId: techId,
    workDate: first,
    startTime: '08:00',
    stopTime: '08:30',
  });
  await makeSlip(db, {
    taskId: cases['Running Case']!.task,
    userId: techId,
    workDate: addDays(first, 2),
    startTime: '08:00',
    stopTime: null,
  });
  await makeSlip(db, {
    taskId: cases['Empty Case']!.task,
    userId: techId,
    workDate: first,
    startTime: '11:00',
    stopTime: null,
  });
  // WIP: 100 days old, unbilled.
  await makeSlip(db, {
    taskId: cases['Old Case']!.task,
    userId: techId,
    workDate: addDays(today, -100),
    startTime: '09:00',
    stopTime: '11:00',
  });
});

afterAll(async () => {
  await api?.close();
});

describe('bill list', () => {
  it('lists last month by default: cases with finished time, hours by task and multiplier, not yet billed', async () => {
    // Notices printed on reports are for clients, never on the firm's own.
    await api.db.pool.query(`INSERT INTO notices (title, body) VALUES ('Report Disclaimer', 'For clients.')`);
    const report = await get(`/api/report/bill-list?organization=${org}`);
    expect(report.notices).toEqual([]);
    expect(report.period).toEqual({ from: display(lastMonth.from), to: display(lastMonth.to) });
    expect(report.filtersText).toBe(
      `Organization: Harbor Dental · Period: ${display(lastMonth.from)} – ${display(lastMonth.to)} · Cases: Not billed`,
    );
    expect(report.columns.find((c) => c.name === 'caseId')).toMatchObject({ hidden: true });
    expect(report.rows.map((r) => r.case)).toEqual([
      `#${cases['Support: Last Month']!.id} Support: Last Month`,
      `#${cases['Running Case']!.id} Running Case`,
    ]);
    expect(report.rows[0]).toMatchObject({
      caseId: cases['Support: Last Month']!.id,
      status: 'Open',
      lastWork: addDays(lastMonth.from, 1),
      detail:
        'Printer Not Printing — 1:30 worked → 1:30 billable at 1x: $225.00\n' +
        'Printer Not Printing — 0:45 worked → 1:08 billable at 1.5x: $170.00',
      minutes: 135,
      // Billable: 90 + round(45 × 1.5) = 158 minutes at 150.00.
      amount: '395.00',
      billed: null,
    });
  });

  it('refuses to bill a case with a running slip, with no finished time, or whose total changed', async () => {
    const running = await admin.post(`/api/report/bill-list/${cases['Running Case']!.id}/bill`, {
      minutes: 30,
      amount: '75.00',
    });
    expect(running.statusCode).toBe(400);
    expect(running.json().message).toBe(RUNNING_SLIP);
    const db = api.db.pool;
    await db.query('UPDATE slips SET stop_time = NULL WHERE task_id = $1 AND stop_time IS NULL', [
      cases['Empty Case']!.task,
    ]);
    const empty = await admin.post(`/api/report/bill-list/${cases['Empty Case']!.id}/bill`, {
      minutes: 0,
      amount: '0',
    });
    expect(empty.statusCode).toBe(400);
    expect([RUNNING_SLIP, NOTHING_TO_BILL]).toContain(empty.json().message);
    const changed = await admin.post(`/api/report/bill-list/${cases['Support: Last Month']!.id}/bill`, {
      minutes: 120,
      amount: '395.00',
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(BILL_CHANGED);
    // The same time at another amount (a rate changed since the list was loaded) is refused too, and nothing is kept.
    const repriced = await admin.post(`/api/report/bill-list/${cases['Support: Last Month']!.id}/bill`, {
      minutes: 135,
      amount: '394.99',
    });
    expect(repriced.statusCode).toBe(400);
    expect(repriced.json().message).toBe(BILL_CHANGED);
    const kept = await db.query('SELECT count(*)::int AS n FROM billed_slips');
    expect(kept.rows[0].n).toBe(0);
  });

  it('says clearly what is wrong with a bad call, and lets no technician bill', async () => {
    expect(
      (await admin.post('/api/report/bill-list/999999/bill', { minutes: 1, amount: '1.00' })).statusCode,
    ).toBe(404);
    const bad = await admin.post(`/api/report/bill-list/${cases['Support: Last Month']!.id}/bill`, {
      minutes: 'lots',
      amount: '12.345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).not.toMatch(/expected|invalid_type/i);
    expect(bad.json().form.fields.amount).toEqual(['Please use no more than 2 decimals.']);
    const none = await admin.post(`/api/report/bill-list/${cases['Support: Last Month']!.id}/bill`, {
      minutes: 135,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().form.fields.amount).toHaveLength(1);
    expect(
      (await tech.get(`/api/report/bill-list/${cases['Support: Last Month']!.id}/lines?limit=abc`))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await tech.post(`/api/report/bill-list/${cases['Support: Last Month']!.id}/bill`, {
          minutes: 135,
          amount: '395.00',
        })
      ).statusCode,
    ).toBe(403);
    expect((await tech.get('/api/report/bill-list')).statusCode).toBe(403);
  });

  it('marks a case billed once, even from two sessions at the same moment; it leaves the list', async () => {
    const id = cases['Support: Last Month']!.id;
    const second = await api.signIn((await makeAdmin(api.db.pool)).email, TEST_PASSWORD);
    const answers = await Promise.all([
      admin.post(`/api/report/bill-list/${id}/bill`, { minutes: 135, amount: '395.00' }),
      second.post(`/api/report/bill-list/${id}/bill`, { minutes: 135, amount: '$395' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!.json();
    expect(ok.billing).toMatchObject({ caseId: id, billedBy: { value: expect.any(Number) } });
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused.message).toMatch(/^This case was already billed on \d\d\/\d\d\/\d{4} by .+\.$/);

    const open = await get(`/api/report/bill-list?organization=${org}`);
    expect(open.rows.map((r) => r.caseId)).not.toContain(id);
    const billed = await get(`/api/report/bill-list?organization=${org}&billed=billed`);
    expect(billed.rows.map((r) => r.caseId)).toEqual([id]);
    expect(billed.rows[0]!.billed).toMatch(/^\d\d\/\d\d\/\d{4} by /);
    expect(billed.filtersText).toContain('Cases: Billed');

    const history = (await admin.get(`/api/history/case/${id}`)).json().history.items;
    expect(history[0]).toMatchObject({ field: 'billed', fieldLabel: 'Billed', oldValue: null });
    expect(history[0].newValue).toMatch(/^\d\d\/\d\d\/\d{4} by .+: \$395\.00$/);
    // One snapshot: a header and a line per slip, whichever session won.
    const snapshot = await api.db.pool.query(
      `SELECT (SELECT count(*)::int FROM billed_cases WHERE case_id = $1) AS heads,
              (SELECT count(*)::int FROM billed_slips WHERE case_id = $1) AS lines,
              (SELECT amount::text FROM billed_cases WHERE case_id = $1) AS amount`,
      [id],
    );
    expect(snapshot.rows[0]).toEqual({ heads: 1, lines: 2, amount: '395.00' });
  });

  it('locks the slips of a billed case: no new slip, no change, no move, no delete', async () => {
    const { id, task } = cases['Support: Last Month']!;
    const mine = await api.db.pool.query<{ id: number; version: number }>(
      'SELECT id, version FROM slips WHERE task_id = $1 AND user_id = $2',
      [task, techId],
    );
    const slip = mine.rows[0]!;
    const created = await tech.post('/api/manage/slip/create', slipForm(task, today));
    expect(created.statusCode).toBe(400);
    expect(created.json().form.fields.task).toEqual([CASE_BILLED]);
    const changed = await tech.post(
      `/api/manage/slip/${slip.id}`,
      slipForm(task, lastMonth.from, { version: slip.version, comment: 'Changed' }),
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(CASE_BILLED);
    const deleted = await tech.delete(`/api/manage/slip/${slip.id}?version=${slip.version}`);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().message).toBe(CASE_BILLED);
    const moved = await tech.post(`/api/manage/task/${task}/move-slip/${slip.id}`, {
      targetTask: cases['Running Case']!.task,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual([CASE_BILLED]);
    // Nor can time be moved onto a billed case.
    const other = await makeSlip(api.db.pool, {
      taskId: cases['Old Case']!.task,
      userId: techId,
      workDate: today,
    });
    const onto = await tech.post(`/api/manage/task/${cases['Old Case']!.task}/move-slip/${other.id}`, {
      targetTask: task,
    });
    expect(onto.json().errors).toEqual([CASE_BILLED]);
    await api.db.pool.query('DELETE FROM slips WHERE id = $1', [other.id]);
    const count = await api.db.pool.query('SELECT count(*)::int AS n FROM slips WHERE task_id = $1', [task]);
    expect(count.rows[0].n).toBe(2);
    expect(id).toBeGreaterThan(0);
  });

  it('takes the mark back: the case returns to the list and its slips can change again', async () => {
    const { id, task } = cases['Support: Last Month']!;
    const res = await admin.post(`/api/report/bill-list/${id}/unbill`);
    expect(res.statusCode).toBe(200);
    expect(res.json().billing).toEqual({ caseId: id, billedAt: null, billedBy: null });
    const again = await admin.post(`/api/report/bill-list/${id}/unbill`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOT_BILLED);
    // The snapshot is gone; the history keeps what was billed.
    const left = await api.db.pool.query('SELECT count(*)::int AS n FROM billed_slips WHERE case_id = $1', [
      id,
    ]);
    expect(left.rows[0].n).toBe(0);
    const history = (await admin.get(`/api/history/case/${id}`)).json().history.items;
    expect(history[0]).toMatchObject({ field: 'billed', newValue: null });
    expect(history[0].oldValue).toMatch(/^\d\d\/\d\d\/\d{4} by .+: \$395\.00$/);
    const slip = (
      await api.db.pool.query<{ id: number; version: number }>(
        'SELECT id, version FROM slips WHERE task_id = $1 AND user_id = $2',
        [task, techId],
      )
    ).rows[0]!;
    const changed = await tech.post(
      `/api/manage/slip/${slip.id}`,
      slipForm(task, lastMonth.from, { version: slip.version, stopTime: '10:30 AM' }),
    );
    expect(changed.statusCode).toBe(200);
    const list = await get(`/api/report/bill-list?organization=${org}`);
    expect(list.rows.map((r) => r.caseId)).toContain(id);
    expect(alreadyBilled('11/24/2026', 'Ada Admin')).toBe(
      'This case was already billed on 11/24/2026 by Ada Admin.',
    );
  });

  it('exports the rows without their hidden columns, kept in report history but not among a client’s reports', async () => {
    const res = await admin.post('/api/report/bill-list/export', {
      format: 'csv',
      query: { organization: String(org) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().history;
    expect(item).toMatchObject({ report: 'bill-list', format: 'CSV', organizations: '' });
    const file = await admin.get(item.download);
    const header = file.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0];
    expect(header).toContain('Hours by Task and Multiplier');
    expect(header).not.toContain('Case Id');
    // The lines of a case's hours print in the PDF and the workbook too.
    for (const format of ['pdf', 'xlsx']) {
      const made = await admin.post('/api/report/bill-list/export', {
        format,
        query: { organization: String(org) },
      });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().history).toMatchObject({ format: format.toUpperCase(), rowCount: 2 });
    }
  });
});

describe('WIP list', () => {
  it('ages the unbilled time per organization and staff member, with its amount', async () => {
    const report = await get(`/api/report/wip-list?organization=${org}`);
    const tess = report.rows.find((r) => r.staff === 'Tess Tech')!;
    expect(tess).toMatchObject({ organization: 'Harbor Dental', ageOver90: 120 });
    const olga = report.rows.find((r) => r.staff === 'Olga Other')!;
    // 45 actual minutes, 68 billable (× 1.5, to the minute) at 150.00.
    expect(olga).toMatchObject({ minutes: 45, amount: '170.00' });
    expect(report.summary.figures).toContainEqual(
      expect.objectContaining({ label: 'Older than 90 days', tone: 'bad' }),
    );
  });

  it('limits to one staff member, and refuses one that does not exist', async () => {
    const report = await get(`/api/report/wip-list?organization=${org}&staff=${otherId}`);
    expect(report.rows.map((r) => r.staff)).toEqual(['Olga Other']);
    expect(report.filtersText).toContain('Staff: Olga Other');
    const res = await admin.get(`/api/report/wip-list?staff=99999999`);
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.staff).toEqual([CHOOSE_STAFF]);
    const bad = await admin.get(`/api/report/wip-list?staff=abc`);
    expect(bad.json().form.fields.staff).toEqual([CHOOSE_STAFF]);
  });
});

describe('billing settings', () => {
  it('keeps the default hourly rate, with its history; the bill list prices with it', async () => {
    const loaded = (await admin.get('/api/report/billing-settings')).json();
    expect(loaded.billingSettings).toMatchObject({ defaultHourlyRate: '150.00', version: 0 });
    const bad = await admin.post('/api/report/billing-settings', { version: 0, defaultHourlyRate: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.defaultHourlyRate).toEqual(['Please enter an amount of 0 or more.']);
    const saved = await admin.post('/api/report/billing-settings', { version: 0, defaultHourlyRate: '$200' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().billingSettings).toMatchObject({ defaultHourlyRate: '200.00', version: 1 });
    const stale = await admin.post('/api/report/billing-settings', { version: 0, defaultHourlyRate: '90' });
    expect(stale.statusCode).toBe(409);
    const history = (await admin.get('/api/history/billing-settings/1')).json().history.items;
    expect(history[0]).toMatchObject({ oldValue: '$150.00', newValue: '$200.00' });
    const wip = await get(`/api/report/wip-list?organization=${org}&staff=${otherId}`);
    expect(wip.rows[0]).toMatchObject({ amount: '226.67' });
    expect((await tech.get('/api/report/billing-settings')).statusCode).toBe(403);
  });
});
