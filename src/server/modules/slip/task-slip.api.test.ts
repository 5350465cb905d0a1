// The move-slip dialog (tasks available for a slip, the move itself) and task cards (print answer, PDF preview).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeCase,
  makeDepartment,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { pdfPages } from '../../../../test/support/history-factories.js';
import {
  CLOSED_CASE,
  CLOSED_TASK,
  NO_TARGET_TASK,
  NOT_OWNER,
  PRINT_NOT_SET_UP,
} from '../../../shared/schemas/slip.js';
import { CARD_SLIP_LIMIT, PRINT_IN_PROGRESS, printsInProgress } from './card-print.routes.js';
import { SAME_TASK, SLIP_NOT_ON_TASK, TARGET_NOT_FOUND } from './task-slip.routes.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let owner: Caller;
let other: Caller;
let ownerId: number;
let otherId: number;
let client: { id: number; name: string };
let otherClient: { id: number; name: string };
let network: { id: number; name: string };
let helpdesk: { id: number; name: string };
let caseA: { id: number; title: string };
let taskA: { id: number; title: string; caseId: number };

beforeAll(async () => {
  api = await setupApi({ timeZone: 'America/New_York' });
  const o = await makeUser(api.db.pool, { firstName: 'Olive', lastName: 'Owner' });
  const x = await makeUser(api.db.pool, { firstName: 'Otto', lastName: 'Other' });
  ownerId = o.id;
  otherId = x.id;
  owner = await api.signIn(o.email, TEST_PASSWORD);
  other = await api.signIn(x.email, TEST_PASSWORD);
  client = await makeOrganization(api.db.pool, { name: 'Acme Dental' });
  otherClient = await makeOrganization(api.db.pool, { name: 'Bolt Legal' });
  network = await makeDepartment(api.db.pool, { name: 'Network' });
  helpdesk = await makeDepartment(api.db.pool, { name: 'Helpdesk' });
  await makeDepartment(api.db.pool, { name: 'Old Dept', active: false });
  caseA = await makeCase(api.db.pool, { organizationId: client.id, title: 'Firewall upgrade' });
  taskA = await makeTask(api.db.pool, {
    caseId: caseA.id,
    title: 'Plan the cutover',
    departmentId: network.id,
  });
});
afterAll(() => api?.close());

type Available = {
  tasks: {
    id: number;
    title: string;
    caseId: number;
    caseTitle: string;
    organization: string;
    department: string | null;
  }[];
  departments: { label: string; value: number }[];
  default_department: number | null;
  default_client: { label: string; value: number } | null;
};

describe('available for slip', () => {
  it('no client: no tasks, but departments and the slip defaults', async () => {
    const slip = await makeSlip(api.db.pool, { taskId: taskA.id, userId: ownerId });
    const res = await owner.get(`/api/manage/task/available-for-slip?slipId=${slip.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Available;
    expect(Object.keys(body).sort()).toEqual([
      'default_client',
      'default_department',
      'departments',
      'tasks',
    ]);
    expect(body).toEqual({
      tasks: [],
      departments: [
        { value: helpdesk.id, label: 'Helpdesk' },
        { value: network.id, label: 'Network' },
      ],
      default_department: network.id,
      default_client: { value: client.id, label: 'Acme Dental' },
    });
    const bare = (await owner.get('/api/manage/task/available-for-slip')).json() as Available;
    expect(bare).toMatchObject({ tasks: [], default_department: null, default_client: null });
  });

  it("a client's open tasks of open cases, newest case first; by department and text; bounded", async () => {
    const caseB = await makeCase(api.db.pool, { organizationId: client.id, title: 'Printer rollout' });
    const t1 = await makeTask(api.db.pool, {
      caseId: caseB.id,
      title: 'Unbox printers',
      departmentId: helpdesk.id,
    });
    const t2 = await makeTask(api.db.pool, { caseId: caseB.id, title: 'Map drivers' });
    await makeTask(api.db.pool, { caseId: caseB.id, title: 'Closed one', status: 'CLOSED' });
    const closedCase = await makeCase(api.db.pool, { organizationId: client.id, status: 'CLOSED' });
    await makeTask(api.db.pool, { caseId: closedCase.id, title: 'On a closed case' });
    const foreign = await makeCase(api.db.pool, { organizationId: otherClient.id });
    await makeTask(api.db.pool, { caseId: foreign.id, title: 'Elsewhere' });

    const get = async (query: string) => {
      const res = await owner.get(`/api/manage/task/available-for-slip?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json() as Available;
    };
    const all = await get(`client=${client.id}`);
    expect(all.tasks.map((t) => t.id)).toEqual([t2.id, t1.id, taskA.id]);
    expect(all.tasks[1]).toEqual({
      id: t1.id,
      title: 'Unbox printers',
      caseId: caseB.id,
      caseTitle: 'Printer rollout',
      organization: 'Acme Dental',
      department: 'Helpdesk',
    });
    expect((await get(`client=${client.id}&department=${helpdesk.id}`)).tasks.map((t) => t.id)).toEqual([
      t1.id,
    ]);
    expect((await get(`client=${client.id}&q=printer`)).tasks.map((t) => t.id)).toEqual([t2.id, t1.id]);
    expect((await get(`client=${client.id}&q=cutover`)).tasks.map((t) => t.id)).toEqual([taskA.id]);
    expect((await get(`client=${client.id}&q=100%25`)).tasks).toEqual([]);
    expect((await get(`client=${client.id}&limit=2`)).tasks).toHaveLength(2);
    // The slip's own task is not a target.
    const slip = await makeSlip(api.db.pool, { taskId: t2.id, userId: ownerId });
    expect((await get(`client=${client.id}&slipId=${slip.id}`)).tasks.map((t) => t.id)).toEqual([
      t1.id,
      taskA.id,
    ]);
    expect((await owner.get('/api/manage/task/available-for-slip?limit=500')).statusCode).toBe(400);
  });
});

describe('move slip', () => {
  const move = (caller: Caller, taskId: number, slipId: number, body?: unknown) =>
    caller.post(`/api/manage/task/${taskId}/move-slip/${slipId}`, body);

  it('moves the slip to an open task, bumping its version and stamps', async () => {
    const slip = await makeSlip(api.db.pool, { taskId: taskA.id, userId: ownerId });
    const caseB = await makeCase(api.db.pool, { organizationId: otherClient.id });
    const target = await makeTask(api.db.pool, { caseId: caseB.id });
    const res = await move(owner, taskA.id, slip.id, { targetTask: target.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ caseId: caseB.id, taskId: target.id });
    const loaded = (await owner.get(`/api/manage/slip/${slip.id}`)).json().slip;
    expect(loaded).toMatchObject({
      taskId: target.id,
      caseId: caseB.id,
      version: 1,
      user: { value: ownerId },
      updated: { by: { value: ownerId, label: 'Olive Owner' } },
    });
  });

  it('refuses with the reason in errors', async () => {
    const slip = await makeSlip(api.db.pool, { taskId: taskA.id, userId: ownerId });
    const closedTask = await makeTask(api.db.pool, { caseId: caseA.id, status: 'CLOSED' });
    const closedCase = await makeCase(api.db.pool, { organizationId: client.id, status: 'CLOSED' });
    const onClosedCase = await makeTask(api.db.pool, { caseId: closedCase.id });
    const elsewhere = await makeTask(api.db.pool, { caseId: caseA.id });
    const cases: [Caller, number, number, unknown, string][] = [
      [owner, taskA.id, slip.id, {}, NO_TARGET_TASK],
      [owner, taskA.id, slip.id, undefined, NO_TARGET_TASK],
      [owner, taskA.id, slip.id, { targetTask: null }, NO_TARGET_TASK],
      [owner, taskA.id, slip.id, { targetTask: 'abc' }, NO_TARGET_TASK],
      [owner, elsewhere.id, slip.id, { targetTask: elsewhere.id }, SLIP_NOT_ON_TASK],
      [owner, taskA.id, 999999, { targetTask: elsewhere.id }, SLIP_NOT_ON_TASK],
      [other, taskA.id, slip.id, { targetTask: elsewhere.id }, NOT_OWNER],
      [owner, taskA.id, slip.id, { targetTask: taskA.id }, SAME_TASK],
      [owner, taskA.id, slip.id, { targetTask: closedTask.id }, CLOSED_TASK],
      [owner, taskA.id, slip.id, { targetTask: onClosedCase.id }, CLOSED_CASE],
      [owner, taskA.id, slip.id, { targetTask: 999999 }, TARGET_NOT_FOUND],
    ];
    for (const [caller, taskId, slipId, body, message] of cases) {
      const res = await move(caller, taskId, slipId, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ errors: [message], message, form: { errors: [message] } });
    }
    const unchanged = (await owner.get(`/api/manage/slip/${slip.id}`)).json().slip;
    expect(unchanged).toMatchObject({ taskId: taskA.id, version: 0 });
    expect(otherId).toBeGreaterThan(0);
  });
});

describe('task card', () => {
  it('answers that printing is not set up, with a preview link; the preview is an inline PDF', async () => {
    const task = await makeTask(api.db.pool, { caseId: caseA.id, title: 'Card (task) \\ test' });
    await makeSlip(api.db.pool, {
      taskId: task.id,
      userId: ownerId,
      workDate: '2026-11-20',
      startTime: '09:00',
      stopTime: '10:15',
      comment: 'Patched the firewall',
    });
    await makeSlip(api.db.pool, { taskId: task.id, userId: otherId, workDate: '2026-11-21', stopTime: null });
    const res = await owner.post(`/api/manage/task/card-print/${task.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      printed: false,
      message: PRINT_NOT_SET_UP,
      previewUrl: `/api/manage/task/card-print/${task.id}/preview`,
    });
    const preview = await owner.get(res.json().previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toBe(`inline; filename="task-card-${task.id}.pdf"`);
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(preview.rawPayload)).join('\n');
    for (const part of [
      'Task: Card (task) \\ test',
      `Case #${caseA.id}: Firewall upgrade`,
      'Organization: Acme Dental',
      '11/20/2026',
      '9:00a - 10:15a',
      '75',
      'Olive Owner',
      'Otto Other',
      'Patched the firewall',
      'Total: 2 slips, 1:15 (75 minutes)',
    ])
      expect(text).toContain(part);
  });

  it('lists at most the latest slips and says so', async () => {
    const task = await makeTask(api.db.pool, { caseId: caseA.id });
    await api.db.pool.query(
      `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time)
       SELECT $1, $2, DATE '2026-01-01' + g, '09:00', '09:30' FROM generate_series(0, $3) g`,
      [task.id, ownerId, CARD_SLIP_LIMIT],
    );
    const pdf = (
      await pdfPages((await owner.get(`/api/manage/task/card-print/${task.id}/preview`)).rawPayload)
    ).join('\n');
    const total = CARD_SLIP_LIMIT + 1;
    expect(pdf).toContain(`Only the latest ${CARD_SLIP_LIMIT} of ${total} slips are listed`);
    expect(pdf).toContain(`Total: ${total} slips`);
    // The oldest slip (01/01/2026) is the one left off.
    expect(pdf).not.toContain('01/01/2026');
    expect(pdf).toContain('01/02/2026');
  });

  it('refuses a second print of the same task while one is being built', async () => {
    const task = await makeTask(api.db.pool, { caseId: caseA.id });
    printsInProgress.add(task.id);
    try {
      const res = await owner.post(`/api/manage/task/card-print/${task.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PRINT_IN_PROGRESS);
    } finally {
      printsInProgress.delete(task.id);
    }
    expect((await owner.post(`/api/manage/task/card-print/${task.id}`)).statusCode).toBe(200);
  });

  it('404 for an unknown task', async () => {
    expect((await owner.post('/api/manage/task/card-print/999999')).statusCode).toBe(404);
    expect((await owner.get('/api/manage/task/card-print/999999/preview')).statusCode).toBe(404);
  });
});

describe('session', () => {
  it('every call needs a signed-in user', async () => {
    const calls = [
      api.anonymous.get('/api/manage/task/available-for-slip'),
      api.anonymous.post(`/api/manage/task/${taskA.id}/move-slip/1`, { targetTask: taskA.id }),
      api.anonymous.post(`/api/manage/task/card-print/${taskA.id}`),
      api.anonymous.get(`/api/manage/task/card-print/${taskA.id}/preview`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });
});
