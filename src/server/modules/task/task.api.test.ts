// Tasks: any signed-in user (401 without a session), CRUD with every validation message, title case on save, the
// closed-case rule, the outage prefill, history under Task, the 409, the delete rule for tasks with slips, the list
// (filters, paging, logged minutes) and the task picker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeCase,
  makeDepartment,
  makeOutage,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let staff: Awaited<ReturnType<typeof api.signIn>>;
let staffId: number;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Tia', lastName: 'Tech' });
  staffId = u.id;
  staff = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/manage/task';
const form = (caseId: number, over: Record<string, unknown> = {}) => ({
  version: 0,
  case: caseId,
  title: 'configure the vpn on the fortigate',
  department: '',
  assignedTo: '',
  status: 'OPEN',
  isProject: false,
  points: '',
  outage: '',
  description: '',
  ...over,
});

async function slip(taskId: number, start: string, stop: string | null) {
  await api.db.pool.query(
    `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time) VALUES ($1, $2, DATE '2026-03-02', $3, $4)`,
    [taskId, staffId, start, stop],
  );
}

describe('authorization', () => {
  it('needs a session on every route', async () => {
    const t = await makeTask(api.db.pool);
    for (const res of [
      await api.anonymous.get(BASE),
      await api.anonymous.get(`${BASE}/${t.id}`),
      await api.anonymous.post(`${BASE}/create`, form(t.caseId)),
      await api.anonymous.delete(`${BASE}/${t.id}`),
      await api.anonymous.get(`/api/history/task/${t.id}`),
      await api.anonymous.get(`/api/suggest/tasks/?case=${t.caseId}`),
    ])
      expect(res.statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('offers a blank task of its case with the outage of ?outageId= and stores that outage', async () => {
    const c = await makeCase(api.db.pool, { title: 'Site outage' });
    const outage = await makeOutage(api.db.pool, { title: 'Internet down' });
    const blank = (await staff.get(`${BASE}/create?case=${c.id}&outageId=${outage.id}`)).json();
    expect(blank.task).toEqual({
      id: 0,
      version: 0,
      case: { value: c.id, label: `#${c.id} Site outage` },
      title: '',
      department: null,
      assignedTo: null,
      status: { value: 'OPEN', label: 'Open' },
      isProject: false,
      points: null,
      outage: { value: outage.id, label: 'Internet down' },
      description: null,
    });
    expect(blank.formOptions.status).toHaveLength(2);
    expect((await staff.get(`${BASE}/create?outageId=x`)).json().task.outage).toBeNull();
    const res = await staff.post(`${BASE}/create`, form(c.id, { outage: outage.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json().task.outage).toEqual({ value: outage.id, label: 'Internet down' });
  });

  it('title-cases the title, keeps brand spellings, and records history under Task', async () => {
    const c = await makeCase(api.db.pool);
    const dept = await makeDepartment(api.db.pool, { name: 'Network Team' });
    const res = await staff.post(
      `${BASE}/create`,
      form(c.id, {
        department: dept.id,
        assignedTo: staffId,
        isProject: true,
        points: '2.5',
        description: 'Site B',
      }),
    );
    expect(res.statusCode).toBe(200);
    const task = res.json().task;
    expect(task).toMatchObject({
      title: 'Configure the VPN on the FortiGate',
      case: { value: c.id },
      department: { value: dept.id, label: 'Network Team' },
      assignedTo: { value: staffId, label: 'Tia Tech' },
      isProject: true,
      points: 2.5,
      description: 'Site B',
    });
    expect((await staff.get(`${BASE}/${task.id}`)).json().task).toEqual(task);
    const history = (await staff.get(`/api/history/task/${task.id}`)).json().history;
    expect(history.objectClass).toBe('Task');
    expect(history.title).toBe('Configure the VPN on the FortiGate');
    expect(history.items.find((i: { field: string }) => i.field === 'points')).toMatchObject({
      newValue: '2.5',
    });
  });

  it('reports every invalid field at once', async () => {
    const res = await staff.post(`${BASE}/create`, {
      version: 0,
      case: '',
      title: '',
      status: '',
      isProject: 'maybe',
      points: '-1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      case: ['This value should not be blank.'],
      title: ['This value should not be blank.'],
      status: ['This value should not be blank.'],
      isProject: [expect.any(String)],
      points: ['Please enter a number of 0 or more.'],
    });
    const c = await makeCase(api.db.pool);
    for (const points of ['1.25', 'lots']) {
      const bad = await staff.post(`${BASE}/create`, form(c.id, { points }));
      expect(bad.json().form.fields).toEqual({
        points: ['Please enter a number with at most one decimal (e.g. 1.5).'],
      });
    }
    const unknown = await staff.post(`${BASE}/create`, form(99999999));
    expect(unknown.json().form.fields).toEqual({ case: ['This value is not valid.'] });
  });

  it('refuses a new task on a closed case, under the case field', async () => {
    const closed = await makeCase(api.db.pool, { status: 'CLOSED' });
    const res = await staff.post(`${BASE}/create`, form(closed.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({ case: ['This case is closed. Reopen it before adding tasks.'] });
    const { rows } = await api.db.pool.query('SELECT 1 FROM tasks WHERE case_id = $1', [closed.id]);
    expect(rows).toHaveLength(0);
  });

  it('saves changes with history, keeps the task in its case, and a stale save gets 409', async () => {
    const c = await makeCase(api.db.pool);
    const other = await makeCase(api.db.pool);
    const t = await makeTask(api.db.pool, { caseId: c.id, title: 'Old Title' });
    const saved = await staff.post(
      `${BASE}/${t.id}`,
      form(other.id, { title: 'new title for the task', status: 'CLOSED', points: 3 }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().task).toMatchObject({
      case: { value: c.id },
      title: 'New Title for the Task',
      status: { value: 'CLOSED', label: 'Closed' },
      points: 3,
      version: 1,
    });
    const items = (await staff.get(`/api/history/task/${t.id}`)).json().history.items as { field: string }[];
    expect(items.map((i) => i.field).sort()).toEqual(['points', 'status', 'title']);
    const stale = await staff.post(`${BASE}/${t.id}`, form(c.id, { title: 'Again' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Tia Tech at /);
  });

  it('deletes a task without slips; one with slips is refused with a clear message', async () => {
    const free = await makeTask(api.db.pool);
    expect((await staff.delete(`${BASE}/${free.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await staff.get(`${BASE}/${free.id}`)).statusCode).toBe(404);
    const logged = await makeTask(api.db.pool);
    await slip(logged.id, '09:00', '10:00');
    const res = await staff.delete(`${BASE}/${logged.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This task has time slips and cannot be deleted. Close it instead.');
  });
});

describe('list', () => {
  it("lists a case's tasks in order with their logged minutes, filters and pages", async () => {
    const c = await makeCase(api.db.pool);
    const dept = await makeDepartment(api.db.pool);
    const tasks = [];
    for (let i = 0; i < 27; i++)
      tasks.push(
        await makeTask(api.db.pool, {
          caseId: c.id,
          title: `Step ${String(i).padStart(2, '0')}`,
          status: i === 5 ? 'CLOSED' : 'OPEN',
          departmentId: i === 6 ? dept.id : null,
          assignedToId: i === 7 ? staffId : null,
        }),
      );
    await slip(tasks[0]!.id, '09:00', '10:30');
    await slip(tasks[0]!.id, '13:15', '13:45');
    await slip(tasks[0]!.id, '14:00', null);
    await slip(tasks[1]!.id, '08:00', '08:05');
    await makeTask(api.db.pool, { title: 'Step in another case' });
    const first = (await staff.get(`${BASE}?case=${c.id}`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ title: 'Step 00', minutes: 120, case: { value: c.id } });
    expect(first.items[1].minutes).toBe(5);
    expect(first.items[2].minutes).toBe(0);
    const rest = (await staff.get(`${BASE}?case=${c.id}&after=${first.next}`)).json();
    expect(rest.items.map((i: { title: string }) => i.title)).toEqual(['Step 25', 'Step 26']);
    expect(rest.next).toBeNull();
    const titles = async (query: string) =>
      ((await staff.get(`${BASE}?case=${c.id}&limit=100&${query}`)).json().items as { title: string }[]).map(
        (i) => i.title,
      );
    expect(await titles('status=CLOSED')).toEqual(['Step 05']);
    expect(await titles('status=OPEN')).toHaveLength(26);
    expect(await titles(`department=${dept.id}`)).toEqual(['Step 06']);
    expect(await titles(`assignedTo=${staffId}`)).toEqual(['Step 07']);
    expect(await titles('q=step 1')).toHaveLength(10);
    expect((await staff.get(`${BASE}?status=DONE`)).statusCode).toBe(400);
  });
});

describe('task picker', () => {
  it('suggests the open tasks of a case by title', async () => {
    const c = await makeCase(api.db.pool);
    const a = await makeTask(api.db.pool, { caseId: c.id, title: 'Install Switch' });
    const b = await makeTask(api.db.pool, { caseId: c.id, title: 'Label Cables' });
    await makeTask(api.db.pool, { caseId: c.id, title: 'Install Done', status: 'CLOSED' });
    await makeTask(api.db.pool, { title: 'Install Elsewhere' });
    expect((await staff.get(`/api/suggest/tasks/?case=${c.id}`)).json()).toEqual([
      { value: a.id, label: 'Install Switch' },
      { value: b.id, label: 'Label Cables' },
    ]);
    expect((await staff.get(`/api/suggest/tasks/?case=${c.id}&q=install`)).json()).toEqual([
      { value: a.id, label: 'Install Switch' },
    ]);
    expect((await staff.get('/api/suggest/tasks/')).statusCode).toBe(400);
  });
});
