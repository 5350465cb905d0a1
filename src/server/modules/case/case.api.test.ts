// Cases: any signed-in user (401 without a session), CRUD with every validation message, history under Case, the
// 409, the delete rule for cases with tasks, list filters and paging, and the case picker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeCase,
  makeDepartment,
  makeOrganization,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let staff: Awaited<ReturnType<typeof api.signIn>>;
let staffId: number;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Sam', lastName: 'Staff' });
  staffId = u.id;
  staff = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/manage/case';
type Item = { id: number; title: string };
const titles = (body: { items: Item[] }) => body.items.map((i) => i.title);

describe('authorization', () => {
  it('needs a session on every route', async () => {
    const c = await makeCase(api.db.pool);
    for (const res of [
      await api.anonymous.get(BASE),
      await api.anonymous.get(`${BASE}/${c.id}`),
      await api.anonymous.post(`${BASE}/create`, {}),
      await api.anonymous.delete(`${BASE}/${c.id}`),
      await api.anonymous.get(`/api/history/case/${c.id}`),
      await api.anonymous.get('/api/suggest/cases/'),
    ])
      expect(res.statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('offers a blank case (organization prefilled from the address) and its form options', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Prefill Org' });
    const dept = await makeDepartment(api.db.pool, { name: 'Blank Dept' });
    const res = (await staff.get(`${BASE}/create?organization=${org.id}`)).json();
    expect(res.case).toEqual({
      id: 0,
      version: 0,
      title: '',
      organization: { value: org.id, label: 'Prefill Org' },
      status: { value: 'OPEN', label: 'Open' },
      department: null,
      assignedTo: null,
      description: null,
    });
    expect(res.formOptions.status).toEqual([
      { value: 'OPEN', label: 'Open' },
      { value: 'CLOSED', label: 'Closed' },
    ]);
    expect(res.formOptions.department).toContainEqual({ value: dept.id, label: 'Blank Dept' });
    expect((await staff.get(`${BASE}/create?organization=abc`)).json().case.organization).toBeNull();
  });

  it('creates a case with its number, reads it, and records history under Case', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Acme Dental' });
    const dept = await makeDepartment(api.db.pool, { name: 'Projects Dept' });
    const res = await staff.post(`${BASE}/create`, {
      version: 0,
      title: '  Replace firewall ',
      organization: org.id,
      status: 'OPEN',
      department: dept.id,
      assignedTo: staffId,
      description: 'Old unit failing',
    });
    expect(res.statusCode).toBe(200);
    const c = res.json().case;
    expect(c).toMatchObject({
      id: expect.any(Number),
      version: 0,
      title: 'Replace firewall',
      organization: { value: org.id, label: 'Acme Dental' },
      status: { value: 'OPEN', label: 'Open' },
      department: { value: dept.id, label: 'Projects Dept' },
      assignedTo: { value: staffId, label: 'Sam Staff' },
      createdBy: { label: 'Sam Staff' },
    });
    expect((await staff.get(`${BASE}/${c.id}`)).json().case).toEqual(c);
    const history = (await staff.get(`/api/history/case/${c.id}`)).json().history;
    expect(history.objectClass).toBe('Case');
    expect(history.title).toBe(`#${c.id} Replace firewall`);
    expect(history.items.map((i: { fieldLabel: string }) => i.fieldLabel).sort()).toEqual([
      'Assigned To',
      'Department',
      'Description',
      'Organization',
      'Status',
      'Title',
    ]);
  });

  it('reports every invalid field at once', async () => {
    const res = await staff.post(`${BASE}/create`, {
      version: 0,
      title: ' ',
      organization: '',
      status: 'DONE',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      title: ['This value should not be blank.'],
      organization: ['This value should not be blank.'],
      status: [expect.any(String)],
    });
    const missing = await staff.post(`${BASE}/create`, {
      version: 0,
      title: 'X',
      organization: 99999999,
      status: '',
    });
    expect(missing.json().form.fields).toEqual({ status: ['This value should not be blank.'] });
    const unknown = await staff.post(`${BASE}/create`, {
      version: 0,
      title: 'X',
      organization: 99999999,
      status: 'OPEN',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().form.fields).toEqual({ organization: ['This value is not valid.'] });
  });

  it('closes a case with history of the change; a stale save gets 409', async () => {
    const c = await makeCase(api.db.pool, { title: 'Email migration' });
    const save = (version: number, status: string) =>
      staff.post(`${BASE}/${c.id}`, {
        version,
        title: 'Email migration',
        organization: c.organizationId,
        status,
      });
    const closed = await save(0, 'CLOSED');
    expect(closed.statusCode).toBe(200);
    expect(closed.json().case).toMatchObject({ status: { value: 'CLOSED', label: 'Closed' }, version: 1 });
    const items = (await staff.get(`/api/history/case/${c.id}`)).json().history.items;
    expect(items).toEqual([
      expect.objectContaining({
        field: 'status',
        oldValue: 'Open',
        newValue: 'Closed',
        actor: expect.objectContaining({ label: 'Sam Staff' }),
      }),
    ]);
    const stale = await save(0, 'OPEN');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Sam Staff at /);
    expect(stale.json().current).toMatchObject({ status: { value: 'CLOSED' }, version: 1 });
  });

  it('deletes a case without tasks; one with tasks is refused with a clear message', async () => {
    const empty = await makeCase(api.db.pool);
    expect((await staff.delete(`${BASE}/${empty.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await staff.get(`${BASE}/${empty.id}`)).statusCode).toBe(404);
    const busy = await makeCase(api.db.pool);
    await makeTask(api.db.pool, { caseId: busy.id });
    const res = await staff.delete(`${BASE}/${busy.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This case has tasks and cannot be deleted. Close it instead.');
    expect((await staff.get(`${BASE}/${busy.id}`)).statusCode).toBe(200);
  });
});

describe('list', () => {
  it('lists open cases newest first and pages by keyset', async () => {
    const org = await makeOrganization(api.db.pool);
    const made: number[] = [];
    for (let i = 0; i < 27; i++)
      made.push((await makeCase(api.db.pool, { organizationId: org.id, title: `Paged ${i}` })).id);
    const first = (await staff.get(`${BASE}?organization=${org.id}`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].id).toBe(made[26]);
    const rest = (await staff.get(`${BASE}?organization=${org.id}&after=${first.next}`)).json();
    expect(titles(rest)).toEqual(['Paged 1', 'Paged 0']);
    expect(rest.next).toBeNull();
    const asc = (await staff.get(`${BASE}?organization=${org.id}&dir=asc&limit=2`)).json();
    expect(titles(asc)).toEqual(['Paged 0', 'Paged 1']);
    // Last changed first; the cursor keeps microseconds, so no row is skipped or repeated.
    await api.db.pool.query(`UPDATE cases SET updated_at = now() + interval '1 hour' WHERE id = $1`, [
      made[3],
    ]);
    const seen: string[] = [];
    let after = '';
    do {
      const page = (await staff.get(`${BASE}?organization=${org.id}&sort=updated&limit=10${after}`)).json();
      seen.push(...titles(page));
      after = page.next ? `&after=${page.next}` : '';
    } while (after);
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
    expect(seen[0]).toBe('Paged 3');
    expect((await staff.get(`${BASE}?after=garbage`)).statusCode).toBe(400);
  });

  it('filters by status, organization, department, assignee and text over title, organization and number', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Zephyr Logistics' });
    const dept = await makeDepartment(api.db.pool);
    const open = await makeCase(api.db.pool, {
      organizationId: org.id,
      title: 'Printer jam',
      departmentId: dept.id,
    });
    const closed = await makeCase(api.db.pool, {
      organizationId: org.id,
      title: 'Old laptop',
      status: 'CLOSED',
      assignedToId: staffId,
    });
    const ids = async (query: string) =>
      ((await staff.get(`${BASE}?${query}&limit=100`)).json().items as Item[]).map((i) => i.id);
    expect(await ids(`organization=${org.id}`)).toEqual([open.id]);
    expect(await ids(`organization=${org.id}&status=CLOSED`)).toEqual([closed.id]);
    expect(await ids(`organization=${org.id}&status=all`)).toEqual([closed.id, open.id]);
    expect(await ids(`department=${dept.id}&status=all`)).toEqual([open.id]);
    expect(await ids(`assignedTo=${staffId}&status=all&organization=${org.id}`)).toEqual([closed.id]);
    expect(await ids(`assignedTo=${staffId}&status=all`)).toContain(closed.id);
    expect(await ids(`assignedTo=${staffId}&status=all`)).not.toContain(open.id);
    expect(await ids('q=printer JAM')).toEqual([open.id]);
    expect(await ids('q=zephyr&status=all')).toEqual([closed.id, open.id]);
    expect(await ids(`q=%23${closed.id}&status=CLOSED`)).toEqual([closed.id]);
    expect((await staff.get(`${BASE}?status=PENDING`)).statusCode).toBe(400);
  });
});

describe('case picker', () => {
  it('suggests open cases of an organization as "#id title", by title or number', async () => {
    const org = await makeOrganization(api.db.pool);
    const a = await makeCase(api.db.pool, { organizationId: org.id, title: 'Network upgrade' });
    const b = await makeCase(api.db.pool, { organizationId: org.id, title: 'Backup review' });
    await makeCase(api.db.pool, { organizationId: org.id, title: 'Network closed', status: 'CLOSED' });
    await makeCase(api.db.pool, { title: 'Network elsewhere' });
    const res = await staff.get(`/api/suggest/cases/?organization=${org.id}`);
    expect(res.json()).toEqual([
      { value: b.id, label: `#${b.id} Backup review` },
      { value: a.id, label: `#${a.id} Network upgrade` },
    ]);
    expect((await staff.get(`/api/suggest/cases/?organization=${org.id}&q=netw`)).json()).toEqual([
      { value: a.id, label: `#${a.id} Network upgrade` },
    ]);
    expect((await staff.get(`/api/suggest/cases/?organization=${org.id}&q=${b.id}`)).json()).toEqual([
      { value: b.id, label: `#${b.id} Backup review` },
    ]);
    expect((await staff.get(`/api/suggest/cases/?organization=${org.id}&limit=1`)).json()).toHaveLength(1);
  });
});
