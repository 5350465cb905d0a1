// Equipment: create/read/update/delete, validation messages, the person and warranty rules, history, the 409,
// every list filter code, keyset paging on each sort, and the index plan of the default list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeDeviceCategory,
  makeDeviceStatus,
  makeEquipment,
  makeOrganization,
  makePerson,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { equipmentListQuery } from '../../../shared/schemas/equipment.js';
import { type ListFilter, listRecords } from '../../platform/records.js';
import { EQUIPMENT } from './equipment.record.js';
import { equipmentList } from './equipment.routes.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
let userId: number;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  userId = u.id;
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/manage/equipment';

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'ACME-WS-01',
  organization: null,
  category: null,
  status: null,
  manufacturer: 'Dell',
  model: 'OptiPlex 7090',
  serialNumber: 'SVC123',
  operatingSystem: 'Windows 11 Pro',
  osVersion: '23H2',
  person: null,
  location: 'Front desk',
  purchaseDate: '2023-01-15',
  warrantyEnd: '01/15/2026',
  rmmId: 'rmm-1',
  antivirusProduct: 'Defender',
  antivirusState: 'PROTECTED',
  bitlockerState: 'PARTIAL',
  missingPatches: '3',
  lastPatchDate: '03/01/2024',
  firmwareVersion: '1.2.3',
  virtual: false,
  active: true,
  notes: '',
  ...over,
});

type HistoryItem = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };
const historyOf = async (id: number) => {
  const res = await user.get(`/api/history/equipment/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().history as { objectClass: string; title: string; items: HistoryItem[] };
};

describe('create, read, update', () => {
  it('creates with normalised values, presents options as {label, value} and records history with labels', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Acme Dental' });
    const person = await makePerson(api.db.pool, {
      organizationId: org.id,
      firstName: 'Dana',
      lastName: 'Desk',
    });
    const category = await makeDeviceCategory(api.db.pool, 'Workstation');
    const status = await makeDeviceStatus(api.db.pool, { name: 'Deployed' });
    const res = await user.post(
      `${BASE}/create`,
      form({ organization: org.id, person: person.id, category: category.id, status: status.id }),
    );
    expect(res.statusCode).toBe(200);
    const device = res.json().equipment;
    expect(device).toMatchObject({
      name: 'ACME-WS-01',
      organization: { value: org.id, label: 'Acme Dental' },
      category: { value: category.id, label: 'Workstation' },
      status: { value: status.id, label: 'Deployed' },
      person: { value: person.id, label: 'Dana Desk' },
      serialNumber: 'SVC123',
      purchaseDate: '01/15/2023',
      warrantyEnd: '01/15/2026',
      lastResponseAt: null,
      antivirusState: { value: 'PROTECTED', label: 'Protected' },
      bitlockerState: { value: 'PARTIAL', label: 'Partially Encrypted' },
      missingPatches: 3,
      lastPatchDate: '03/01/2024',
      virtual: false,
      active: true,
      notes: null,
      version: 0,
      createdBy: { value: userId, label: 'Tess Tech' },
    });
    const loaded = (await user.get(`${BASE}/${device.id}`)).json();
    expect(loaded.equipment).toEqual(device);
    const history = await historyOf(device.id);
    expect(history.objectClass).toBe('Equipment');
    expect(history.title).toBe('ACME-WS-01');
    const byField = Object.fromEntries(history.items.map((i) => [i.field, i]));
    expect(byField.person).toMatchObject({ fieldLabel: 'Assigned Person', newValue: 'Dana Desk' });
    expect(byField.category).toMatchObject({ fieldLabel: 'Category', newValue: 'Workstation' });
    expect(byField.bitlockerState).toMatchObject({
      fieldLabel: 'BitLocker State',
      newValue: 'Partially Encrypted',
    });
    expect(byField.warrantyEnd).toMatchObject({ fieldLabel: 'Warranty End', newValue: '01/15/2026' });
    expect(byField.virtual).toMatchObject({ fieldLabel: 'Virtual', newValue: 'No' });
  });

  it('offers active categories, active statuses in their order and the code lists as form options', async () => {
    await makeDeviceCategory(api.db.pool, 'Zz Retired Kind').then((c) =>
      api.db.pool.query('UPDATE device_categories SET active = false WHERE id = $1', [c.id]),
    );
    await makeDeviceStatus(api.db.pool, { name: 'Yy Second', sortOrder: 900 });
    await makeDeviceStatus(api.db.pool, { name: 'Aa Third', sortOrder: 901 });
    await makeDeviceStatus(api.db.pool, { name: 'Old Status', sortOrder: 902, active: false });
    const { formOptions } = (await user.get(`${BASE}/create`)).json();
    const labels = (key: string) => formOptions[key].map((o: { label: string }) => o.label);
    expect(labels('category')).toContain('Workstation');
    expect(labels('category')).not.toContain('Zz Retired Kind');
    expect(labels('status').slice(-2)).toEqual(['Yy Second', 'Aa Third']);
    expect(labels('status')).not.toContain('Old Status');
    expect(labels('antivirusState')).toEqual(['Protected', 'At Risk', 'Disabled', 'Not Installed']);
    expect(formOptions.bitlockerState).toEqual([
      { value: 'ENCRYPTED', label: 'Encrypted' },
      { value: 'PARTIAL', label: 'Partially Encrypted' },
      { value: 'SUSPENDED', label: 'Suspended' },
      { value: 'NOT_ENCRYPTED', label: 'Not Encrypted' },
      { value: 'NOT_SUPPORTED', label: 'Not Supported' },
    ]);
  });

  it('a new device can be prefilled with ?organization=; an unknown one prefills nothing', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Globex' });
    const res = (await user.get(`${BASE}/create?organization=${org.id}`)).json();
    expect(res.equipment).toMatchObject({
      id: 0,
      version: 0,
      name: '',
      organization: { value: org.id, label: 'Globex' },
      active: true,
      virtual: false,
      lastResponseAt: null,
    });
    expect((await user.get(`${BASE}/create?organization=999999`)).json().equipment.organization).toBeNull();
    expect((await user.get(`${BASE}/create?organization=abc`)).json().equipment.organization).toBeNull();
  });

  it('returns every message keyed by field, and saves nothing', async () => {
    const res = await user.post(
      `${BASE}/create`,
      form({
        name: '  ',
        serialNumber: 'NOPE-1',
        purchaseDate: '13/45/2020',
        lastPatchDate: 'soon',
        missingPatches: '-2',
        antivirusState: 'MAYBE',
        virtual: 'yes',
      }),
    );
    expect(res.statusCode).toBe(400);
    const { message, form: errors } = res.json();
    expect(message).toBe('Please review the page for field entry errors, shown in red.');
    expect(errors.fields).toMatchObject({
      name: ['This value should not be blank.'],
      purchaseDate: ['Please enter a valid date (MM/DD/YYYY).'],
      lastPatchDate: ['Please enter a valid date (MM/DD/YYYY).'],
      missingPatches: ['Please enter a number of 0 or more.'],
    });
    expect(Object.keys(errors.fields)).toEqual(expect.arrayContaining(['antivirusState', 'virtual']));
    const { rows } = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM equipment WHERE serial_number = 'NOPE-1'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses a warranty end before the purchase date, alongside other field errors; the same day is fine', async () => {
    const bad = await user.post(
      `${BASE}/create`,
      form({ name: '', purchaseDate: '06/01/2024', warrantyEnd: '05/31/2024' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields).toEqual({
      name: ['This value should not be blank.'],
      warrantyEnd: ['The warranty end cannot be before the purchase date.'],
    });
    const same = await user.post(
      `${BASE}/create`,
      form({ purchaseDate: '06/01/2024', warrantyEnd: '6/1/2024' }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().equipment).toMatchObject({ purchaseDate: '06/01/2024', warrantyEnd: '06/01/2024' });
    // Either date alone is fine.
    expect(
      (await user.post(`${BASE}/create`, form({ purchaseDate: null, warrantyEnd: '01/01/2000' }))).statusCode,
    ).toBe(200);
  });

  it('the assigned person must be a person of the device’s organization', async () => {
    const org = await makeOrganization(api.db.pool);
    const other = await makeOrganization(api.db.pool);
    const stranger = await makePerson(api.db.pool, { organizationId: other.id });
    const own = await makePerson(api.db.pool, { organizationId: org.id, firstName: 'Pat', lastName: 'Own' });
    const wrongOrg = await user.post(`${BASE}/create`, form({ organization: org.id, person: stranger.id }));
    expect(wrongOrg.statusCode).toBe(400);
    expect(wrongOrg.json().form.fields).toEqual({ person: ['Choose a person of this organization.'] });
    const noOrg = await user.post(`${BASE}/create`, form({ organization: null, person: own.id }));
    expect(noOrg.json().form.fields).toEqual({ person: ['Choose a person of this organization.'] });
    const good = await user.post(`${BASE}/create`, form({ organization: org.id, person: own.id }));
    expect(good.statusCode).toBe(200);
    const device = good.json().equipment;
    expect(device.person).toEqual({ value: own.id, label: 'Pat Own' });
    // Moving the device to another organization while keeping the person is refused too.
    const moved = await user.post(`${BASE}/${device.id}`, form({ organization: other.id, person: own.id }));
    expect(moved.json().form.fields).toEqual({ person: ['Choose a person of this organization.'] });
  });

  it('a category, status or organization that does not exist is a field error', async () => {
    const res = await user.post(`${BASE}/create`, form({ category: 999999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({ category: ['This value is not valid.'] });
    const status = await user.post(`${BASE}/create`, form({ status: 999999 }));
    expect(status.json().form.fields).toEqual({ status: ['This value is not valid.'] });
    const org = await user.post(`${BASE}/create`, form({ organization: 999999 }));
    expect(org.json().form.fields).toEqual({ organization: ['This value is not valid.'] });
  });

  it('presents the last RMM response but never writes it from the form', async () => {
    const device = await makeEquipment(api.db.pool, { name: 'RMM-FED-1' });
    await api.db.pool.query(`UPDATE equipment SET last_response_at = '2024-05-06T07:08:09Z' WHERE id = $1`, [
      device.id,
    ]);
    expect((await user.get(`${BASE}/${device.id}`)).json().equipment.lastResponseAt).toBe(
      '2024-05-06T07:08:09.000Z',
    );
    const saved = await user.post(
      `${BASE}/${device.id}`,
      form({
        name: 'RMM-FED-1',
        organization: device.organizationId,
        lastResponseAt: '2020-01-01T00:00:00Z',
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().equipment.lastResponseAt).toBe('2024-05-06T07:08:09.000Z');
  });

  it('updates, bumps the version and lists each changed field in history with labels, not ids', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Initech' });
    const device = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'INI-LT-7' });
    const status = await makeDeviceStatus(api.db.pool, { name: 'In Repair' });
    const res = await user.post(
      `${BASE}/${device.id}`,
      form({
        name: 'INI-LT-7',
        organization: null,
        status: status.id,
        antivirusState: 'AT_RISK',
        virtual: true,
        active: false,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().equipment).toMatchObject({
      version: 1,
      organization: null,
      active: false,
      virtual: true,
    });
    const items = (await historyOf(device.id)).items;
    const byField = Object.fromEntries(items.map((i) => [i.field, i]));
    expect(byField.organization).toMatchObject({
      fieldLabel: 'Organization',
      oldValue: 'Initech',
      newValue: null,
    });
    expect(byField.status).toMatchObject({ fieldLabel: 'Status', oldValue: null, newValue: 'In Repair' });
    expect(byField.antivirusState).toMatchObject({ oldValue: null, newValue: 'At Risk' });
    expect(byField.active).toMatchObject({ oldValue: 'Yes', newValue: 'No' });
    expect(byField.name).toBeUndefined();
  });

  it('a stale save gets 409 with the current record and the changed-by message, and overwrites nothing', async () => {
    const device = await makeEquipment(api.db.pool, { name: 'HOOLI-1' });
    const org = device.organizationId;
    expect(
      (await user.post(`${BASE}/${device.id}`, form({ name: 'HOOLI-2', organization: org }))).statusCode,
    ).toBe(200);
    const stale = await user.post(`${BASE}/${device.id}`, form({ name: 'HOOLI-3', organization: org }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Tess Tech at \d\d\/\d\d\/\d{4} /);
    expect(stale.json().current).toMatchObject({ name: 'HOOLI-2', version: 1 });
    const { rows } = await api.db.pool.query('SELECT name FROM equipment WHERE id = $1', [device.id]);
    expect(rows[0].name).toBe('HOOLI-2');
  });

  it('deletes a device at the version seen; a stale delete is a 409', async () => {
    const device = await makeEquipment(api.db.pool);
    expect((await user.delete(`${BASE}/${device.id}?version=5`)).statusCode).toBe(409);
    expect((await user.delete(`${BASE}/${device.id}?version=0`)).json()).toEqual({ deleted: true });
    expect((await user.get(`${BASE}/${device.id}`)).statusCode).toBe(404);
    expect((await user.get(`${BASE}/abc`)).statusCode).toBe(404);
  });

  it('the device picker suggests active devices by name or serial number, optionally of one organization', async () => {
    const x = await makeOrganization(api.db.pool);
    const y = await makeOrganization(api.db.pool);
    await makeEquipment(api.db.pool, { organizationId: x.id, name: 'PICK-A', serialNumber: 'SER-PICK-1' });
    const b = await makeEquipment(api.db.pool, {
      organizationId: y.id,
      name: 'PICK-B',
      serialNumber: 'SER-PICK-2',
    });
    await makeEquipment(api.db.pool, { organizationId: y.id, name: 'PICK-C', active: false });
    const labels = async (query: string) =>
      (await user.get(`/api/suggest/equipment/?${query}`)).json().map((o: { label: string }) => o.label);
    expect(await labels('q=pick-')).toEqual(['PICK-A (SER-PICK-1)', 'PICK-B (SER-PICK-2)']);
    expect(await labels('q=ser-pick-2')).toEqual(['PICK-B (SER-PICK-2)']);
    expect((await user.get(`/api/suggest/equipment/?organization=${y.id}`)).json()).toEqual([
      { label: 'PICK-B (SER-PICK-2)', value: b.id },
    ]);
    expect((await user.get('/api/suggest/equipment/?organization=x')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await api.anonymous.get('/api/suggest/equipment/')).statusCode).toBe(401);
    expect((await api.anonymous.get(BASE)).statusCode).toBe(401);
    expect((await api.anonymous.get(`${BASE}/create`)).statusCode).toBe(401);
    expect((await api.anonymous.post(`${BASE}/create`, form())).statusCode).toBe(401);
  });
});

describe('list', () => {
  type Item = { name: string; serialNumber: string | null; warrantyEnd: string | null };
  const names = (body: { items: Item[] }) => body.items.map((i) => i.name);
  let tag: string;
  let orgA: number;
  let categoryId: number;
  let statusId: number;

  beforeAll(async () => {
    tag = `LST${Date.now() % 100000}`;
    orgA = (await makeOrganization(api.db.pool)).id;
    categoryId = (await makeDeviceCategory(api.db.pool)).id;
    statusId = (await makeDeviceStatus(api.db.pool)).id;
    // 30 devices: i%3==0 inactive; i%4==0 with an RMM id; i%5==0 unassigned; i%6==0 categorised; i<4 with a status.
    for (let i = 0; i < 30; i++) {
      const device = await makeEquipment(api.db.pool, {
        name: `${tag}-${String(i).padStart(2, '0')}`,
        serialNumber: `S${String(29 - i).padStart(2, '0')}`,
        active: i % 3 !== 0,
        rmmId: i % 4 === 0 ? `rmm-${i}` : null,
        organizationId: i % 5 === 0 ? null : orgA,
        categoryId: i % 6 === 0 ? categoryId : null,
      });
      await api.db.pool.query(`UPDATE equipment SET status_id = $2, warranty_end = $3::date WHERE id = $1`, [
        device.id,
        i < 4 ? statusId : null,
        i % 2 ? null : `2030-01-${String(30 - i).padStart(2, '0')}`,
      ]);
    }
  });

  const list = async (query: string) => {
    const res = await user.get(`${BASE}?q=${tag}&limit=100&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { items: Item[]; next: string | null };
  };
  const indexes = (pred: (i: number) => boolean) =>
    Array.from({ length: 30 }, (_, i) => i)
      .filter(pred)
      .map((i) => `${tag}-${String(i).padStart(2, '0')}`);

  it('filters by every SPEC §4 equipment filter code, default 1 (Active)', async () => {
    expect(names(await list(''))).toEqual(indexes((i) => i % 3 !== 0));
    expect(names(await list('filter=1'))).toEqual(indexes((i) => i % 3 !== 0));
    expect(names(await list('filter=all'))).toEqual(indexes(() => true));
    expect(names(await list('filter=2'))).toEqual(indexes((i) => i % 3 !== 0 && i % 4 === 0));
    expect(names(await list('filter=3'))).toEqual(indexes((i) => i % 3 === 0));
    expect(names(await list('filter=5'))).toEqual(indexes((i) => i % 5 === 0));
    expect((await user.get(`${BASE}?filter=4`)).statusCode).toBe(400);
  });

  it('filters by organization, category, status and text (name, serial number)', async () => {
    expect(names(await list(`filter=all&organization=${orgA}`))).toEqual(indexes((i) => i % 5 !== 0));
    expect(names(await list(`filter=all&category=${categoryId}`))).toEqual(indexes((i) => i % 6 === 0));
    expect(names(await list(`filter=all&status=${statusId}`))).toEqual(indexes((i) => i < 4));
    const search = async (q: string) => {
      const res = await user.get(`${BASE}?filter=all&q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      return names(res.json());
    };
    expect(await search(`${tag}-1`)).toEqual(indexes((i) => i >= 10 && i < 20));
    const bySerial = await api.db.pool.query<{ serial_number: string }>(
      'SELECT serial_number FROM equipment WHERE name = $1',
      [`${tag}-03`],
    );
    expect(await search(bySerial.rows[0]!.serial_number)).toContain(`${tag}-03`);
    // LIKE wildcards typed by a user are plain text.
    expect(await search(`${tag}%`)).toEqual([]);
  });

  it('pages by keyset on the name, forwards and backwards', async () => {
    const first = (await user.get(`${BASE}?q=${tag}&filter=all`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0].name).toBe(`${tag}-00`);
    const second = (await user.get(`${BASE}?q=${tag}&filter=all&after=${first.next}`)).json();
    expect(names(second)).toEqual(indexes((i) => i >= 25));
    expect(second.next).toBeNull();
    const desc = (await user.get(`${BASE}?q=${tag}&filter=all&dir=desc&limit=2`)).json();
    expect(names(desc)).toEqual([`${tag}-29`, `${tag}-28`]);
    const descNext = (
      await user.get(`${BASE}?q=${tag}&filter=all&dir=desc&limit=2&after=${desc.next}`)
    ).json();
    expect(names(descNext)).toEqual([`${tag}-27`, `${tag}-26`]);
    expect((await user.get(`${BASE}?after=garbage`)).statusCode).toBe(400);
    expect((await user.get(`${BASE}?limit=101`)).statusCode).toBe(400);
  });

  it('sorts by serial number and by warranty end (missing last), paging across equal and missing keys', async () => {
    const collect = async (query: string) => {
      const out: Item[] = [];
      let after: string | null = null;
      do {
        const res = await user.get(
          `${BASE}?q=${tag}&filter=all&limit=7&${query}${after ? `&after=${after}` : ''}`,
        );
        expect(res.statusCode).toBe(200);
        const body = res.json() as { items: Item[]; next: string | null };
        out.push(...body.items);
        after = body.next;
      } while (after);
      return out;
    };
    const bySerial = await collect('sort=serialNumber');
    expect(bySerial.map((i) => i.serialNumber)).toEqual(
      Array.from({ length: 30 }, (_, i) => `S${String(i).padStart(2, '0')}`),
    );
    const byWarranty = await collect('sort=warrantyEnd');
    expect(byWarranty).toHaveLength(30);
    // Even devices have a warranty, later ones ending earlier; the 15 without one follow, by name.
    expect(byWarranty.slice(0, 15).map((i) => i.name)).toEqual(indexes((i) => i % 2 === 0).reverse());
    expect(byWarranty[0]!.warrantyEnd).toBe('01/02/2030');
    expect(byWarranty.slice(15).map((i) => i.name)).toEqual(indexes((i) => i % 2 === 1));
    const desc = await collect('sort=warrantyEnd&dir=desc');
    expect(desc.map((i) => i.name)).toEqual(byWarranty.map((i) => i.name).reverse());
    expect((await user.get(`${BASE}?sort=model`)).statusCode).toBe(400);
  });

  it('the default list (Active, by name) and a deep page read an index in order: no sort of the table', async () => {
    const plan = async (query: Record<string, string>, after?: string) => {
      const parsed = equipmentListQuery.parse(query);
      const filter: ListFilter = { where: [], params: [] };
      const sort = equipmentList(parsed, filter);
      let captured: { sql: string; params: unknown[] } | null = null;
      // Capture the exact statement the list runs, then ask the planner about it.
      const spy = {
        // The list's statements are prepared (a config of text and values).
        query: async (q: { text: string; values: unknown[] }) => {
          if (q.text.includes('ORDER BY')) captured = { sql: q.text, params: q.values };
          return { rows: [] };
        },
      } as unknown as Parameters<typeof listRecords>[0];
      await listRecords(spy, EQUIPMENT, { filter, sort, limit: 25, after });
      const client = await api.db.pool.connect();
      try {
        await client.query('BEGIN');
        // On a small table a full sort is cheapest; forbidding it shows whether an index can give the order.
        await client.query('SET LOCAL enable_sort = off');
        await client.query('SET LOCAL enable_seqscan = off');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${captured!.sql}`,
          captured!.params,
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    };
    const first = await plan({});
    expect(first).toMatch(/Index (Only )?Scan( Backward)? using equipment_(active_)?name_idx/);
    expect(first).not.toMatch(/Sort/);
    const page = (await user.get(`${BASE}?limit=3`)).json();
    const deep = await plan({}, page.next);
    expect(deep).toMatch(/Index (Only )?Scan( Backward)? using equipment_(active_)?name_idx/);
    expect(deep).not.toMatch(/Sort/);
    const org = await plan({ organization: String(orgA), filter: 'all' });
    expect(org).toMatch(/equipment_org_name_idx/);
    expect(org).not.toMatch(/Sort/);
    const unassigned = await plan({ filter: '5' });
    expect(unassigned).toMatch(/Index (Only )?Scan( Backward)? using equipment_(org_)?name_idx/);
    expect(unassigned).not.toMatch(/Sort/);
  });
});
