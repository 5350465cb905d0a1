// Device categories: administrators only (403 on every route otherwise), CRUD, unique names, history, the 409,
// the in-use delete rule, list filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeDeviceCategory,
  makeEquipment,
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

const BASE = '/api/admin/device-category';
const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Laptop',
  description: 'Portable computers',
  active: true,
  ...over,
});

describe('authorization', () => {
  it('refuses a non-administrator on every route, reads included, and changes nothing', async () => {
    const category = await makeDeviceCategory(api.db.pool, 'Guarded');
    const forbidden = [
      await staff.get(BASE),
      await staff.get(`${BASE}?active=all`),
      await staff.get(`${BASE}/create`),
      await staff.get(`${BASE}/${category.id}`),
      await staff.post(`${BASE}/create`, form({ name: 'Sneaky' })),
      await staff.post(`${BASE}/create`, {}),
      await staff.post(`${BASE}/${category.id}`, form({ name: 'Renamed' })),
      await staff.delete(`${BASE}/${category.id}?version=0`),
      await staff.get(`/api/history/device-category/${category.id}`),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query<{ name: string }>(
      `SELECT name FROM device_categories WHERE id = $1 OR name = 'Sneaky'`,
      [category.id],
    );
    expect(rows.map((r) => r.name)).toEqual(['Guarded']);
    expect((await api.anonymous.get(BASE)).statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads and records history under EquipmentCategory', async () => {
    const blank = (await admin.get(`${BASE}/create`)).json();
    expect(blank).toEqual({
      deviceCategory: { id: 0, version: 0, name: '', description: null, active: true },
      formOptions: {},
      can: { save: true, delete: true },
    });
    const res = await admin.post(`${BASE}/create`, form({ name: '  Laptop  ' }));
    expect(res.statusCode).toBe(200);
    const category = res.json().deviceCategory;
    expect(category).toMatchObject({
      name: 'Laptop',
      description: 'Portable computers',
      active: true,
      version: 0,
      createdBy: { label: 'Ada Admin' },
    });
    expect((await admin.get(`${BASE}/${category.id}`)).json().deviceCategory).toEqual(category);
    const history = (await admin.get(`/api/history/device-category/${category.id}`)).json().history;
    expect(history.objectClass).toBe('EquipmentCategory');
    expect(history.title).toBe('Laptop');
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
    await makeDeviceCategory(api.db.pool, 'Printer');
    for (const name of ['Printer', 'PRINTER']) {
      const res = await admin.post(`${BASE}/create`, form({ name }));
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields).toEqual({ name: ['This name is already used.'] });
    }
    // Its own name, saved again, is not a clash.
    const own = await makeDeviceCategory(api.db.pool, 'Scanner');
    const resave = await admin.post(`${BASE}/${own.id}`, form({ name: 'scanner' }));
    expect(resave.statusCode).toBe(200);
    expect(resave.json().deviceCategory).toMatchObject({ name: 'scanner', version: 1 });
  });

  it('updates with history of the changed fields, and a stale save gets 409', async () => {
    const category = await makeDeviceCategory(api.db.pool, 'Firewal');
    const saved = await admin.post(`${BASE}/${category.id}`, form({ name: 'Firewall', active: false }));
    expect(saved.statusCode).toBe(200);
    const items = (await admin.get(`/api/history/device-category/${category.id}`)).json().history.items as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
      actor: { label: string };
    }[];
    expect(items.find((i) => i.field === 'name')).toMatchObject({
      oldValue: 'Firewal',
      newValue: 'Firewall',
    });
    expect(items.find((i) => i.field === 'active')).toMatchObject({ oldValue: 'Yes', newValue: 'No' });
    expect(items[0]!.actor.label).toBe('Ada Admin');
    const stale = await admin.post(`${BASE}/${category.id}`, form({ name: 'Firewall 2' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({ name: 'Firewall', version: 1 });
  });

  it('deletes an unused category; one used by equipment is refused with a clear message', async () => {
    const unused = await makeDeviceCategory(api.db.pool);
    expect((await admin.delete(`${BASE}/${unused.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await admin.get(`${BASE}/${unused.id}`)).statusCode).toBe(404);
    const used = await makeDeviceCategory(api.db.pool);
    await makeEquipment(api.db.pool, { categoryId: used.id });
    const res = await admin.delete(`${BASE}/${used.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This category is used by equipment and cannot be deleted. Mark it inactive instead.',
    );
    expect((await admin.get(`${BASE}/${used.id}`)).statusCode).toBe(200);
  });
});

describe('list', () => {
  it('filters by active code and text and pages by keyset on the name', async () => {
    const tag = `Kind${Date.now() % 100000}`;
    for (let i = 0; i < 28; i++) {
      const c = await makeDeviceCategory(api.db.pool, `${tag} ${String(i).padStart(2, '0')}`);
      if (i % 4 === 0)
        await api.db.pool.query('UPDATE device_categories SET active = false WHERE id = $1', [c.id]);
    }
    await api.db.pool.query(`UPDATE device_categories SET description = 'rack mounted' WHERE name = $1`, [
      `${tag} 05`,
    ]);
    const q = `q=${tag}`;
    const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);
    const all = (await admin.get(`${BASE}?${q}&active=all`)).json();
    expect(all.items).toHaveLength(25);
    expect(all.items[0].name).toBe(`${tag} 00`);
    const rest = (await admin.get(`${BASE}?${q}&active=all&after=${all.next}`)).json();
    expect(names(rest)).toEqual([`${tag} 25`, `${tag} 26`, `${tag} 27`]);
    expect(rest.next).toBeNull();
    const count = async (query: string) =>
      (await admin.get(`${BASE}?${q}&limit=100&${query}`)).json().items.length;
    expect(await count('')).toBe(21);
    expect(await count('active=1')).toBe(21);
    expect(await count('active=2')).toBe(7);
    expect(names((await admin.get(`${BASE}?q=RACK%20mount`)).json())).toEqual([`${tag} 05`]);
    const desc = (await admin.get(`${BASE}?${q}&active=all&dir=desc&limit=1`)).json();
    expect(names(desc)).toEqual([`${tag} 27`]);
    expect((await admin.get(`${BASE}?active=3`)).statusCode).toBe(400);
  });
});
