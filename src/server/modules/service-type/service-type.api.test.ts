// Service types: administrators only (403 on every route otherwise, before validation), CRUD with Block Hours and
// Billed Per,
// names unique without regard to case, history under ServiceType, the 409, the in-use delete rule, list filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeServiceType,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
let adminId: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/admin/service-type';
const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Managed Workstations',
  description: 'Per-seat monitoring and patching',
  blockHours: false,
  billedPer: null,
  active: true,
  ...over,
});
type HistoryItem = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };

describe('authorization', () => {
  it('refuses a technician on every route, history included, before validating, and changes nothing', async () => {
    const type = await makeServiceType(api.db.pool, { name: 'Guarded Service' });
    const forbidden = [
      await tech.get(BASE),
      await tech.get(`${BASE}?active=not-a-code`),
      await tech.get(`${BASE}/create`),
      await tech.get(`${BASE}/${type.id}`),
      await tech.post(`${BASE}/create`, form({ name: 'Sneaky' })),
      await tech.post(`${BASE}/create`, { name: 42 }),
      await tech.post(`${BASE}/${type.id}`, form({ name: 'Renamed' })),
      await tech.delete(`${BASE}/${type.id}?version=0`),
      await tech.get(`/api/history/serviceType/${type.id}`),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query<{ name: string }>(
      `SELECT name FROM service_types WHERE id = $1 OR name IN ('Sneaky', 'Renamed')`,
      [type.id],
    );
    expect(rows.map((r) => r.name)).toEqual(['Guarded Service']);
    expect((await api.anonymous.get(BASE)).statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates with Block Hours, reads it back and records history under ServiceType', async () => {
    const blank = (await admin.get(`${BASE}/create?name=Block%20Time`)).json();
    expect(blank).toEqual({
      serviceType: {
        id: 0,
        version: 0,
        name: 'Block Time',
        description: null,
        blockHours: false,
        billedPer: null,
        active: true,
      },
      formOptions: {},
      can: { save: true, delete: true },
    });
    const res = await admin.post(`${BASE}/create`, form({ name: '  Block Time  ', blockHours: true }));
    expect(res.statusCode).toBe(200);
    const type = res.json().serviceType;
    expect(type).toMatchObject({
      name: 'Block Time',
      description: 'Per-seat monitoring and patching',
      blockHours: true,
      active: true,
      version: 0,
      createdBy: { value: adminId, label: 'Ada Admin' },
    });
    expect((await admin.get(`${BASE}/${type.id}`)).json().serviceType).toEqual(type);
    const history = (await admin.get(`/api/history/serviceType/${type.id}`)).json().history;
    expect(history.objectClass).toBe('ServiceType');
    expect(history.title).toBe('Block Time');
    expect(
      (history.items as HistoryItem[]).map((i) => [i.fieldLabel, i.oldValue, i.newValue]).sort(),
    ).toEqual([
      ['Active', null, 'Yes'],
      ['Block Hours', null, 'Yes'],
      ['Description', null, 'Per-seat monitoring and patching'],
      ['Name', null, 'Block Time'],
    ]);
  });

  it('keeps what a unit is billed per (device, user or nothing counted), with its history', async () => {
    const res = await admin.post(`${BASE}/create`, form({ name: 'Managed Laptop', billedPer: 'DEVICE' }));
    expect(res.statusCode, res.body).toBe(200);
    const type = res.json().serviceType;
    expect(type.billedPer).toEqual({ value: 'DEVICE', label: 'Device' });
    const perUser = await admin.post(
      `${BASE}/${type.id}`,
      form({ name: 'Managed Laptop', billedPer: 'USER' }),
    );
    expect(perUser.json().serviceType).toMatchObject({
      billedPer: { value: 'USER', label: 'User' },
      version: 1,
    });
    // The empty choice of the select: not counted.
    const none = await admin.post(
      `${BASE}/${type.id}`,
      form({ version: 1, name: 'Managed Laptop', billedPer: '' }),
    );
    expect(none.json().serviceType).toMatchObject({ billedPer: null, version: 2 });
    const items = (await admin.get(`/api/history/serviceType/${type.id}`)).json().history
      .items as HistoryItem[];
    expect(
      items.filter((i) => i.field === 'billedPer').map((i) => [i.fieldLabel, i.oldValue, i.newValue]),
    ).toEqual(
      expect.arrayContaining([
        ['Billed Per', null, 'Device'],
        ['Billed Per', 'Device', 'User'],
        ['Billed Per', 'User', null],
      ]),
    );
    const bad = await admin.post(
      `${BASE}/${type.id}`,
      form({ version: 2, name: 'Managed Laptop', billedPer: 'SITE' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().form.fields)).toEqual(['billedPer']);
    const list = (await admin.get(`${BASE}?q=Managed%20Laptop`)).json();
    expect(list.items[0]).toMatchObject({ name: 'Managed Laptop', billedPer: null });
  });

  it('requires a name and refuses one already used, also in another letter case', async () => {
    const blank = await admin.post(`${BASE}/create`, form({ name: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().form.fields).toEqual({ name: ['This value should not be blank.'] });
    await makeServiceType(api.db.pool, { name: 'Backup Monitoring' });
    for (const name of ['Backup Monitoring', 'BACKUP monitoring']) {
      const res = await admin.post(`${BASE}/create`, form({ name }));
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields).toEqual({ name: ['This name is already used.'] });
    }
    const { rows } = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM service_types WHERE lower(name) = 'backup monitoring'`,
    );
    expect(rows[0].n).toBe(1);
    // Its own name, in another case, is not a clash.
    const own = await makeServiceType(api.db.pool, { name: 'Firewall Care' });
    const resave = await admin.post(`${BASE}/${own.id}`, form({ name: 'FIREWALL Care' }));
    expect(resave.statusCode).toBe(200);
    expect(resave.json().serviceType).toMatchObject({ name: 'FIREWALL Care', version: 1 });
  });

  it('updates with history of each changed field, and a stale save gets 409 with the current record', async () => {
    const type = await makeServiceType(api.db.pool, { name: 'Help Desk' });
    const saved = await admin.post(
      `${BASE}/${type.id}`,
      form({ name: 'Help Desk Hours', description: null, blockHours: true, active: false }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().serviceType).toMatchObject({ name: 'Help Desk Hours', blockHours: true, version: 1 });
    const items = (await admin.get(`/api/history/serviceType/${type.id}`)).json().history
      .items as HistoryItem[];
    expect(items.map((i) => [i.fieldLabel, i.oldValue, i.newValue]).sort()).toEqual([
      ['Active', 'Yes', 'No'],
      ['Block Hours', 'No', 'Yes'],
      ['Name', 'Help Desk', 'Help Desk Hours'],
    ]);
    const stale = await admin.post(`${BASE}/${type.id}`, form({ name: 'Lost Update' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({ name: 'Help Desk Hours', version: 1 });
  });

  it('deletes an unused type; one an agreement service uses is refused with its message', async () => {
    const unused = await makeServiceType(api.db.pool);
    expect((await admin.delete(`${BASE}/${unused.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await admin.get(`${BASE}/${unused.id}`)).statusCode).toBe(404);
    const used = await makeServiceType(api.db.pool);
    const agreement = await makeAgreement(api.db.pool);
    await makeAgreementService(api.db.pool, { agreementId: agreement.id, serviceTypeId: used.id });
    const res = await admin.delete(`${BASE}/${used.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This service type is used by agreement services or amendments and cannot be deleted. Mark it inactive instead.',
    );
    expect((await admin.get(`${BASE}/${used.id}`)).statusCode).toBe(200);
  });
});

describe('list', () => {
  it('filters by active code and text, sorts by name and pages by keyset', async () => {
    const tag = `Svc${Date.now() % 100000}`;
    for (let i = 0; i < 27; i++) {
      await makeServiceType(api.db.pool, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        active: i % 3 !== 0,
        blockHours: i === 4,
      });
    }
    const q = `q=${tag}`;
    const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);
    const all = (await admin.get(`${BASE}?${q}&active=all`)).json();
    expect(all.items).toHaveLength(25);
    expect(all.items[4]).toMatchObject({ name: `${tag} 04`, blockHours: true });
    const rest = (await admin.get(`${BASE}?${q}&active=all&after=${all.next}`)).json();
    expect(names(rest)).toEqual([`${tag} 25`, `${tag} 26`]);
    expect(rest.next).toBeNull();
    const count = async (query: string) =>
      (await admin.get(`${BASE}?${q}&limit=100&${query}`)).json().items.length;
    expect(await count('')).toBe(18);
    expect(await count('active=1')).toBe(18);
    expect(await count('active=2')).toBe(9);
    const desc = (await admin.get(`${BASE}?${q}&active=all&dir=desc&limit=1`)).json();
    expect(names(desc)).toEqual([`${tag} 26`]);
    expect((await admin.get(`${BASE}?active=3`)).statusCode).toBe(400);
  });
});
