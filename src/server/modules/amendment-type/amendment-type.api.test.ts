// Amendment types: administrators only (403 on every route otherwise, before validation), CRUD, names unique
// without regard to case, history under AmendmentType, the 409, the in-use delete rule, list filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAmendmentType,
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

const BASE = '/api/admin/amendment-type';
const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Add Services',
  description: 'Services added to the agreement',
  active: true,
  ...over,
});
type HistoryItem = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };

describe('authorization', () => {
  it('refuses a technician on every route, history included, before validating, and changes nothing', async () => {
    const type = await makeAmendmentType(api.db.pool, { name: 'Guarded Amendment' });
    const forbidden = [
      await tech.get(BASE),
      await tech.get(`${BASE}?limit=0`),
      await tech.get(`${BASE}/create`),
      await tech.get(`${BASE}/${type.id}`),
      await tech.post(`${BASE}/create`, form({ name: 'Sneaky' })),
      await tech.post(`${BASE}/create`, { active: 'maybe' }),
      await tech.post(`${BASE}/${type.id}`, form({ name: 'Renamed' })),
      await tech.delete(`${BASE}/${type.id}?version=0`),
      await tech.get(`/api/history/amendmentType/${type.id}`),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query<{ name: string }>(
      `SELECT name FROM amendment_types WHERE id = $1 OR name IN ('Sneaky', 'Renamed')`,
      [type.id],
    );
    expect(rows.map((r) => r.name)).toEqual(['Guarded Amendment']);
    expect((await api.anonymous.get(BASE)).statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads back and records history under AmendmentType', async () => {
    const blank = (await admin.get(`${BASE}/create`)).json();
    expect(blank).toEqual({
      amendmentType: { id: 0, version: 0, name: '', description: null, active: true },
      formOptions: {},
      can: { save: true, delete: true },
    });
    const res = await admin.post(`${BASE}/create`, form());
    expect(res.statusCode).toBe(200);
    const type = res.json().amendmentType;
    expect(type).toMatchObject({
      name: 'Add Services',
      description: 'Services added to the agreement',
      active: true,
      version: 0,
      createdBy: { value: adminId, label: 'Ada Admin' },
    });
    expect((await admin.get(`${BASE}/${type.id}`)).json().amendmentType).toEqual(type);
    const history = (await admin.get(`/api/history/amendmentType/${type.id}`)).json().history;
    expect(history.objectClass).toBe('AmendmentType');
    expect(history.title).toBe('Add Services');
    expect((history.items as HistoryItem[]).map((i) => i.fieldLabel).sort()).toEqual([
      'Active',
      'Description',
      'Name',
    ]);
  });

  it('requires a name and refuses one already used, also in another letter case', async () => {
    const blank = await admin.post(`${BASE}/create`, form({ name: '' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().form.fields).toEqual({ name: ['This value should not be blank.'] });
    await makeAmendmentType(api.db.pool, { name: 'Price Change' });
    for (const name of ['Price Change', 'price CHANGE']) {
      const res = await admin.post(`${BASE}/create`, form({ name }));
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields).toEqual({ name: ['This name is already used.'] });
    }
    // Renaming another type onto a used name is refused too.
    const other = await makeAmendmentType(api.db.pool, { name: 'Renewal' });
    const clash = await admin.post(`${BASE}/${other.id}`, form({ name: 'PRICE change' }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json().form.fields).toEqual({ name: ['This name is already used.'] });
  });

  it('updates with history of each changed field, and a stale save gets 409 with the current record', async () => {
    const type = await makeAmendmentType(api.db.pool, { name: 'Cancelation' });
    const saved = await admin.post(`${BASE}/${type.id}`, form({ name: 'Cancellation', active: false }));
    expect(saved.statusCode).toBe(200);
    const items = (await admin.get(`/api/history/amendmentType/${type.id}`)).json().history
      .items as (HistoryItem & { actor: { label: string } })[];
    expect(items.map((i) => [i.fieldLabel, i.oldValue, i.newValue]).sort()).toEqual([
      ['Active', 'Yes', 'No'],
      ['Description', null, 'Services added to the agreement'],
      ['Name', 'Cancelation', 'Cancellation'],
    ]);
    expect(items[0]!.actor.label).toBe('Ada Admin');
    const stale = await admin.post(`${BASE}/${type.id}`, form({ name: 'Lost Update' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at /);
    expect(stale.json().current).toMatchObject({ name: 'Cancellation', active: false, version: 1 });
  });

  it('deletes an unused type; one an amendment uses is refused with its message', async () => {
    const unused = await makeAmendmentType(api.db.pool);
    expect((await admin.delete(`${BASE}/${unused.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await admin.get(`${BASE}/${unused.id}`)).statusCode).toBe(404);
    const used = await makeAmendmentType(api.db.pool);
    const agreement = await makeAgreement(api.db.pool);
    await api.db.pool.query(
      `INSERT INTO amendments (agreement_id, number, amendment_type_id, effective_date)
       VALUES ($1, $2, $3, '2025-06-01')`,
      [agreement.id, `AM-T${used.id}`, used.id],
    );
    const res = await admin.delete(`${BASE}/${used.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This amendment type is used by amendments and cannot be deleted. Mark it inactive instead.',
    );
    expect((await admin.get(`${BASE}/${used.id}`)).statusCode).toBe(200);
  });
});

describe('list', () => {
  it('filters by active code and text over name and description, and pages by keyset', async () => {
    const tag = `Amd${Date.now() % 100000}`;
    for (let i = 0; i < 26; i++) {
      await makeAmendmentType(api.db.pool, { name: `${tag} ${String(i).padStart(2, '0')}`, active: i !== 7 });
    }
    await api.db.pool.query(`UPDATE amendment_types SET description = $1 WHERE name = $2`, [
      `Seasonal${tag} change`,
      `${tag} 11`,
    ]);
    const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);
    const first = (await admin.get(`${BASE}?q=${tag}&active=all`)).json();
    expect(first.items).toHaveLength(25);
    expect(names((await admin.get(`${BASE}?q=${tag}&active=all&after=${first.next}`)).json())).toEqual([
      `${tag} 25`,
    ]);
    expect((await admin.get(`${BASE}?q=${tag}&limit=100`)).json().items).toHaveLength(25);
    expect(names((await admin.get(`${BASE}?q=${tag}&active=2`)).json())).toEqual([`${tag} 07`]);
    expect(names((await admin.get(`${BASE}?q=seasonal${tag}`)).json())).toEqual([`${tag} 11`]);
  });
});
