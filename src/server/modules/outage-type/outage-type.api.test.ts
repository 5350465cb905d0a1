// Outage types (admin): authorization, create/read/update/delete, messages, history, the 409, list filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeOutage,
  makeOutageType,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let user: Awaited<ReturnType<typeof api.signIn>>;
let adminId: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  user = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Internet Down',
  description: 'The line to the building is down.',
  active: true,
  ...over,
});

describe('authorization', () => {
  it('refuses non-administrators on every route, history included', async () => {
    const type = await makeOutageType(api.db.pool, 'Guarded Type');
    const calls = [
      user.get('/api/admin/outage-type'),
      user.get('/api/admin/outage-type/create'),
      user.get(`/api/admin/outage-type/${type.id}`),
      user.post('/api/admin/outage-type/create', form({ name: 'Sneaky' })),
      user.post(`/api/admin/outage-type/${type.id}`, form({ name: 'Sneaky' })),
      user.delete(`/api/admin/outage-type/${type.id}`),
      user.get(`/api/history/outage-type/${type.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query('SELECT name FROM outage_types WHERE id = $1', [type.id]);
    expect(rows[0].name).toBe('Guarded Type');
    expect((await api.anonymous.get('/api/admin/outage-type')).statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads back and records history with the OutageType class', async () => {
    const blank = (await admin.get('/api/admin/outage-type/create?name=Email%20Down')).json();
    expect(blank.outageType).toMatchObject({ id: 0, version: 0, name: 'Email Down', active: true });
    const res = await admin.post('/api/admin/outage-type/create', form());
    expect(res.statusCode).toBe(200);
    const type = res.json().outageType;
    expect(type).toMatchObject({
      name: 'Internet Down',
      description: 'The line to the building is down.',
      active: true,
      version: 0,
      createdBy: { value: adminId, label: 'Ada Admin' },
    });
    expect((await admin.get(`/api/admin/outage-type/${type.id}`)).json().outageType).toEqual(type);
    const history = (await admin.get(`/api/history/outage-type/${type.id}`)).json().history;
    expect(history.objectClass).toBe('OutageType');
    expect(history.title).toBe('Internet Down');
    expect(history.items.map((i: { fieldLabel: string }) => i.fieldLabel).sort()).toEqual([
      'Active',
      'Description',
      'Name',
    ]);
  });

  it('returns the messages keyed by field: blank name, a name already used', async () => {
    const blank = await admin.post('/api/admin/outage-type/create', form({ name: '  ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().form.fields).toEqual({ name: ['This value should not be blank.'] });
    await makeOutageType(api.db.pool, 'Power Outage');
    const taken = await admin.post('/api/admin/outage-type/create', form({ name: 'Power Outage' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().form.fields).toEqual({ name: ['This name is already used.'] });
  });

  it('updates with history of each changed field, and refuses a stale version with 409', async () => {
    const type = await makeOutageType(api.db.pool, 'Phones Down');
    const saved = await admin.post(
      `/api/admin/outage-type/${type.id}`,
      form({ name: 'Phone System Down', description: null, active: false }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().outageType).toMatchObject({ name: 'Phone System Down', active: false, version: 1 });
    const items = (await admin.get(`/api/history/outage-type/${type.id}`)).json().history.items;
    expect(items.find((i: { field: string }) => i.field === 'name')).toMatchObject({
      oldValue: 'Phones Down',
      newValue: 'Phone System Down',
      actor: { label: 'Ada Admin' },
    });
    expect(items.find((i: { field: string }) => i.field === 'active')).toMatchObject({
      oldValue: 'Yes',
      newValue: 'No',
    });
    const stale = await admin.post(`/api/admin/outage-type/${type.id}`, form({ name: 'Lost Update' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({ name: 'Phone System Down', version: 1 });
  });

  it('deletes an unused type; a type outages use is refused with its message', async () => {
    const unused = await makeOutageType(api.db.pool);
    expect((await admin.delete(`/api/admin/outage-type/${unused.id}?version=0`)).json()).toEqual({
      deleted: true,
    });
    expect((await admin.get(`/api/admin/outage-type/${unused.id}`)).statusCode).toBe(404);
    const used = await makeOutageType(api.db.pool);
    await makeOutage(api.db.pool, { outageTypeId: used.id });
    const res = await admin.delete(`/api/admin/outage-type/${used.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This outage type is used by outages and cannot be deleted. Mark it inactive instead.',
    );
    expect((await admin.get(`/api/admin/outage-type/${used.id}`)).statusCode).toBe(200);
  });
});

describe('list', () => {
  it('filters by active (default active), text, sorts by name and pages by keyset', async () => {
    const tag = `Kappa${Date.now() % 100000}`;
    for (let i = 0; i < 28; i++) {
      const t = await makeOutageType(api.db.pool, `${tag} ${String(i).padStart(2, '0')}`);
      if (i % 4 === 0)
        await api.db.pool.query('UPDATE outage_types SET active = false WHERE id = $1', [t.id]);
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const first = (await admin.get(`/api/admin/outage-type?${q}&active=all`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe(`${tag} 00`);
    const second = (await admin.get(`/api/admin/outage-type?${q}&active=all&after=${first.next}`)).json();
    expect(second.items.map((t: { name: string }) => t.name)).toEqual([
      `${tag} 25`,
      `${tag} 26`,
      `${tag} 27`,
    ]);
    expect(second.next).toBeNull();
    const names = async (query: string) =>
      (await admin.get(`/api/admin/outage-type?${q}&limit=100&${query}`))
        .json()
        .items.map((t: { name: string }) => t.name) as string[];
    expect(await names('')).toHaveLength(21);
    expect(await names('active=1')).toHaveLength(21);
    expect(await names('active=2')).toEqual(
      [0, 4, 8, 12, 16, 20, 24].map((i) => `${tag} ${String(i).padStart(2, '0')}`),
    );
    expect((await names('active=all&dir=desc')).slice(0, 2)).toEqual([`${tag} 27`, `${tag} 26`]);
    const search = async (text: string) =>
      (await admin.get(`/api/admin/outage-type?active=all&q=${encodeURIComponent(text)}`))
        .json()
        .items.map((t: { name: string }) => t.name);
    expect(await search(`${tag} 13`)).toEqual([`${tag} 13`]);
    await api.db.pool.query(`UPDATE outage_types SET description = $1 WHERE name = $2`, [
      `Backhoe${tag} cut the fibre`,
      `${tag} 05`,
    ]);
    expect(await search(`backhoe${tag}`)).toEqual([`${tag} 05`]);
    expect((await admin.get('/api/admin/outage-type?active=3')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/outage-type?limit=101')).statusCode).toBe(400);
  });

  it('suggests every outage type (inactive too) to any signed-in user', async () => {
    await makeOutageType(api.db.pool, 'Zz Suggest Active');
    const gone = await makeOutageType(api.db.pool, 'Zz Suggest Gone');
    await api.db.pool.query('UPDATE outage_types SET active = false WHERE id = $1', [gone.id]);
    const res = (await user.get('/api/suggest/outage-types/?q=zz%20suggest')).json();
    expect(res.map((o: { label: string }) => o.label)).toEqual(['Zz Suggest Active', 'Zz Suggest Gone']);
  });
});
