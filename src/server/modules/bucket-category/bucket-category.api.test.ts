// Bucket categories: administrators only (403 otherwise), CRUD, sort order rules, unique names, history under
// BucketCategory, the 409, the in-use delete rule, list order, filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeBucketCategory,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let staff: Awaited<ReturnType<typeof api.signIn>>;
let staffId: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const u = await makeUser(api.db.pool);
  staffId = u.id;
  staff = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/admin/bucket';
const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Training',
  description: 'Courses and certifications',
  sortOrder: 3,
  active: true,
  ...over,
});

describe('authorization', () => {
  it('refuses a non-administrator on every route and changes nothing; 401 without a session', async () => {
    const bucket = await makeBucketCategory(api.db.pool, { name: 'Guarded Bucket' });
    const forbidden = [
      await staff.get(BASE),
      await staff.get(`${BASE}/create`),
      await staff.get(`${BASE}/${bucket.id}`),
      await staff.post(`${BASE}/create`, form({ name: 'Sneaky Bucket' })),
      await staff.post(`${BASE}/${bucket.id}`, form({ name: 'Renamed' })),
      await staff.delete(`${BASE}/${bucket.id}?version=0`),
      await staff.get(`/api/history/bucket-category/${bucket.id}`),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query<{ name: string }>(
      `SELECT name FROM bucket_categories WHERE id = $1 OR name = 'Sneaky Bucket'`,
      [bucket.id],
    );
    expect(rows.map((r) => r.name)).toEqual(['Guarded Bucket']);
    expect((await api.anonymous.get(BASE)).statusCode).toBe(401);
  });
});

describe('create, read, update, delete', () => {
  it('creates, reads and records history under BucketCategory', async () => {
    expect((await admin.get(`${BASE}/create`)).json()).toEqual({
      bucketCategory: { id: 0, version: 0, name: '', description: null, sortOrder: 0, active: true },
      formOptions: {},
      can: { save: true, delete: true },
    });
    const res = await admin.post(`${BASE}/create`, form());
    expect(res.statusCode).toBe(200);
    const bucket = res.json().bucketCategory;
    expect(bucket).toMatchObject({ name: 'Training', sortOrder: 3, active: true, version: 0 });
    expect((await admin.get(`${BASE}/${bucket.id}`)).json().bucketCategory).toEqual(bucket);
    const history = (await admin.get(`/api/history/bucket-category/${bucket.id}`)).json().history;
    expect(history.objectClass).toBe('BucketCategory');
    expect(history.title).toBe('Training');
    expect(history.items.map((i: { fieldLabel: string }) => i.fieldLabel).sort()).toEqual([
      'Active',
      'Bucket',
      'Description',
      'Sort Order',
    ]);
  });

  it('validates every field: name required and unique, sort order a whole number of 0 or more', async () => {
    const res = await admin.post(`${BASE}/create`, form({ name: '', sortOrder: -1 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      name: ['This value should not be blank.'],
      sortOrder: ['Please enter a number of 0 or more.'],
    });
    for (const sortOrder of ['1.5', 'abc']) {
      const bad = await admin.post(`${BASE}/create`, form({ name: 'Odd', sortOrder }));
      expect(bad.json().form.fields).toEqual({ sortOrder: ['Please enter a whole number.'] });
    }
    // Empty is 0.
    const empty = await admin.post(`${BASE}/create`, form({ name: 'Meetings', sortOrder: '' }));
    expect(empty.json().bucketCategory.sortOrder).toBe(0);
    const dup = await admin.post(`${BASE}/create`, form({ name: 'MEETINGS' }));
    expect(dup.json().form.fields).toEqual({ name: ['This name is already used.'] });
  });

  it('updates with history, and a stale save gets 409', async () => {
    const bucket = await makeBucketCategory(api.db.pool, { name: 'Travle', sortOrder: 1 });
    const saved = await admin.post(`${BASE}/${bucket.id}`, form({ name: 'Travel', sortOrder: 2 }));
    expect(saved.statusCode).toBe(200);
    const items = (await admin.get(`/api/history/bucket-category/${bucket.id}`)).json().history.items as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
    expect(items.find((i) => i.field === 'name')).toMatchObject({ oldValue: 'Travle', newValue: 'Travel' });
    expect(items.find((i) => i.field === 'sortOrder')).toMatchObject({ oldValue: '1', newValue: '2' });
    const stale = await admin.post(`${BASE}/${bucket.id}`, form({ name: 'Travel 2' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Travel', version: 1 });
  });

  it('deletes an unused bucket; one with logged time is refused with a clear message', async () => {
    const unused = await makeBucketCategory(api.db.pool);
    expect((await admin.delete(`${BASE}/${unused.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await admin.get(`${BASE}/${unused.id}`)).statusCode).toBe(404);
    const used = await makeBucketCategory(api.db.pool);
    await api.db.pool.query(
      `INSERT INTO buckets (category_id, user_id, work_date, minutes) VALUES ($1, $2, DATE '2026-01-05', 30)`,
      [used.id, staffId],
    );
    const res = await admin.delete(`${BASE}/${used.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This bucket has logged time and cannot be deleted. Mark it inactive instead.',
    );
  });
});

describe('list', () => {
  it('orders by sort order then name, filters by active code and text, and pages', async () => {
    const tag = `Bkt${Date.now() % 100000}`;
    for (let i = 0; i < 26; i++)
      await makeBucketCategory(api.db.pool, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        sortOrder: 100 - i,
        active: i !== 7,
      });
    const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name);
    const first = (await admin.get(`${BASE}?q=${tag}&active=all`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe(`${tag} 25`);
    const rest = (await admin.get(`${BASE}?q=${tag}&active=all&after=${first.next}`)).json();
    expect(names(rest)).toEqual([`${tag} 00`]);
    expect(names((await admin.get(`${BASE}?q=${tag}&active=2`)).json())).toEqual([`${tag} 07`]);
    expect((await admin.get(`${BASE}?q=${tag}&limit=100`)).json().items).toHaveLength(25);
    const byName = (await admin.get(`${BASE}?q=${tag}&sort=name&limit=1`)).json();
    expect(names(byName)).toEqual([`${tag} 00`]);
  });
});
