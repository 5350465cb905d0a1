// Bucket categories: the pick list's shared cases (administrators only, CRUD, unique names, history under
// BucketCategory, the 409, the in-use delete rule, list filters and paging), and its own: the sort order rules and
// the list ordered by sort order then name.
import { describe, expect, it } from 'vitest';
import { makeBucketCategory } from '../../../../test/support/factories.js';
import { pickListSuite } from '../../../../test/support/pick-list-suite.js';

const BASE = '/api/admin/bucket';
const FORM = {
  version: 0,
  name: 'Training',
  description: 'Courses and certifications',
  sortOrder: 3,
  active: true,
};
const form = (over: Record<string, unknown> = {}) => ({ ...FORM, ...over });

const ctx = pickListSuite({
  base: BASE,
  history: 'bucket-category',
  key: 'bucketCategory',
  objectClass: 'BucketCategory',
  table: 'bucket_categories',
  make: (db, name) => makeBucketCategory(db, { name }),
  form: FORM,
  blank: { sortOrder: 0 },
  guarded: 'Guarded Bucket',
  sneaky: 'Sneaky Bucket',
  create: {
    name: 'Training',
    expect: { sortOrder: 3 },
    history: [
      ['Active', null, 'Yes'],
      ['Bucket', null, 'Training'],
      ['Description', null, 'Courses and certifications'],
      ['Sort Order', null, '3'],
    ],
  },
  unique: { taken: ['Projects', 'PROJECTS'], other: 'Admin Work', own: ['Support', 'SUPPORT'] },
  update: {
    from: 'Travle',
    to: 'Travel',
    over: { sortOrder: 2 },
    expect: { sortOrder: 2 },
    changes: [
      ['Active', 'Yes', 'No'],
      ['Bucket', 'Travle', 'Travel'],
      ['Description', null, 'Courses and certifications'],
      ['Sort Order', '0', '2'],
    ],
  },
  inUse: {
    use: async ({ api, staffId }, id) => {
      await api.db.pool.query(
        `INSERT INTO buckets (category_id, user_id, work_date, minutes) VALUES ($1, $2, DATE '2026-01-05', 30)`,
        [id, staffId],
      );
    },
    message: 'This bucket has logged time and cannot be deleted. Mark it inactive instead.',
  },
  listTag: 'Bkt',
});

describe('sort order', () => {
  it('validates every field: name required and unique, sort order a whole number of 0 or more', async () => {
    const { admin } = ctx;
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

  it('updates the sort order with its history', async () => {
    const { api, admin } = ctx;
    const bucket = await makeBucketCategory(api.db.pool, { name: 'Meal', sortOrder: 1 });
    const saved = await admin.post(`${BASE}/${bucket.id}`, form({ name: 'Meals', sortOrder: 2 }));
    expect(saved.statusCode).toBe(200);
    const items = (await admin.get(`/api/history/bucket-category/${bucket.id}`)).json().history.items as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
    }[];
    expect(items.find((i) => i.field === 'name')).toMatchObject({ oldValue: 'Meal', newValue: 'Meals' });
    expect(items.find((i) => i.field === 'sortOrder')).toMatchObject({ oldValue: '1', newValue: '2' });
  });

  it('orders the list by sort order then name, filters by active code and text, and pages', async () => {
    const { api, admin } = ctx;
    const tag = `Bko${Date.now() % 100000}`;
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
