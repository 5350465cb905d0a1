// Departments: administrators only (403 otherwise), CRUD, unique names, history under Department, the 409, the
// in-use delete rule, list filters and paging, and the department picker every signed-in user may call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeCase,
  makeDepartment,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let staff: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const u = await makeUser(api.db.pool);
  staff = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/admin/department';
const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Help Desk',
  description: 'First line support',
  active: true,
  ...over,
});

describe('authorization', () => {
  it('refuses a non-administrator on every admin route and changes nothing; 401 without a session', async () => {
    const department = await makeDepartment(api.db.pool, { name: 'Guarded Dept' });
    const forbidden = [
      await staff.get(BASE),
      await staff.get(`${BASE}/create`),
      await staff.get(`${BASE}/${department.id}`),
      await staff.post(`${BASE}/create`, form({ name: 'Sneaky Dept' })),
      await staff.post(`${BASE}/create`, {}),
      await staff.post(`${BASE}/${department.id}`, form({ name: 'Renamed' })),
      await staff.delete(`${BASE}/${department.id}?version=0`),
      await staff.get(`/api/history/department/${department.id}`),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query<{ name: string }>(
      `SELECT name FROM departments WHERE id = $1 OR name = 'Sneaky Dept'`,
      [department.id],
    );
    expect(rows.map((r) => r.name)).toEqual(['Guarded Dept']);
    expect((await api.anonymous.get(BASE)).statusCode).toBe(401);
    expect((await api.anonymous.get('/api/suggest/departments/')).statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads and records history under Department', async () => {
    const blank = (await admin.get(`${BASE}/create`)).json();
    expect(blank).toEqual({
      department: { id: 0, version: 0, name: '', description: null, active: true },
      formOptions: {},
      can: { save: true, delete: true },
    });
    const res = await admin.post(`${BASE}/create`, form({ name: '  Help Desk  ' }));
    expect(res.statusCode).toBe(200);
    const department = res.json().department;
    expect(department).toMatchObject({
      name: 'Help Desk',
      description: 'First line support',
      active: true,
      version: 0,
      createdBy: { label: 'Ada Admin' },
    });
    expect((await admin.get(`${BASE}/${department.id}`)).json().department).toEqual(department);
    const history = (await admin.get(`/api/history/department/${department.id}`)).json().history;
    expect(history.objectClass).toBe('Department');
    expect(history.title).toBe('Help Desk');
    expect(history.items.map((i: { fieldLabel: string }) => i.fieldLabel).sort()).toEqual([
      'Active',
      'Description',
      'Name',
    ]);
  });

  it('requires a name and refuses one already used, also in another letter case', async () => {
    const blank = await admin.post(`${BASE}/create`, form({ name: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().form.fields).toEqual({ name: ['This value should not be blank.'] });
    await makeDepartment(api.db.pool, { name: 'Projects' });
    for (const name of ['Projects', 'PROJECTS']) {
      const res = await admin.post(`${BASE}/create`, form({ name }));
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields).toEqual({ name: ['This name is already used.'] });
    }
  });

  it('updates with history of the changed fields, and a stale save gets 409', async () => {
    const department = await makeDepartment(api.db.pool, { name: 'Feild Services' });
    const saved = await admin.post(
      `${BASE}/${department.id}`,
      form({ name: 'Field Services', active: false }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().department).toMatchObject({ name: 'Field Services', active: false, version: 1 });
    const items = (await admin.get(`/api/history/department/${department.id}`)).json().history.items as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
    expect(items.find((i) => i.field === 'name')).toMatchObject({
      oldValue: 'Feild Services',
      newValue: 'Field Services',
    });
    expect(items.find((i) => i.field === 'active')).toMatchObject({ oldValue: 'Yes', newValue: 'No' });
    const stale = await admin.post(`${BASE}/${department.id}`, form({ name: 'Field Services 2' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({ name: 'Field Services', version: 1 });
  });

  it('deletes an unused department; one used by a case is refused with a clear message', async () => {
    const unused = await makeDepartment(api.db.pool);
    expect((await admin.delete(`${BASE}/${unused.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await admin.get(`${BASE}/${unused.id}`)).statusCode).toBe(404);
    const used = await makeDepartment(api.db.pool);
    await makeCase(api.db.pool, { departmentId: used.id });
    const res = await admin.delete(`${BASE}/${used.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This department is used by cases or tasks and cannot be deleted. Mark it inactive instead.',
    );
  });
});

describe('list and picker', () => {
  it('filters by active code and text and pages by keyset on the name', async () => {
    const tag = `Dept${Date.now() % 100000}`;
    for (let i = 0; i < 27; i++)
      await makeDepartment(api.db.pool, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        active: i % 9 !== 0,
      });
    const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);
    const all = (await admin.get(`${BASE}?q=${tag}&active=all`)).json();
    expect(all.items).toHaveLength(25);
    const rest = (await admin.get(`${BASE}?q=${tag}&active=all&after=${all.next}`)).json();
    expect(names(rest)).toEqual([`${tag} 25`, `${tag} 26`]);
    expect(rest.next).toBeNull();
    expect((await admin.get(`${BASE}?q=${tag}&limit=100`)).json().items).toHaveLength(24);
    expect(names((await admin.get(`${BASE}?q=${tag}&active=2`)).json())).toEqual([
      `${tag} 00`,
      `${tag} 09`,
      `${tag} 18`,
    ]);
    expect((await admin.get(`${BASE}?active=7`)).statusCode).toBe(400);

    // The picker: any signed-in user, active departments only, bounded.
    const picked = (await staff.get(`/api/suggest/departments/?q=${tag}&limit=5`)).json();
    expect(picked).toHaveLength(5);
    expect(picked[0]).toEqual({ value: expect.any(Number), label: `${tag} 01` });
    const inactive = (await staff.get(`/api/suggest/departments/?q=${tag} 09`)).json();
    expect(inactive).toEqual([]);
  });
});
