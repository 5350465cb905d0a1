// A new slip's defaults (How and Where from the user's recent slips) and a copy's (description, task, how, where
// and duration, starting where the user's day ends) through GET /api/manage/slip/create.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let caseId: number;

beforeAll(async () => {
  api = await setupApi();
  const org = await makeOrganization(api.db.pool, { name: 'Bayside Law' });
  caseId = (await makeCase(api.db.pool, { organizationId: org.id, title: 'Office move' })).id;
});
afterAll(() => api?.close());

async function technician(): Promise<{ id: number; caller: Caller }> {
  const user = await makeUser(api.db.pool);
  return { id: user.id, caller: await api.signIn(user.email, TEST_PASSWORD) };
}

const defaults = async (caller: Caller, query: string) => {
  const res = await caller.get(`/api/manage/slip/create?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().slip;
};

describe('how and where of a new slip', () => {
  it("repeat the user's most recent slip on the task", async () => {
    const { id, caller } = await technician();
    const task = await makeTask(api.db.pool, { caseId });
    const elsewhere = await makeTask(api.db.pool, { caseId });
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-02',
      how: 'EMAIL',
      where: 'REMOTE',
    });
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-03',
      startTime: '14:00',
      stopTime: '15:00',
      how: 'IN_PERSON',
      where: 'ON_SITE',
    });
    // Later, but on another task, and another user's later slip on the task: neither counts.
    await makeSlip(api.db.pool, { taskId: elsewhere.id, userId: id, workDate: '2026-11-09', how: 'PHONE' });
    const other = await makeUser(api.db.pool);
    await makeSlip(api.db.pool, { taskId: task.id, userId: other.id, workDate: '2026-11-10', how: 'PHONE' });
    const slip = await defaults(caller, `taskId=${task.id}`);
    expect(slip.how).toEqual({ value: 'IN_PERSON', label: 'In Person' });
    expect(slip.where).toEqual({ value: 'ON_SITE', label: 'On Site' });
    expect(slip.startTime).toBe('');
  });

  it('else the most recent slip of the user; else empty', async () => {
    const { id, caller } = await technician();
    const fresh = await makeTask(api.db.pool, { caseId });
    expect(await defaults(caller, `taskId=${fresh.id}`)).toMatchObject({ how: null, where: null });
    const other = await makeTask(api.db.pool, { caseId });
    await makeSlip(api.db.pool, { taskId: other.id, userId: id, workDate: '2026-10-01', how: 'EMAIL' });
    await makeSlip(api.db.pool, {
      taskId: other.id,
      userId: id,
      workDate: '2026-10-02',
      how: 'REMOTE_SESSION',
      where: 'IN_OFFICE',
    });
    for (const query of [`taskId=${fresh.id}`, '']) {
      expect(await defaults(caller, query)).toMatchObject({
        how: { value: 'REMOTE_SESSION', label: 'Remote Session' },
        where: { value: 'IN_OFFICE', label: 'In Office' },
      });
    }
  });
});

describe('a copy', () => {
  it("carries description, task, how, where and duration, starting at the end of the user's day", async () => {
    const { id, caller } = await technician();
    const task = await makeTask(api.db.pool, { caseId, title: 'Move the printers' });
    const source = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-20',
      startTime: '09:00',
      stopTime: '10:30',
      how: 'IN_PERSON',
      where: 'ON_SITE',
      rateMultiplier: '2',
      comment: 'Moved two printers',
    });
    // The day ends at the latest end (an unfinished slip counts at its start); another day does not count.
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-20',
      startTime: '11:00',
      stopTime: null,
    });
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-20',
      startTime: '13:00',
      stopTime: '14:15',
    });
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-21',
      startTime: '16:00',
      stopTime: '17:00',
    });
    const copy = await defaults(caller, `copyId=${source.id}`);
    expect(copy).toMatchObject({
      id: 0,
      version: 0,
      date: '11/20/2026',
      startTime: '2:15 PM',
      stopTime: '3:45 PM',
      comment: 'Moved two printers',
      task: { value: task.id, label: 'Move the printers' },
      case: { value: caseId },
      taskId: task.id,
      caseId,
      how: { value: 'IN_PERSON', label: 'In Person' },
      where: { value: 'ON_SITE', label: 'On Site' },
      user: { value: id },
    });
  });

  it("of another user's slip starts at the source when the user has nothing that day", async () => {
    const { caller } = await technician();
    const owner = await makeUser(api.db.pool);
    const task = await makeTask(api.db.pool, { caseId });
    const source = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: owner.id,
      workDate: '2026-11-18',
      startTime: '22:30',
      stopTime: '23:45',
    });
    expect(await defaults(caller, `copyId=${source.id}`)).toMatchObject({
      date: '11/18/2026',
      startTime: '10:30 PM',
      stopTime: '11:45 PM',
    });
  });

  it("on a day that already runs to midnight keeps the source's times (no room left that day)", async () => {
    const { id, caller } = await technician();
    const task = await makeTask(api.db.pool, { caseId });
    const source = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-16',
      startTime: '09:00',
      stopTime: '10:15',
    });
    // Ends at midnight (stored as 24:00).
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-16',
      startTime: '22:00',
      stopTime: '24:00',
    });
    expect(await defaults(caller, `copyId=${source.id}`)).toMatchObject({
      date: '11/16/2026',
      startTime: '9:00 AM',
      stopTime: '10:15 AM',
    });
  });

  it('a copy may end at midnight; an unfinished slip started after the last end moves the start to it', async () => {
    const { id, caller } = await technician();
    const task = await makeTask(api.db.pool, { caseId });
    const source = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-13',
      startTime: '20:00',
      stopTime: '22:00',
    });
    expect(await defaults(caller, `copyId=${source.id}`)).toMatchObject({
      startTime: '10:00 PM',
      stopTime: '12:00 AM',
    });
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-13',
      startTime: '22:30',
      stopTime: null,
    });
    expect(await defaults(caller, `copyId=${source.id}`)).toMatchObject({
      startTime: '10:30 PM',
      stopTime: '',
    });
  });

  it("of the user's only slip that day follows it", async () => {
    const { id, caller } = await technician();
    const task = await makeTask(api.db.pool, { caseId });
    const source = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-12',
      startTime: '08:00',
      stopTime: '08:45',
    });
    // Its own end (8:45) is where the day ends: the copy follows it.
    expect(await defaults(caller, `copyId=${source.id}`)).toMatchObject({
      startTime: '8:45 AM',
      stopTime: '9:30 AM',
    });
  });

  it('leaves the end empty when the duration would pass midnight; 404 for an unknown source', async () => {
    const { id, caller } = await technician();
    const task = await makeTask(api.db.pool, { caseId });
    const source = await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: id,
      workDate: '2026-11-17',
      startTime: '20:00',
      stopTime: '23:00',
    });
    expect(await defaults(caller, `copyId=${source.id}`)).toMatchObject({
      startTime: '11:00 PM',
      stopTime: '',
    });
    expect((await caller.get('/api/manage/slip/create?copyId=999999')).statusCode).toBe(404);
  });
});
