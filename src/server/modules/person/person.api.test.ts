// People: create/read/update/delete, SPEC §5 messages, prefill, history, the 409 conflict, list filters and paging,
// the in-use delete refusal and the people picker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeEquipment,
  makeOrganization,
  makePerson,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
let org: { id: number; name: string };
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Paula', lastName: 'Plain' });
  user = await api.signIn(u.email, TEST_PASSWORD);
  org = await makeOrganization(api.db.pool, { name: 'Umbrella Health' });
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  firstName: 'Jane',
  lastName: 'Doe',
  title: 'Office Manager',
  email: 'jane.doe@umbrella.example',
  phone: '555.201.3344',
  mobile: '+1 555 777 8899',
  organization: org.id,
  active: true,
  notes: '',
  ...over,
});

type Item = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };

describe('create, read, update', () => {
  it('a signed-in user (not an administrator) creates a person; values are normalised and presented', async () => {
    const res = await user.post('/api/manage/person/create', form());
    expect(res.statusCode).toBe(200);
    const person = res.json().person;
    expect(person).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      title: 'Office Manager',
      email: 'jane.doe@umbrella.example',
      phone: '(555) 201-3344',
      mobile: '(555) 777-8899',
      organization: { value: org.id, label: 'Umbrella Health' },
      active: true,
      notes: null,
      version: 0,
      createdBy: { label: 'Paula Plain' },
    });
    const loaded = (await user.get(`/api/manage/person/${person.id}`)).json();
    expect(loaded.person).toEqual(person);
    expect(loaded.formOptions).toEqual({});
    const history = (await user.get(`/api/history/person/${person.id}`)).json().history;
    expect(history.objectClass).toBe('Person');
    expect(history.title).toBe('Jane Doe');
    const items = history.items as Item[];
    expect(items.find((i) => i.field === 'organization')).toMatchObject({
      fieldLabel: 'Organization',
      oldValue: null,
      newValue: 'Umbrella Health',
    });
    expect(items.find((i) => i.field === 'mobile')).toMatchObject({ newValue: '(555) 777-8899' });
  });

  it('a new person is prefilled from ?firstName=&lastName=&organization=', async () => {
    const res = await user.get(
      `/api/manage/person/create?firstName=Ada&lastName=Lovelace&organization=${org.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({
      id: 0,
      version: 0,
      firstName: 'Ada',
      lastName: 'Lovelace',
      organization: { value: org.id, label: 'Umbrella Health' },
      active: true,
      email: null,
    });
    const plain = (await user.get('/api/manage/person/create?organization=999999')).json().person;
    expect(plain).toMatchObject({ firstName: '', lastName: '', organization: null });
  });

  it('returns every message keyed by field, and saves nothing', async () => {
    const res = await user.post(
      '/api/manage/person/create',
      form({ firstName: ' ', lastName: '', email: 'jane@', phone: '12', mobile: '555-12', organization: '' }),
    );
    expect(res.statusCode).toBe(400);
    const { message, form: errors } = res.json();
    expect(message).toBe('Please review the page for field entry errors, shown in red.');
    expect(errors.fields).toEqual({
      firstName: ['This value should not be blank.'],
      lastName: ['This value should not be blank.'],
      email: ['Invalid email address'],
      phone: ['This value is not a valid phone number.'],
      mobile: ['This value is not a valid phone number.'],
      organization: ['This value should not be blank.'],
    });
    const { rows } = await api.db.pool.query(`SELECT count(*)::int AS n FROM people WHERE email = 'jane@'`);
    expect(rows[0].n).toBe(0);
  });

  it('an organization that does not exist is a field error', async () => {
    const res = await user.post('/api/manage/person/create', form({ organization: 999999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.organization).toEqual(['This value is not valid.']);
  });

  it('updates, bumps the version and records each changed field with labels, not ids', async () => {
    const other = await makeOrganization(api.db.pool, { name: 'Wayne Dental' });
    const p = await makePerson(api.db.pool, {
      organizationId: org.id,
      firstName: 'Bob',
      lastName: 'Builder',
    });
    const res = await user.post(
      `/api/manage/person/${p.id}`,
      form({ firstName: 'Robert', lastName: 'Builder', organization: other.id, active: false, email: null }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().person).toMatchObject({
      version: 1,
      firstName: 'Robert',
      organization: { value: other.id, label: 'Wayne Dental' },
      active: false,
      updatedBy: { label: 'Paula Plain' },
    });
    const items = (await user.get(`/api/history/person/${p.id}`)).json().history.items as Item[];
    expect(items.find((i) => i.field === 'firstName')).toMatchObject({ oldValue: 'Bob', newValue: 'Robert' });
    expect(items.find((i) => i.field === 'organization')).toMatchObject({
      oldValue: 'Umbrella Health',
      newValue: 'Wayne Dental',
    });
    expect(items.find((i) => i.field === 'active')).toMatchObject({ oldValue: 'Yes', newValue: 'No' });
    expect(items.some((i) => i.field === 'lastName')).toBe(false);
  });

  it('a primary contact cannot move to another organization', async () => {
    const home = await makeOrganization(api.db.pool, { name: 'Acme Home' });
    const away = await makeOrganization(api.db.pool);
    const p = await makePerson(api.db.pool, { organizationId: home.id });
    await api.db.pool.query('UPDATE organizations SET primary_contact_id = $1 WHERE id = $2', [
      p.id,
      home.id,
    ]);
    const res = await user.post(`/api/manage/person/${p.id}`, form({ organization: away.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      organization: [
        'This person is the primary contact of Acme Home. Choose another primary contact there first.',
      ],
    });
    const same = await user.post(
      `/api/manage/person/${p.id}`,
      form({ organization: home.id, title: 'Owner' }),
    );
    expect(same.statusCode).toBe(200);
  });

  it('a stale save gets 409 with the current record, and overwrites nothing', async () => {
    const p = await makePerson(api.db.pool, { organizationId: org.id });
    expect((await user.post(`/api/manage/person/${p.id}`, form({ lastName: 'First' }))).statusCode).toBe(200);
    const stale = await user.post(`/api/manage/person/${p.id}`, form({ lastName: 'Second' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Paula Plain at /);
    expect(stale.json().current).toMatchObject({ lastName: 'First', version: 1 });
    const { rows } = await api.db.pool.query('SELECT last_name FROM people WHERE id = $1', [p.id]);
    expect(rows[0].last_name).toBe('First');
  });

  it('an unknown person is 404', async () => {
    expect((await user.get('/api/manage/person/999999')).statusCode).toBe(404);
    expect((await user.post('/api/manage/person/999999', form())).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('deletes an unlinked person; a stale version is a 409', async () => {
    const p = await makePerson(api.db.pool, { organizationId: org.id });
    expect((await user.delete(`/api/manage/person/${p.id}?version=3`)).statusCode).toBe(409);
    expect((await user.delete(`/api/manage/person/${p.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await user.get(`/api/manage/person/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses a primary contact or a person assigned to equipment, saying why, and keeps the links', async () => {
    const clinic = await makeOrganization(api.db.pool, { name: 'Stark Clinic' });
    const contact = await makePerson(api.db.pool, { organizationId: clinic.id });
    await api.db.pool.query('UPDATE organizations SET primary_contact_id = $1 WHERE id = $2', [
      contact.id,
      clinic.id,
    ]);
    const res = await user.delete(`/api/manage/person/${contact.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This person is the primary contact of Stark Clinic and cannot be deleted. Mark the person inactive instead.',
    );
    expect(res.json().form.errors).toEqual([res.json().message]);

    const holder = await makePerson(api.db.pool, { organizationId: clinic.id });
    const device = await makeEquipment(api.db.pool, { organizationId: clinic.id, name: 'STARK-PC-01' });
    await api.db.pool.query('UPDATE equipment SET person_id = $1 WHERE id = $2', [holder.id, device.id]);
    const refused = await user.delete(`/api/manage/person/${holder.id}?version=0`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'This person is assigned to equipment STARK-PC-01 and cannot be deleted. Mark the person inactive instead.',
    );
    const { rows } = await api.db.pool.query(
      `SELECT (SELECT primary_contact_id FROM organizations WHERE id = $1) AS contact,
              (SELECT person_id FROM equipment WHERE id = $2) AS holder`,
      [clinic.id, device.id],
    );
    expect(rows[0]).toEqual({ contact: contact.id, holder: holder.id });
  });
});

describe('list', () => {
  it('pages by keyset in name order (last, first) and filters by active, organization and text', async () => {
    const tag = `Qx${Date.now() % 100000}`;
    const a = await makeOrganization(api.db.pool);
    const b = await makeOrganization(api.db.pool);
    for (let i = 0; i < 30; i++) {
      await makePerson(api.db.pool, {
        organizationId: i < 20 ? a.id : b.id,
        firstName: `F${String(29 - i).padStart(2, '0')}`,
        lastName: `${tag} ${String(i).padStart(2, '0')}`,
        active: i % 3 !== 0,
      });
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const first = (await user.get(`/api/manage/person?${q}&active=all`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ lastName: `${tag} 00`, firstName: 'F29' });
    const second = (await user.get(`/api/manage/person?${q}&active=all&after=${first.next}`)).json();
    expect(second.items.map((p: { lastName: string }) => p.lastName)).toEqual(
      [25, 26, 27, 28, 29].map((i) => `${tag} ${i}`),
    );
    expect(second.next).toBeNull();
    const count = async (query: string) => {
      const res = await user.get(`/api/manage/person?${q}&limit=100&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().items.length as number;
    };
    expect(await count('active=all')).toBe(30);
    expect(await count('')).toBe(20);
    expect(await count('active=1')).toBe(20);
    expect(await count('active=2')).toBe(10);
    expect(await count(`active=all&organization=${a.id}`)).toBe(20);
    expect(await count(`organization=${b.id}`)).toBe(7);
    const desc = (await user.get(`/api/manage/person?${q}&active=all&dir=desc&limit=2`)).json();
    expect(desc.items.map((p: { lastName: string }) => p.lastName)).toEqual([`${tag} 29`, `${tag} 28`]);
    expect((await user.get('/api/manage/person?active=3')).statusCode).toBe(400);
    expect((await user.get('/api/manage/person?after=garbage')).statusCode).toBe(400);
    expect((await user.get('/api/manage/person?limit=101')).statusCode).toBe(400);
  });

  it('the text search matches the full name, email and phone (also typed as bare digits)', async () => {
    const created = await user.post(
      '/api/manage/person/create',
      form({
        firstName: 'Wanda',
        lastName: 'Searchable',
        email: 'wanda@findme.example',
        phone: '(555) 404-1212',
      }),
    );
    const id = created.json().person.id;
    const ids = async (q: string) =>
      (await user.get(`/api/manage/person?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((p: { id: number }) => p.id) as number[];
    expect(await ids('wanda search')).toEqual([id]);
    expect(await ids('Searchable, Wanda')).toEqual([id]);
    expect(await ids('findme.example')).toEqual([id]);
    expect(await ids('404-1212')).toEqual([id]);
    expect(await ids('5554041212')).toEqual([id]);
    expect(await ids('wanda nobody')).toEqual([]);
  });

  it('the people picker suggests active people by name, optionally of one organization', async () => {
    const x = await makeOrganization(api.db.pool);
    const y = await makeOrganization(api.db.pool);
    await makePerson(api.db.pool, { organizationId: x.id, firstName: 'Pickme', lastName: 'Alpha' });
    const beta = await makePerson(api.db.pool, {
      organizationId: y.id,
      firstName: 'Pickme',
      lastName: 'Beta',
    });
    await makePerson(api.db.pool, {
      organizationId: x.id,
      firstName: 'Pickme',
      lastName: 'Gone',
      active: false,
    });
    const all = (await user.get('/api/suggest/people/?q=pickme')).json();
    expect(all.map((o: { label: string }) => o.label)).toEqual(['Pickme Alpha', 'Pickme Beta']);
    expect((await user.get(`/api/suggest/people/?q=pickme&organization=${y.id}`)).json()).toEqual([
      { label: 'Pickme Beta', value: beta.id },
    ]);
    expect((await user.get('/api/suggest/people/?q=pickme&limit=1')).json()).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await api.anonymous.get('/api/manage/person')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/manage/person/create', form())).statusCode).toBe(401);
    expect((await api.anonymous.get('/api/suggest/people/')).statusCode).toBe(401);
  });
});
