// Daily panel calls: the day's summary (slips by start, one bucket row per active category), slip defaults, load,
// save (every message, owner and biller rules, closed case/task, stale versions), delete, bucket time.

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
import { INVALID_TIME } from '../../../shared/format/time-of-day.js';
import { BLANK } from '../../../shared/schemas/fields.js';
import { INVALID_DAY } from '../../../shared/schemas/path-date.js';
import {
  CLOSED_CASE,
  CLOSED_TASK,
  HOW_OPTIONS,
  NOT_OWNER,
  RATE_MULTIPLIER_OPTIONS,
  STOP_AFTER_START,
  slipSchema,
  WHERE_OPTIONS,
} from '../../../shared/schemas/slip.js';
import { INVALID_DURATION, OVER_A_DAY } from './bucket.service.js';

// A zone far ahead of UTC: "today" there is often another day than in the process (TZ=UTC).
const ZONE = 'Pacific/Kiritimati';
let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let owner: Caller;
let other: Caller;
let ownerId: number;
let otherId: number;
let org: { id: number; name: string };
let kase: { id: number; title: string };
let task: { id: number; title: string; caseId: number };
const categories: { id: number; name: string }[] = [];

beforeAll(async () => {
  api = await setupApi({ timeZone: ZONE });
  const o = await makeUser(api.db.pool, { firstName: 'Olive', lastName: 'Owner' });
  const x = await makeUser(api.db.pool, { firstName: 'Otto', lastName: 'Other' });
  ownerId = o.id;
  otherId = x.id;
  owner = await api.signIn(o.email, TEST_PASSWORD);
  other = await api.signIn(x.email, TEST_PASSWORD);
  org = await makeOrganization(api.db.pool, { name: 'Acme Dental' });
  kase = await makeCase(api.db.pool, { organizationId: org.id, title: 'Server refresh' });
  task = await makeTask(api.db.pool, { caseId: kase.id, title: 'Install backups', isProject: true });
  // Sorted by sort order, then name; the inactive one never shows.
  categories.push(await makeBucketCategory(api.db.pool, { name: 'Training', sortOrder: 2 }));
  categories.push(await makeBucketCategory(api.db.pool, { name: 'Admin', sortOrder: 1 }));
  categories.push(await makeBucketCategory(api.db.pool, { name: 'Meetings', sortOrder: 1 }));
  await makeBucketCategory(api.db.pool, { name: 'Retired', sortOrder: 0, active: false });
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  startTime: '9:00 AM',
  stopTime: '10:30 AM',
  date: '11/20/2026',
  task: task.id,
  user: null,
  where: 'REMOTE',
  how: 'PHONE',
  rateMultiplier: '1.5',
  comment: 'Replaced the backup drive',
  ...over,
});

const fields = (res: { json: () => { form: { fields: Record<string, string[]> } } }) =>
  res.json().form.fields;

describe('summary', () => {
  it("lists the signed-in user's slips of the day by start, with buckets and options", async () => {
    const second = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: ownerId,
      workDate: '2026-11-23',
      startTime: '13:00',
      stopTime: null,
    });
    const first = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: ownerId,
      workDate: '2026-11-23',
      startTime: '08:15',
      stopTime: '09:45',
      where: 'ON_SITE',
      how: 'IN_PERSON',
      rateMultiplier: '2',
      comment: 'Racked the NAS',
    });
    // Another user's slip and the owner's slip of another day stay out.
    await makeSlip(api.db.pool, { taskId: task.id, userId: otherId, workDate: '2026-11-23' });
    await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId, workDate: '2026-11-24' });
    await makeBucket(api.db.pool, {
      categoryId: categories[2]!.id,
      userId: ownerId,
      workDate: '2026-11-23',
      minutes: 95,
      comment: 'Staff meeting',
    });
    await makeBucket(api.db.pool, { categoryId: categories[0]!.id, userId: otherId, minutes: 30 });

    const res = await owner.get('/api/manage/slip/summary/11232026');
    expect(res.statusCode).toBe(200);
    const summary = res.json();
    expect(Object.keys(summary).sort()).toEqual(
      ['billerOptions', 'buckets', 'howOptions', 'rateMultiplierOptions', 'slips', 'whereOptions'].sort(),
    );
    expect(summary.slips.map((s: { id: number }) => s.id)).toEqual([first.id, second.id]);
    for (const s of summary.slips) {
      expect(Object.keys(s).sort()).toEqual(Object.keys(slipSchema.shape).sort());
      expect(slipSchema.safeParse(s).success).toBe(true);
    }
    expect(summary.slips[0]).toEqual({
      id: first.id,
      number: first.id,
      version: 0,
      startTime: '8:15 AM',
      stopTime: '9:45 AM',
      date: '11/23/2026',
      task: { value: task.id, label: 'Install backups' },
      case: { value: kase.id, label: 'Server refresh' },
      organization: { value: org.id, label: 'Acme Dental' },
      user: { value: ownerId, label: 'Olive Owner' },
      where: { value: 'ON_SITE', label: 'On Site' },
      how: { value: 'IN_PERSON', label: 'In Person' },
      rateMultiplier: { value: '2', label: '2x' },
      comment: 'Racked the NAS',
      taskId: task.id,
      caseId: kase.id,
      isProject: true,
      start: '2026-11-23T08:15',
      stop: '2026-11-23T09:45',
      minutes: 90,
      // No rule of the organization or an agreement service: the default, then × 2.
      billableMinutes: 180,
      billing: {
        minimum: 0,
        increment: 5,
        source: 'DEFAULT',
        sourceLabel: 'default',
        explanation: '1:30 (5-minute increments: default) × 2 = 3:00',
      },
      created: { at: expect.any(String), by: { value: ownerId, label: 'Olive Owner' } },
      updated: { at: expect.any(String), by: { value: ownerId, label: 'Olive Owner' } },
      can: { edit: true, delete: true },
      locked: null,
    });
    expect(Number.isNaN(Date.parse(summary.slips[0].created.at))).toBe(false);
    expect(summary.slips[1]).toMatchObject({
      startTime: '1:00 PM',
      stopTime: null,
      stop: null,
      minutes: null,
      where: null,
      how: null,
      rateMultiplier: { value: '1', label: '1x' },
    });
    expect(summary.buckets).toEqual([
      {
        category: { id: categories[1]!.id, title: 'Admin' },
        time: '0:00',
        minutes: 0,
        comment: null,
        version: 0,
      },
      {
        category: { id: categories[2]!.id, title: 'Meetings' },
        time: '1:35',
        minutes: 95,
        comment: 'Staff meeting',
        version: 0,
      },
      {
        category: { id: categories[0]!.id, title: 'Training' },
        time: '0:00',
        minutes: 0,
        comment: null,
        version: 0,
      },
    ]);
    expect(summary.whereOptions).toEqual(WHERE_OPTIONS);
    expect(summary.howOptions).toEqual(HOW_OPTIONS);
    expect(summary.rateMultiplierOptions).toEqual(RATE_MULTIPLIER_OPTIONS);
    expect(summary.billerOptions).toEqual(
      expect.arrayContaining([
        { value: ownerId, label: 'Olive Owner' },
        { value: otherId, label: 'Otto Other' },
      ]),
    );
  });

  it('leaves inactive staff out of the biller options', async () => {
    const gone = await makeUser(api.db.pool, { firstName: 'Gone', lastName: 'Away', active: false });
    const billers = (await owner.get('/api/manage/slip/summary/11232026')).json().billerOptions;
    expect(billers.some((b: { value: number }) => b.value === gone.id)).toBe(false);
  });

  it('an empty day has no slips and every bucket at 0:00', async () => {
    const summary = (await owner.get('/api/manage/slip/summary/01012020')).json();
    expect(summary.slips).toEqual([]);
    expect(summary.buckets.map((b: { time: string }) => b.time)).toEqual(['0:00', '0:00', '0:00']);
  });

  it('refuses a day that does not exist or is written another way: 400 naming the format', async () => {
    for (const bad of ['02302026', '2026-11-23', '1123202', 'today']) {
      const res = await owner.get(`/api/manage/slip/summary/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(INVALID_DAY);
      expect(res.json().form.fields).toEqual({ date: [INVALID_DAY] });
    }
  });
});

describe('defaults and load', () => {
  it('a new slip: today in the company zone, the current user, 1x, and the task given', async () => {
    const today = new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const res = await owner.get(`/api/manage/slip/create?taskId=${task.id}`);
    expect(res.statusCode).toBe(200);
    const { slip, formOptions } = res.json();
    expect(Object.keys(res.json()).sort()).toEqual(['formOptions', 'slip']);
    expect(Object.keys(formOptions).sort()).toEqual(['how', 'rateMultiplier', 'user', 'where']);
    expect(formOptions.how).toEqual(HOW_OPTIONS);
    expect(formOptions.where).toEqual(WHERE_OPTIONS);
    expect(formOptions.rateMultiplier).toEqual(RATE_MULTIPLIER_OPTIONS);
    expect(formOptions.user).toEqual(expect.arrayContaining([{ value: ownerId, label: 'Olive Owner' }]));
    expect(Object.keys(slip).sort()).toEqual(Object.keys(slipSchema.shape).sort());
    expect(slip).toMatchObject({
      id: 0,
      version: 0,
      date: today,
      startTime: '',
      stopTime: '',
      start: '',
      stop: null,
      minutes: null,
      task: { value: task.id, label: 'Install backups' },
      case: { value: kase.id, label: 'Server refresh' },
      organization: { value: org.id, label: 'Acme Dental' },
      user: { value: ownerId, label: 'Olive Owner' },
      rateMultiplier: { value: '1', label: '1x' },
      where: null,
      how: null,
      taskId: task.id,
      caseId: kase.id,
      isProject: true,
    });
  });

  it('without a task (or an unknown one) the task, case and client are empty', async () => {
    for (const url of ['/api/manage/slip/create', '/api/manage/slip/create?taskId=999999']) {
      const { slip } = (await owner.get(url)).json();
      expect(slip).toMatchObject({ task: null, case: null, organization: null, taskId: null, caseId: null });
    }
  });

  it('loads a slip with its form options; 404 for unknown ids', async () => {
    const s = await makeSlip(api.db.pool, { taskId: task.id, userId: otherId, workDate: '2026-10-01' });
    const res = await owner.get(`/api/manage/slip/${s.id}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['formOptions', 'slip']);
    expect(res.json().slip).toMatchObject({ id: s.id, user: { value: otherId, label: 'Otto Other' } });
    expect(Object.keys(res.json().formOptions).sort()).toEqual(['how', 'rateMultiplier', 'user', 'where']);
    expect((await owner.get('/api/manage/slip/999999')).statusCode).toBe(404);
    expect((await owner.get('/api/manage/slip/abc')).statusCode).toBe(404);
  });
});

describe('save', () => {
  it('creates a slip billed to the signed-in user, whatever the form says', async () => {
    const res = await owner.post('/api/manage/slip/create', form({ user: otherId }));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['slip']);
    const { slip } = res.json();
    expect(Object.keys(slip).sort()).toEqual(Object.keys(slipSchema.shape).sort());
    expect(slip).toMatchObject({
      version: 0,
      startTime: '9:00 AM',
      stopTime: '10:30 AM',
      date: '11/20/2026',
      start: '2026-11-20T09:00',
      stop: '2026-11-20T10:30',
      minutes: 90,
      user: { value: ownerId, label: 'Olive Owner' },
      task: { value: task.id, label: 'Install backups' },
      case: { value: kase.id, label: 'Server refresh' },
      taskId: task.id,
      caseId: kase.id,
      where: { value: 'REMOTE', label: 'Remote' },
      how: { value: 'PHONE', label: 'Phone' },
      rateMultiplier: { value: '1.5', label: '1.5x' },
      comment: 'Replaced the backup drive',
      created: { by: { value: ownerId, label: 'Olive Owner' } },
    });
    expect(slip.id).toBeGreaterThan(0);
    expect(slip.number).toBe(slip.id);
  });

  it('accepts typed times and dates in every SPEC form; an empty stop is an unfinished slip', async () => {
    const res = await owner.post(
      '/api/manage/slip/create',
      form({ startTime: '930', stopTime: '', date: '2026-11-21', where: '', how: null, rateMultiplier: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().slip).toMatchObject({
      startTime: '9:30 AM',
      stopTime: null,
      date: '11/21/2026',
      minutes: null,
      where: null,
      how: null,
      rateMultiplier: { value: '1', label: '1x' },
    });
  });

  it('reports every field error under its field', async () => {
    const res = await owner.post('/api/manage/slip/create', {
      version: 0,
      startTime: '',
      stopTime: '25:99',
      date: '13/45/2026',
      task: '',
      where: 'MOON',
      how: 'PIGEON',
      rateMultiplier: '3',
      comment: 'x'.repeat(10_001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.badRequest);
    const f = fields(res);
    expect(f.startTime).toEqual([BLANK]);
    expect(f.stopTime).toEqual([INVALID_TIME]);
    expect(f.date).toEqual(['Please enter a valid date (MM/DD/YYYY).']);
    expect(f.task).toEqual([BLANK]);
    expect(f.where).toEqual(['Please choose one of the options.']);
    expect(f.how).toEqual(['Please choose one of the options.']);
    expect(f.rateMultiplier).toEqual(['Please choose one of the options.']);
    expect(f.comment).toHaveLength(1);
    expect(
      fields(await owner.post('/api/manage/slip/create', form({ startTime: 'noon' }))).startTime,
    ).toEqual([INVALID_TIME]);
  });

  it('the end must be after the start', async () => {
    for (const stopTime of ['9:00 AM', '8:00 AM']) {
      const res = await owner.post('/api/manage/slip/create', form({ stopTime }));
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual({ stopTime: [STOP_AFTER_START] });
    }
  });

  it('an end of 12:00 AM after a later start is the midnight that ends the day (a timer run past midnight)', async () => {
    const res = await owner.post(
      '/api/manage/slip/create',
      form({ startTime: '11:00 PM', stopTime: '12:00 AM' }),
    );
    expect(res.statusCode).toBe(200);
    const slip = res.json().slip;
    expect(slip.minutes).toBe(60);
    expect(slip.stopTime).toBe('12:00 AM');
    // Saved again as shown, it stays the same hour.
    const again = await owner.post(
      `/api/manage/slip/${slip.id}`,
      form({ startTime: slip.startTime, stopTime: slip.stopTime, version: slip.version }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().slip.minutes).toBe(60);
    await owner.delete(`/api/manage/slip/${slip.id}?version=${again.json().slip.version}`);
  });

  it('refuses closed tasks and closed cases, and unknown tasks, under task', async () => {
    const closedTask = await makeTask(api.db.pool, { caseId: kase.id, status: 'CLOSED' });
    const closedCase = await makeCase(api.db.pool, { organizationId: org.id, status: 'CLOSED' });
    const onClosedCase = await makeTask(api.db.pool, { caseId: closedCase.id });
    const closedBoth = await makeTask(api.db.pool, { caseId: closedCase.id, status: 'CLOSED' });
    const cases: [number, string][] = [
      [closedTask.id, CLOSED_TASK],
      [onClosedCase.id, CLOSED_CASE],
      [closedBoth.id, CLOSED_CASE],
      [999999, 'This value is not valid.'],
    ];
    for (const [taskId, message] of cases) {
      const res = await owner.post('/api/manage/slip/create', form({ task: taskId }));
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual({ task: [message] });
    }
    // Both checks at once.
    const both = await owner.post(
      '/api/manage/slip/create',
      form({ task: closedTask.id, stopTime: '8:00 AM' }),
    );
    expect(fields(both)).toEqual({ task: [CLOSED_TASK], stopTime: [STOP_AFTER_START] });
    // Editing an existing slip onto a closed task is refused too.
    const s = await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId });
    const res = await owner.post(`/api/manage/slip/${s.id}`, form({ task: closedTask.id }));
    expect(fields(res)).toEqual({ task: [CLOSED_TASK] });
  });

  it('the owner edits at the version seen; the biller never changes', async () => {
    const s = await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId, workDate: '2026-11-02' });
    const other2 = await makeTask(api.db.pool, { caseId: kase.id, title: 'Second task' });
    const res = await owner.post(
      `/api/manage/slip/${s.id}`,
      form({ version: 0, user: otherId, task: other2.id, comment: 'Moved on', stopTime: '11:00 AM' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().slip).toMatchObject({
      id: s.id,
      version: 1,
      user: { value: ownerId, label: 'Olive Owner' },
      task: { value: other2.id, label: 'Second task' },
      comment: 'Moved on',
      minutes: 120,
      updated: { by: { value: ownerId, label: 'Olive Owner' } },
    });
    const stale = await owner.post(`/api/manage/slip/${s.id}`, form({ version: 0 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Olive Owner at \d{2}\/\d{2}\/\d{4} /);
    expect(stale.json().current).toMatchObject({ id: s.id, version: 1, comment: 'Moved on' });
  });

  it('only the owner may change a slip: others get 403 with the reason', async () => {
    const s = await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId });
    const res = await other.post(`/api/manage/slip/${s.id}`, form());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_OWNER);
    expect(res.json().form.errors).toEqual([NOT_OWNER]);
    const del = await other.delete(`/api/manage/slip/${s.id}?version=0`);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(NOT_OWNER);
    expect((await owner.get(`/api/manage/slip/${s.id}`)).json().slip.version).toBe(0);
  });

  it('saving an unknown slip is a 404', async () => {
    expect((await owner.post('/api/manage/slip/999999', form())).statusCode).toBe(404);
    expect((await owner.delete('/api/manage/slip/999999')).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('deletes at the version seen', async () => {
    const s = await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId });
    const stale = await owner.delete(`/api/manage/slip/${s.id}?version=4`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Olive Owner at /);
    expect((await owner.delete(`/api/manage/slip/${s.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await owner.get(`/api/manage/slip/${s.id}`)).statusCode).toBe(404);
  });
});

describe("a task's slips", () => {
  it("lists every user's slips of the task newest first, keyset paged, with the task's total", async () => {
    const t = await makeTask(api.db.pool, { caseId: kase.id, title: 'Listed task' });
    const a = await makeSlip(api.db.pool, {
      taskId: t.id,
      userId: otherId,
      workDate: '2026-11-02',
      startTime: '09:00',
      stopTime: '10:00',
    });
    const b = await makeSlip(api.db.pool, {
      taskId: t.id,
      userId: ownerId,
      workDate: '2026-11-01',
      startTime: '13:00',
      stopTime: null,
    });
    const c = await makeSlip(api.db.pool, {
      taskId: t.id,
      userId: ownerId,
      workDate: '2026-11-01',
      startTime: '08:00',
      stopTime: '09:45',
    });
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: ownerId,
      workDate: '2026-11-01',
      startTime: '07:00',
    });
    const first = await owner.get(`/api/manage/slip?task=${t.id}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    expect(slipSchema.safeParse(first.json().items[0]).success).toBe(true);
    // The total covers every slip of the task, not only the page (60 + 105 minutes; unfinished counts 0).
    expect(first.json().totalMinutes).toBe(165);
    const next = first.json().next as string;
    expect(next).toEqual(expect.any(String));
    const second = (await owner.get(`/api/manage/slip?task=${t.id}&limit=2&after=${next}`)).json();
    expect(second).toEqual({
      items: [expect.objectContaining({ id: c.id, user: { value: ownerId, label: 'Olive Owner' } })],
      next: null,
    });
    expect((await owner.get('/api/manage/slip?task=x')).statusCode).toBe(400);
    expect((await owner.get(`/api/manage/slip?task=${t.id}&after=garbage`)).statusCode).toBe(400);
    expect((await api.anonymous.get(`/api/manage/slip?task=${t.id}`)).statusCode).toBe(401);
  });
});

describe('buckets', () => {
  const url = (categoryId: number, date = '11252026') => `/api/manage/bucket/${categoryId}/${date}`;

  it('parses the time as a duration and upserts one row per user, day and category', async () => {
    const cat = categories[0]!;
    const first = await owner.post(url(cat.id), { version: 0, time: '1:30', comment: 'Course' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      bucket: {
        category: { id: cat.id, title: 'Training' },
        time: '1:30',
        minutes: 90,
        comment: 'Course',
        version: 0,
      },
    });
    const second = await owner.post(url(cat.id), { version: 0, time: '2.25', comment: '' });
    expect(second.json().bucket).toMatchObject({ time: '2:15', minutes: 135, comment: null, version: 1 });
    const empty = await owner.post(url(cat.id), { version: 1, time: '' });
    expect(empty.json().bucket).toMatchObject({ time: '0:00', minutes: 0, version: 2 });
    const day = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM buckets WHERE user_id = $1 AND category_id = $2 AND work_date = '2026-11-25'`,
      [ownerId, cat.id],
    );
    expect(day.rows[0].n).toBe(1);
    // Another user's bucket of the same category and day is their own row.
    expect((await other.post(url(cat.id), { version: 0, time: '45' })).json().bucket).toMatchObject({
      minutes: 45,
      version: 0,
    });
    expect((await owner.post(url(cat.id), { version: 2, time: '24:00' })).json().bucket.minutes).toBe(1440);
    const summary = (await owner.get('/api/manage/slip/summary/11252026')).json();
    expect(summary.buckets.find((b: { category: { id: number } }) => b.category.id === cat.id)).toMatchObject(
      {
        time: '24:00',
        minutes: 1440,
      },
    );
  });

  it('refuses invalid and over-a-day times under time', async () => {
    const cat = categories[1]!;
    for (const [time, message] of [
      ['abc', INVALID_DURATION],
      ['1:30:00', INVALID_DURATION],
      ['24:05', OVER_A_DAY],
      ['25.5', OVER_A_DAY],
    ] as const) {
      const res = await owner.post(url(cat.id), { time });
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual({ time: [message] });
    }
  });

  it('checks the version, which every save carries (0 for a bucket not saved yet)', async () => {
    const cat = categories[2]!;
    await owner.post(url(cat.id, '11262026'), { version: 0, time: '1' });
    await owner.post(url(cat.id, '11262026'), { version: 0, time: '2' });
    const stale = await owner.post(url(cat.id, '11262026'), { version: 0, time: '3' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Olive Owner at /);
    expect(stale.json().current).toMatchObject({ minutes: 120, version: 1 });
  });

  it('404 for an unknown category, 400 naming the format for a day that does not exist', async () => {
    expect((await owner.post(url(999999), { version: 0, time: '1' })).statusCode).toBe(404);
    const day = await owner.post(url(categories[0]!.id, '13012026'), { version: 0, time: '1' });
    expect(day.statusCode).toBe(400);
    expect(day.json().message).toBe(INVALID_DAY);
  });
});

describe('session', () => {
  it('every call needs a signed-in user', async () => {
    const calls = [
      api.anonymous.get('/api/manage/slip/summary/11232026'),
      api.anonymous.get('/api/manage/slip/create'),
      api.anonymous.get('/api/manage/slip/1'),
      api.anonymous.post('/api/manage/slip/create', form()),
      api.anonymous.post('/api/manage/slip/1', form()),
      api.anonymous.delete('/api/manage/slip/1?version=0'),
      api.anonymous.post(`/api/manage/bucket/${categories[0]!.id}/11232026`, { time: '1' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json().reason).toBe('LOGIN');
    }
  });
});
