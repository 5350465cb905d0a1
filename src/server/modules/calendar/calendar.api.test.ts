// Calendar calls: the user picker's options and a user's Monday..Sunday week of slips and bucket time.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeBucket,
  makeBucketCategory,
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { MESSAGES } from '../../../shared/errors.js';
import { calendarSlipSchema, weeklySummarySchema } from '../../../shared/schemas/calendar.js';
import { INVALID_DAY } from '../../../shared/schemas/path-date.js';
import { weekOf } from './calendar.service.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let viewer: Caller;
let viewerId: number;
let otherId: number;
let inactiveId: number;
let kase: { id: number; title: string };
let support: { id: number; title: string; caseId: number };
let project: { id: number; title: string; caseId: number };
let meetings: { id: number; name: string };
let training: { id: number; name: string };

beforeAll(async () => {
  api = await setupApi();
  const v = await makeUser(api.db.pool, { firstName: 'Vera', lastName: 'Viewer' });
  const o = await makeUser(api.db.pool, { firstName: 'Oscar', lastName: 'Other' });
  const gone = await makeUser(api.db.pool, { firstName: 'Gina', lastName: 'Gone', active: false });
  viewerId = v.id;
  otherId = o.id;
  inactiveId = gone.id;
  viewer = await api.signIn(v.email, TEST_PASSWORD);
  const org = await makeOrganization(api.db.pool, { name: 'Acme Dental' });
  kase = await makeCase(api.db.pool, { organizationId: org.id, title: 'Server refresh' });
  support = await makeTask(api.db.pool, { caseId: kase.id, title: 'Reset passwords' });
  project = await makeTask(api.db.pool, { caseId: kase.id, title: 'Install backups', isProject: true });
  meetings = await makeBucketCategory(api.db.pool, { name: 'Meetings', sortOrder: 1 });
  training = await makeBucketCategory(api.db.pool, { name: 'Training', sortOrder: 2 });
});
afterAll(() => api?.close());

type Item = { slip_id: number; dow: number; start: string };
const week = async (date: string, userId = viewerId) => {
  const res = await viewer.get(`/api/manage/slip/weekly-summary/${date}/${userId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    summary: { slips: Item[]; buckets: { dow: number; type: string; minutes: number }[] };
  };
};

describe('weekly summary', () => {
  it('answers the exact SPEC shapes, Monday = 0 … Sunday = 6', async () => {
    const monday = await makeSlip(api.db.pool, {
      taskId: project.id,
      userId: viewerId,
      workDate: '2026-11-23',
      startTime: '08:15',
      stopTime: '09:45',
      comment: `Racked the NAS and ${'checked the cabling '.repeat(10)}`,
    });
    const open = await makeSlip(api.db.pool, {
      taskId: support.id,
      userId: viewerId,
      workDate: '2026-11-26',
      startTime: '13:00',
      stopTime: null,
    });
    const sunday = await makeSlip(api.db.pool, {
      taskId: support.id,
      userId: viewerId,
      workDate: '2026-11-29',
      startTime: '10:00',
      stopTime: '10:20',
    });
    // The next Monday belongs to the next week; another user's slip stays out.
    await makeSlip(api.db.pool, { taskId: support.id, userId: viewerId, workDate: '2026-11-30' });
    await makeSlip(api.db.pool, { taskId: support.id, userId: otherId, workDate: '2026-11-24' });

    const body = await week('11232026');
    expect(Object.keys(body)).toEqual(['summary']);
    expect(Object.keys(body.summary).sort()).toEqual(['buckets', 'slips']);
    expect(weeklySummarySchema.safeParse(body).success).toBe(true);
    const slips = body.summary.slips;
    expect(slips.map((s) => s.slip_id)).toEqual([monday.id, open.id, sunday.id]);
    for (const s of slips)
      expect(Object.keys(s).sort()).toEqual(Object.keys(calendarSlipSchema.shape).sort());
    const first = slips[0] as unknown as Record<string, unknown>;
    expect({ ...first, hover: undefined }).toEqual({
      slip_id: monday.id,
      title: 'Acme Dental - Install backups',
      start: '2026-11-23T08:15',
      end: '2026-11-23T09:45',
      url: `/manage/case/${kase.id}/task/${project.id}`,
      is_project: true,
      task_id: project.id,
      case_id: kase.id,
      hover: undefined,
      dow: 0,
      type: 'Project',
      minutes: 90,
    });
    const hover = (first.hover as string).split('\n');
    expect(hover[0]).toBe('Acme Dental — Server refresh — Install backups');
    expect(hover[1]).toBe('8:15a - 9:45a');
    expect(hover[2]!.startsWith('Racked the NAS and checked the cabling')).toBe(true);
    expect(hover[2]!.length).toBeLessThanOrEqual(100);
    expect(hover[2]!.endsWith('…')).toBe(true);
    expect(slips[1]).toMatchObject({
      dow: 3,
      start: '2026-11-26T13:00',
      end: null,
      minutes: 0,
      type: 'Support',
      is_project: false,
    });
    expect((slips[1] as unknown as { hover: string }).hover.split('\n')).toEqual([
      'Acme Dental — Server refresh — Reset passwords',
      '1:00p -',
    ]);
    expect(slips[2]).toMatchObject({
      dow: 6,
      start: '2026-11-29T10:00',
      end: '2026-11-29T10:20',
      minutes: 20,
    });
  });

  it('covers the Monday..Sunday week of any day in it, a Sunday and the next Monday apart', async () => {
    const ids = (await week('11232026')).summary.slips.map((s) => s.slip_id);
    for (const day of ['11242026', '11262026', '11282026', '11292026'])
      expect((await week(day)).summary.slips.map((s) => s.slip_id)).toEqual(ids);
    const next = (await week('11302026')).summary.slips;
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ dow: 0, start: '2026-11-30T09:00' });
    expect(ids).not.toContain(next[0]!.slip_id);
  });

  it('spans a year end (Monday 12/28 .. Sunday 01/03)', async () => {
    expect(weekOf(new Date(2026, 11, 31))).toEqual({ monday: '2026-12-28', sunday: '2027-01-03' });
    expect(weekOf(new Date(2027, 0, 3))).toEqual({ monday: '2026-12-28', sunday: '2027-01-03' });
    expect(weekOf(new Date(2027, 0, 4))).toEqual({ monday: '2027-01-04', sunday: '2027-01-10' });
    const a = await makeSlip(api.db.pool, { taskId: support.id, userId: viewerId, workDate: '2026-12-28' });
    const b = await makeSlip(api.db.pool, { taskId: support.id, userId: viewerId, workDate: '2027-01-03' });
    const slips = (await week('01012027')).summary.slips;
    expect(slips.map((s) => [s.slip_id, s.dow])).toEqual([
      [a.id, 0],
      [b.id, 6],
    ]);
  });

  it("shows another user's week (any signed-in user may view it)", async () => {
    const theirs = await makeSlip(api.db.pool, {
      taskId: project.id,
      userId: otherId,
      workDate: '2026-12-09',
      startTime: '14:00',
      stopTime: '15:30',
    });
    const mine = (await week('12072026')).summary.slips;
    expect(mine).toEqual([]);
    const other = (await week('12072026', otherId)).summary.slips;
    expect(other.map((s) => [s.slip_id, s.dow])).toEqual([[theirs.id, 2]]);
    // An inactive user's week still answers (history stays visible); an unknown user names no resource.
    expect((await week('12072026', inactiveId)).summary).toEqual({ slips: [], buckets: [] });
    const missing = await viewer.get('/api/manage/slip/weekly-summary/12072026/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.notFound);
  });

  it('lists bucket time by day and category, only time logged', async () => {
    await makeBucket(api.db.pool, {
      categoryId: training.id,
      userId: viewerId,
      workDate: '2027-02-01',
      minutes: 30,
    });
    await makeBucket(api.db.pool, {
      categoryId: meetings.id,
      userId: viewerId,
      workDate: '2027-02-01',
      minutes: 45,
    });
    await makeBucket(api.db.pool, {
      categoryId: meetings.id,
      userId: viewerId,
      workDate: '2027-02-07',
      minutes: 15,
    });
    await makeBucket(api.db.pool, {
      categoryId: training.id,
      userId: viewerId,
      workDate: '2027-02-03',
      minutes: 0,
    });
    await makeBucket(api.db.pool, {
      categoryId: meetings.id,
      userId: viewerId,
      workDate: '2027-02-08',
      minutes: 60,
    });
    await makeBucket(api.db.pool, {
      categoryId: meetings.id,
      userId: otherId,
      workDate: '2027-02-02',
      minutes: 60,
    });
    const body = await week('02042027');
    expect(body.summary.slips).toEqual([]);
    expect(body.summary.buckets).toEqual([
      { dow: 0, type: 'Meetings', minutes: 45 },
      { dow: 0, type: 'Training', minutes: 30 },
      { dow: 6, type: 'Meetings', minutes: 15 },
    ]);
  });

  it('refuses a malformed or impossible date with 400 naming the format, a malformed user id with 404', async () => {
    for (const url of [
      `/api/manage/slip/weekly-summary/13012026/${viewerId}`,
      `/api/manage/slip/weekly-summary/02302026/${viewerId}`,
      `/api/manage/slip/weekly-summary/2026-11-23/${viewerId}`,
      `/api/manage/slip/weekly-summary/1123202/${viewerId}`,
    ]) {
      const res = await viewer.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(INVALID_DAY);
      expect(res.json().form.fields, url).toEqual({ date: [INVALID_DAY] });
    }
    for (const url of [
      '/api/manage/slip/weekly-summary/11232026/abc',
      '/api/manage/slip/weekly-summary/11232026/0',
    ]) {
      const res = await viewer.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(MESSAGES.notFound);
    }
  });

  it('needs a session (401)', async () => {
    const res = await api.anonymous.get(`/api/manage/slip/weekly-summary/11232026/${viewerId}`);
    expect(res.statusCode).toBe(401);
  });
});

describe('biller options', () => {
  it('lists active staff as {label, value} by name', async () => {
    const res = await viewer.get('/api/biller/biller-options/');
    expect(res.statusCode).toBe(200);
    const options = res.json() as { label: string; value: number }[];
    expect(Array.isArray(options)).toBe(true);
    for (const o of options) {
      expect(Object.keys(o).sort()).toEqual(['label', 'value']);
      expect(typeof o.label).toBe('string');
      expect(typeof o.value).toBe('number');
    }
    expect(options).toContainEqual({ label: 'Vera Viewer', value: viewerId });
    expect(options).toContainEqual({ label: 'Oscar Other', value: otherId });
    expect(options.map((o) => o.value)).not.toContain(inactiveId);
    const labels = options.map((o) => o.label);
    expect(labels.indexOf('Oscar Other')).toBeLessThan(labels.indexOf('Vera Viewer'));
    // Without the trailing slash too.
    expect((await viewer.get('/api/biller/biller-options')).json()).toEqual(options);
  });

  it('needs a session (401)', async () => {
    expect((await api.anonymous.get('/api/biller/biller-options/')).statusCode).toBe(401);
  });
});
