// Software ("Project"): create/read/update/delete, messages, prefill, history, the 409 conflict, list filters
// (active, organization, expiring renewals, text) and paging, and the software picker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeOrganization,
  makeSoftware,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
let org: { id: number; name: string };
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Sam', lastName: 'Staff' });
  user = await api.signIn(u.email, TEST_PASSWORD);
  org = await makeOrganization(api.db.pool, { name: 'Cyberdyne Legal' });
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Microsoft 365 Business Premium',
  vendor: 'Microsoft',
  softwareVersion: '2024',
  seats: '25',
  renewalDate: '2027-03-01',
  organization: org.id,
  active: true,
  notes: '',
  ...over,
});

type Item = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };

describe('create, read, update', () => {
  it('a signed-in user creates software; dates travel as MM/dd/yyyy; history says "Project"', async () => {
    const res = await user.post('/api/manage/software/create', form());
    expect(res.statusCode).toBe(200);
    const software = res.json().software;
    expect(software).toMatchObject({
      name: 'Microsoft 365 Business Premium',
      vendor: 'Microsoft',
      softwareVersion: '2024',
      seats: 25,
      renewalDate: '03/01/2027',
      organization: { value: org.id, label: 'Cyberdyne Legal' },
      active: true,
      notes: null,
      version: 0,
      createdBy: { label: 'Sam Staff' },
    });
    const loaded = (await user.get(`/api/manage/software/${software.id}`)).json();
    expect(loaded.software).toEqual(software);
    const history = (await user.get(`/api/history/software/${software.id}`)).json().history;
    expect(history.objectClass).toBe('Project');
    expect(history.title).toBe('Microsoft 365 Business Premium');
    const items = history.items as Item[];
    expect(items.find((i) => i.field === 'softwareVersion')).toMatchObject({
      fieldLabel: 'Version',
      newValue: '2024',
    });
    expect(items.find((i) => i.field === 'renewalDate')).toMatchObject({ newValue: '03/01/2027' });
    expect(items.find((i) => i.field === 'organization')).toMatchObject({ newValue: 'Cyberdyne Legal' });
  });

  it('a new record is prefilled from ?name=&organization=', async () => {
    const res = (await user.get(`/api/manage/software/create?name=QuickBooks&organization=${org.id}`)).json();
    expect(res.software).toMatchObject({
      id: 0,
      name: 'QuickBooks',
      organization: { value: org.id, label: 'Cyberdyne Legal' },
      active: true,
      seats: null,
    });
  });

  it('returns every message keyed by field, and saves nothing', async () => {
    const res = await user.post(
      '/api/manage/software/create',
      form({ name: '', seats: '2.5', renewalDate: '13/45/2020', organization: null }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      name: ['This value should not be blank.'],
      seats: ['Please enter a whole number.'],
      renewalDate: ['Please enter a valid date (MM/DD/YYYY).'],
      organization: ['This value should not be blank.'],
    });
    const negative = await user.post('/api/manage/software/create', form({ seats: -1 }));
    expect(negative.json().form.fields).toEqual({ seats: ['Please enter a number of 0 or more.'] });
    const { rows } = await api.db.pool.query('SELECT count(*)::int AS n FROM software WHERE seats < 0');
    expect(rows[0].n).toBe(0);
  });

  it('updates with history of labels, and a stale save gets 409', async () => {
    const other = await makeOrganization(api.db.pool, { name: 'Tyrell Accounting' });
    const s = await makeSoftware(api.db.pool, { organizationId: org.id, name: 'Sage 50' });
    const res = await user.post(
      `/api/manage/software/${s.id}`,
      form({ name: 'Sage 50 Premium', organization: other.id, seats: '', renewalDate: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().software).toMatchObject({ version: 1, seats: null, renewalDate: null });
    const items = (await user.get(`/api/history/software/${s.id}`)).json().history.items as Item[];
    expect(items.find((i) => i.field === 'name')).toMatchObject({
      oldValue: 'Sage 50',
      newValue: 'Sage 50 Premium',
    });
    expect(items.find((i) => i.field === 'organization')).toMatchObject({
      oldValue: 'Cyberdyne Legal',
      newValue: 'Tyrell Accounting',
    });
    const stale = await user.post(`/api/manage/software/${s.id}`, form({ name: 'Sage 100' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Sage 50 Premium', version: 1 });
    const { rows } = await api.db.pool.query('SELECT name FROM software WHERE id = $1', [s.id]);
    expect(rows[0].name).toBe('Sage 50 Premium');
  });

  it('deletes at the version seen', async () => {
    const s = await makeSoftware(api.db.pool, { organizationId: org.id });
    expect((await user.delete(`/api/manage/software/${s.id}?version=1`)).statusCode).toBe(409);
    expect((await user.delete(`/api/manage/software/${s.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await user.get(`/api/manage/software/${s.id}`)).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('pages by keyset and filters by active, organization and text', async () => {
    const tag = `Sw${Date.now() % 100000}`;
    const a = await makeOrganization(api.db.pool);
    const b = await makeOrganization(api.db.pool);
    for (let i = 0; i < 30; i++) {
      const s = await makeSoftware(api.db.pool, {
        organizationId: i % 2 ? a.id : b.id,
        name: `${tag} ${String(i).padStart(2, '0')}`,
      });
      if (i % 3 === 0) await api.db.pool.query('UPDATE software SET active = false WHERE id = $1', [s.id]);
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const first = (await user.get(`/api/manage/software?${q}&active=all`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe(`${tag} 00`);
    const second = (await user.get(`/api/manage/software?${q}&active=all&after=${first.next}`)).json();
    expect(second.items.map((s: { name: string }) => s.name)).toEqual(
      [25, 26, 27, 28, 29].map((i) => `${tag} ${i}`),
    );
    expect(second.next).toBeNull();
    const count = async (query: string) => {
      const res = await user.get(`/api/manage/software?${q}&limit=100&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().items.length as number;
    };
    expect(await count('')).toBe(20);
    expect(await count('active=2')).toBe(10);
    expect(await count(`active=all&organization=${a.id}`)).toBe(15);
    expect(await count(`organization=${a.id}`)).toBe(10);
    expect((await user.get('/api/manage/software?active=3')).statusCode).toBe(400);
    expect((await user.get('/api/manage/software?renewal=soon')).statusCode).toBe(400);
  });

  it('matches the vendor, and renewal=expiring keeps renewals within 90 days or past', async () => {
    const o = await makeOrganization(api.db.pool);
    const made: Record<string, number> = {};
    for (const [name, days] of [
      ['Past', -30],
      ['Soon', 10],
      ['Edge', 85],
      ['Later', 200],
      ['Never', null],
    ] as const) {
      const s = await makeSoftware(api.db.pool, { organizationId: o.id, name });
      made[name] = s.id;
      await api.db.pool.query(
        `UPDATE software SET vendor = 'Renewco', renewal_date = current_date + $2::int WHERE id = $1`,
        [s.id, days],
      );
    }
    const names = async (query: string) =>
      (await user.get(`/api/manage/software?organization=${o.id}&${query}`))
        .json()
        .items.map((s: { name: string }) => s.name);
    expect(await names('q=renewco')).toEqual(['Edge', 'Later', 'Never', 'Past', 'Soon']);
    expect(await names('renewal=expiring')).toEqual(['Edge', 'Past', 'Soon']);
  });

  it('the software picker suggests active software, optionally of one organization', async () => {
    const x = await makeOrganization(api.db.pool);
    const y = await makeOrganization(api.db.pool);
    await makeSoftware(api.db.pool, { organizationId: x.id, name: 'Pickware A' });
    const b = await makeSoftware(api.db.pool, { organizationId: y.id, name: 'Pickware B' });
    const gone = await makeSoftware(api.db.pool, { organizationId: y.id, name: 'Pickware C' });
    await api.db.pool.query('UPDATE software SET active = false WHERE id = $1', [gone.id]);
    const all = (await user.get('/api/suggest/software/?q=pickware')).json();
    expect(all.map((o: { label: string }) => o.label)).toEqual(['Pickware A', 'Pickware B']);
    expect((await user.get(`/api/suggest/software/?organization=${y.id}`)).json()).toEqual([
      { label: 'Pickware B', value: b.id },
    ]);
  });

  it('needs a session', async () => {
    expect((await api.anonymous.get('/api/manage/software')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/manage/software/create', form())).statusCode).toBe(401);
    expect((await api.anonymous.get('/api/suggest/software/')).statusCode).toBe(401);
  });
});
