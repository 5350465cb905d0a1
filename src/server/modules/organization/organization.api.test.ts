// Organizations: create/read/update/delete, SPEC §5 messages, history, the 409 conflict, list filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeOrganization, makePerson, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { ROUNDING_INCREMENT_MESSAGE, ROUNDING_MINIMUM_MESSAGE } from '../../../shared/rounding.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
let userId: number;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Olive', lastName: 'Owner' });
  userId = u.id;
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Acme Dental',
  shortCode: 'ACMED',
  salesStatus: 'CLIENT',
  vendorStatus: null,
  active: true,
  rmmPlan: 'RMM_BILL_BY_DEVICE',
  phone: '555 201 3344',
  website: 'acmedental.example',
  address: '1 Main St\nSpringfield',
  federalTaxId: '12.3456789',
  duns: '123456789',
  accountManager: null,
  primaryContact: null,
  notes: '',
  ...over,
});

describe('create, read, update', () => {
  it('creates with normalised values, presents options as {label, value} and records history', async () => {
    const res = await user.post('/api/manage/organization/create', form({ accountManager: userId }));
    expect(res.statusCode).toBe(200);
    const org = res.json().organization;
    expect(org).toMatchObject({
      name: 'Acme Dental',
      shortCode: 'ACMED',
      salesStatus: { value: 'CLIENT', label: 'Client' },
      rmmPlan: { value: 'RMM_BILL_BY_DEVICE', label: 'RMM - Bill By Device' },
      phone: '(555) 201-3344',
      federalTaxId: '12-3456789',
      duns: '12-345-6789',
      accountManager: { value: userId, label: 'Olive Owner' },
      notes: null,
      version: 0,
      createdBy: { value: userId, label: 'Olive Owner' },
    });
    const loaded = (await user.get(`/api/manage/organization/${org.id}`)).json();
    expect(loaded.organization).toEqual(org);
    expect(loaded.formOptions.salesStatus.map((o: { label: string }) => o.label)).toEqual([
      'Client',
      'Competitor',
      'Former Client - Avoid',
      'Prospect',
    ]);
    expect(loaded.formOptions.vendorStatus).toEqual([{ value: 'VENDOR', label: 'Vendor / Manufacturer' }]);
    const history = (await user.get(`/api/history/organization/${org.id}`)).json().history;
    expect(history.objectClass).toBe('Organization');
    expect(history.items.map((i: { fieldLabel: string }) => i.fieldLabel)).toContain('Federal Tax ID');
  });

  it('a new record can be prefilled with ?name=', async () => {
    const res = (await user.get('/api/manage/organization/create?name=Globex%20Corp')).json();
    expect(res.organization).toMatchObject({ id: 0, name: 'Globex Corp', active: true });
  });

  it('returns every SPEC §5 message keyed by field, and saves nothing', async () => {
    const res = await user.post(
      '/api/manage/organization/create',
      form({ name: ' ', federalTaxId: '12-345', duns: '1234', phone: '12', shortCode: '9x' }),
    );
    expect(res.statusCode).toBe(400);
    const { message, form: errors } = res.json();
    expect(message).toBe('Please review the page for field entry errors, shown in red.');
    expect(errors.fields).toMatchObject({
      name: ['This value should not be blank.'],
      federalTaxId: ['Format does not match "##-#######"'],
      duns: ['Format does not match "##-###-####"'],
      phone: ['This value is not a valid phone number.'],
      shortCode: ['Use 1 to 10 letters or digits, starting with a letter.'],
    });
    const { rows } = await api.db.pool.query(`SELECT count(*)::int AS n FROM organizations WHERE name = ' '`);
    expect(rows[0].n).toBe(0);
  });

  it('refuses a short code already used, as a field error', async () => {
    await makeOrganization(api.db.pool, { shortCode: 'TAKEN' });
    const res = await user.post('/api/manage/organization/create', form({ shortCode: 'taken' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.shortCode).toEqual([
      'This short code is already used by another organization.',
    ]);
  });

  it('updates, bumps the version and lists each changed field in history with labels, not ids', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Initech' });
    const res = await user.post(
      `/api/manage/organization/${org.id}`,
      form({ name: 'Initech LLC', shortCode: null, accountManager: userId, salesStatus: 'FORMER_CLIENT' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().organization.version).toBe(1);
    const items = (await user.get(`/api/history/organization/${org.id}`)).json().history.items as {
      field: string;
      oldValue: string | null;
      newValue: string | null;
      actor: { label: string };
    }[];
    expect(items.find((i) => i.field === 'name')).toMatchObject({
      oldValue: 'Initech',
      newValue: 'Initech LLC',
    });
    expect(items.find((i) => i.field === 'accountManager')).toMatchObject({ newValue: 'Olive Owner' });
    expect(items.find((i) => i.field === 'salesStatus')).toMatchObject({ newValue: 'Former Client - Avoid' });
    expect(items[0]!.actor.label).toBe('Olive Owner');
  });

  it('keeps a billable-time rounding rule with its history, and refuses minutes out of range clearly', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Rounders Inc' });
    const saved = await user.post(
      `/api/manage/organization/${org.id}`,
      form({ name: 'Rounders Inc', shortCode: null, roundingMinimum: '30', roundingIncrement: 15 }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().organization).toMatchObject({ roundingMinimum: 30, roundingIncrement: 15 });
    const items = (await user.get(`/api/history/organization/${org.id}`)).json().history.items as {
      field: string;
      fieldLabel: string;
      newValue: string | null;
    }[];
    expect(items.find((i) => i.field === 'roundingMinimum')).toMatchObject({
      fieldLabel: 'Rounding Minimum (min)',
      newValue: '30',
    });
    expect(items.find((i) => i.field === 'roundingIncrement')).toMatchObject({
      fieldLabel: 'Rounding Increment (min)',
      newValue: '15',
    });
    for (const [minimum, increment] of [
      ['481', '0'],
      ['-1', '61'],
      ['ten', '7.5'],
    ]) {
      const bad = await user.post(
        `/api/manage/organization/${org.id}`,
        form({
          version: 1,
          name: 'Rounders Inc',
          shortCode: null,
          roundingMinimum: minimum,
          roundingIncrement: increment,
        }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().form.fields).toEqual({
        roundingMinimum: [ROUNDING_MINIMUM_MESSAGE],
        roundingIncrement: [ROUNDING_INCREMENT_MESSAGE],
      });
    }
    const cleared = await user.post(
      `/api/manage/organization/${org.id}`,
      form({
        version: 1,
        name: 'Rounders Inc',
        shortCode: null,
        roundingMinimum: '',
        roundingIncrement: null,
      }),
    );
    expect(cleared.json().organization).toMatchObject({ roundingMinimum: null, roundingIncrement: null });
  });

  it('a stale save gets 409 with the current record and the changed-by message, and overwrites nothing', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Hooli' });
    expect(
      (await user.post(`/api/manage/organization/${org.id}`, form({ name: 'Hooli One', shortCode: null })))
        .statusCode,
    ).toBe(200);
    const stale = await user.post(
      `/api/manage/organization/${org.id}`,
      form({ name: 'Hooli Two', shortCode: null }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Olive Owner at /);
    expect(stale.json().current).toMatchObject({ name: 'Hooli One', version: 1 });
    const { rows } = await api.db.pool.query('SELECT name FROM organizations WHERE id = $1', [org.id]);
    expect(rows[0].name).toBe('Hooli One');
  });

  it('the primary contact must be a person of the organization', async () => {
    const org = await makeOrganization(api.db.pool);
    const other = await makeOrganization(api.db.pool);
    const stranger = await makePerson(api.db.pool, { organizationId: other.id });
    const own = await makePerson(api.db.pool, {
      organizationId: org.id,
      firstName: 'Pat',
      lastName: 'Prime',
    });
    const bad = await user.post(
      `/api/manage/organization/${org.id}`,
      form({ shortCode: null, primaryContact: stranger.id }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.primaryContact).toEqual(['Choose a person of this organization.']);
    const good = await user.post(
      `/api/manage/organization/${org.id}`,
      form({ shortCode: null, primaryContact: own.id }),
    );
    expect(good.json().organization.primaryContact).toEqual({ value: own.id, label: 'Pat Prime' });
  });

  it('a reference to a record that does not exist is a field error', async () => {
    const res = await user.post(
      '/api/manage/organization/create',
      form({ shortCode: null, accountManager: 999999 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.accountManager).toEqual(['This value is not valid.']);
  });
});

describe('delete', () => {
  it('deletes an unused organization; one with people is refused with a clear message', async () => {
    const unused = await makeOrganization(api.db.pool);
    expect((await user.delete(`/api/manage/organization/${unused.id}?version=0`)).json()).toEqual({
      deleted: true,
    });
    expect((await user.get(`/api/manage/organization/${unused.id}`)).statusCode).toBe(404);
    const used = await makeOrganization(api.db.pool);
    await makePerson(api.db.pool, { organizationId: used.id });
    const res = await user.delete(`/api/manage/organization/${used.id}?version=0`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/cannot be deleted\. Mark it inactive instead\.$/);
    expect((await user.get(`/api/manage/organization/${used.id}`)).statusCode).toBe(200);
  });
});

describe('list', () => {
  it('filters by the client filter codes, sales status and text, and pages by keyset', async () => {
    const tag = `Zeta${Date.now() % 100000}`;
    for (let i = 0; i < 30; i++) {
      await makeOrganization(api.db.pool, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        active: i % 3 !== 0,
        rmmPlan: i % 5 === 0 ? 'RMM_BILL_BY_USER' : i % 5 === 1 ? 'RMM_BILL_BY_DEVICE' : null,
        salesStatus: i % 2 ? 'CLIENT' : 'PROSPECT',
      });
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const all = (await user.get(`/api/manage/organization?${q}&filter=all`)).json();
    expect(all.items).toHaveLength(25);
    expect(all.items[0].name).toBe(`${tag} 00`);
    const second = (await user.get(`/api/manage/organization?${q}&filter=all&after=${all.next}`)).json();
    expect(second.items.map((o: { name: string }) => o.name)).toEqual(
      [25, 26, 27, 28, 29].map((i) => `${tag} ${i}`),
    );
    expect(second.next).toBeNull();
    const count = async (query: string) => {
      const res = await user.get(`/api/manage/organization?${q}&limit=100&${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().items.length as number;
    };
    expect(await count('filter=1')).toBe(20);
    expect(await count('filter=3')).toBe(10);
    expect(await count('filter=2')).toBe(12);
    expect(await count('filter=4')).toBe(6);
    expect(await count('filter=5')).toBe(6);
    expect(await count('filter=all&salesStatus=CLIENT')).toBe(15);
    const desc = (await user.get(`/api/manage/organization?${q}&filter=all&dir=desc&limit=2`)).json();
    expect(desc.items.map((o: { name: string }) => o.name)).toEqual([`${tag} 29`, `${tag} 28`]);
    expect((await user.get(`/api/manage/organization?filter=9`)).statusCode).toBe(400);
    expect((await user.get(`/api/manage/organization?after=garbage`)).statusCode).toBe(400);
  });

  it('the client pickers suggest active clients, or all with /clients/', async () => {
    await makeOrganization(api.db.pool, { name: 'Pickme Active' });
    await makeOrganization(api.db.pool, { name: 'Pickme Gone', active: false });
    const active = (await user.get('/api/suggest/clients-active/?q=pickme')).json();
    expect(active.map((o: { label: string }) => o.label)).toEqual(['Pickme Active']);
    const all = (await user.get('/api/suggest/clients/?q=pickme')).json();
    expect(all.map((o: { label: string }) => o.label)).toEqual(['Pickme Active', 'Pickme Gone']);
  });

  it('the client pickers are bounded by limit (default 25, at most 100) and match the short code', async () => {
    for (let i = 0; i < 30; i++)
      await makeOrganization(api.db.pool, { name: `Boundco ${String(i).padStart(2, '0')}` });
    await makeOrganization(api.db.pool, { name: 'Codeonly Inc', shortCode: 'BNDX9' });
    for (const url of ['/api/suggest/clients-active/', '/api/suggest/clients/']) {
      expect((await user.get(`${url}?q=boundco`)).json()).toHaveLength(25);
      const three = (await user.get(`${url}?q=boundco&limit=3`)).json();
      expect(three.map((o: { label: string }) => o.label)).toEqual([
        'Boundco 00',
        'Boundco 01',
        'Boundco 02',
      ]);
      expect((await user.get(`${url}?q=bndx9`)).json()).toEqual([
        { value: expect.any(Number), label: 'Codeonly Inc' },
      ]);
      expect((await user.get(`${url}?limit=101`)).statusCode).toBe(400);
    }
    expect((await api.anonymous.get('/api/suggest/clients/?q=boundco')).statusCode).toBe(401);
  });

  it('needs a session', async () => {
    expect((await api.anonymous.get('/api/manage/organization')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/manage/organization/create', form())).statusCode).toBe(401);
  });
});
