// Systems: create/read/update/delete with their equipment and software, the same-organization rule, membership
// history, the 409 conflict, list filters and paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeEquipment,
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
  const u = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  user = await api.signIn(u.email, TEST_PASSWORD);
  org = await makeOrganization(api.db.pool, { name: 'Oscorp Labs' });
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  name: 'Backup',
  category: 'BACKUP',
  description: 'Nightly image backups to the NAS, weekly offsite copy.',
  organization: org.id,
  equipment: [],
  software: [],
  ...over,
});

type Item = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };
const history = async (id: number) =>
  (await user.get(`/api/history/system/${id}`)).json().history as { objectClass: string; items: Item[] };

describe('create, read, update', () => {
  it('creates a system with equipment and software of its organization, presented as {label, value} by name', async () => {
    const nas = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'NAS-01' });
    const srv = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'HV-HOST' });
    const veeam = await makeSoftware(api.db.pool, { organizationId: org.id, name: 'Veeam' });
    const res = await user.post(
      '/api/manage/system/create',
      form({ equipment: [nas.id, String(srv.id), nas.id], software: [veeam.id] }),
    );
    expect(res.statusCode).toBe(200);
    const system = res.json().system;
    expect(system).toMatchObject({
      name: 'Backup',
      category: { value: 'BACKUP', label: 'Backup' },
      organization: { value: org.id, label: 'Oscorp Labs' },
      equipment: [
        { value: srv.id, label: 'HV-HOST' },
        { value: nas.id, label: 'NAS-01' },
      ],
      software: [{ value: veeam.id, label: 'Veeam' }],
      version: 0,
      createdBy: { label: 'Tess Tech' },
    });
    const loaded = (await user.get(`/api/manage/system/${system.id}`)).json();
    expect(loaded.system).toEqual(system);
    expect(loaded.formOptions.category.map((o: { label: string }) => o.label)).toEqual([
      'Email',
      'Backup',
      'Firewall / Network',
      'Server / Virtualization',
      'Line of Business',
      'Security',
      'Phone System',
      'Other',
    ]);
    const h = await history(system.id);
    expect(h.objectClass).toBe('System');
    expect(h.items.find((i) => i.field === 'equipment')).toMatchObject({
      fieldLabel: 'Equipment',
      oldValue: null,
      newValue: 'HV-HOST, NAS-01',
    });
    expect(h.items.find((i) => i.field === 'software')).toMatchObject({
      fieldLabel: 'Software',
      newValue: 'Veeam',
    });
    expect(h.items.find((i) => i.field === 'category')).toMatchObject({ newValue: 'Backup' });
  });

  it('a new system is blank with empty lists, prefilled from ?organization=', async () => {
    const res = (await user.get(`/api/manage/system/create?organization=${org.id}`)).json();
    expect(res.system).toEqual({
      id: 0,
      version: 0,
      name: '',
      category: null,
      description: null,
      organization: { value: org.id, label: 'Oscorp Labs' },
      equipment: [],
      software: [],
    });
  });

  it('refuses equipment or software of another organization, or that does not exist, and saves nothing', async () => {
    const other = await makeOrganization(api.db.pool);
    const foreignDevice = await makeEquipment(api.db.pool, { organizationId: other.id });
    const unassigned = await makeEquipment(api.db.pool, { organizationId: null });
    const foreignApp = await makeSoftware(api.db.pool, { organizationId: other.id });
    const own = await makeEquipment(api.db.pool, { organizationId: org.id });
    const res = await user.post(
      '/api/manage/system/create',
      form({ name: 'Crossed', equipment: [own.id, foreignDevice.id], software: [foreignApp.id] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      equipment: ['Choose equipment of this organization.'],
      software: ['Choose software of this organization.'],
    });
    for (const equipment of [[unassigned.id], [999999]]) {
      const bad = await user.post('/api/manage/system/create', form({ name: 'Crossed', equipment }));
      expect(bad.json().form.fields).toEqual({ equipment: ['Choose equipment of this organization.'] });
    }
    const { rows } = await api.db.pool.query(`SELECT count(*)::int AS n FROM systems WHERE name = 'Crossed'`);
    expect(rows[0].n).toBe(0);
  });

  it('returns every field message keyed by field', async () => {
    const res = await user.post(
      '/api/manage/system/create',
      form({ name: ' ', organization: '', category: 'MAINFRAME', equipment: ['x'] }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().form.fields;
    expect(Object.keys(fields).sort()).toEqual(['category', 'equipment', 'name', 'organization']);
    expect(fields.name).toEqual(['This value should not be blank.']);
    expect(fields.organization).toEqual(['This value should not be blank.']);
  });

  it('a membership change is saved in the join tables and recorded in history with labels', async () => {
    const fw = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'FW-EDGE' });
    const sw1 = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'SW-CORE' });
    const sw2 = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'SW-ACCESS' });
    const forti = await makeSoftware(api.db.pool, { organizationId: org.id, name: 'FortiClient' });
    const created = (
      await user.post(
        '/api/manage/system/create',
        form({ name: 'Network', category: 'FIREWALL', equipment: [fw.id, sw1.id] }),
      )
    ).json().system;
    const res = await user.post(
      `/api/manage/system/${created.id}`,
      form({ name: 'Network', category: 'FIREWALL', equipment: [sw1.id, sw2.id], software: [forti.id] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().system).toMatchObject({
      version: 1,
      equipment: [
        { value: sw2.id, label: 'SW-ACCESS' },
        { value: sw1.id, label: 'SW-CORE' },
      ],
      software: [{ value: forti.id, label: 'FortiClient' }],
    });
    const { rows } = await api.db.pool.query(
      'SELECT equipment_id FROM system_equipment WHERE system_id = $1 ORDER BY equipment_id',
      [created.id],
    );
    expect(rows.map((r) => r.equipment_id)).toEqual([sw1.id, sw2.id].sort((a, b) => a - b));
    const items = (await history(created.id)).items;
    expect(items.filter((i) => i.field === 'equipment')[0]).toMatchObject({
      oldValue: 'FW-EDGE, SW-CORE',
      newValue: 'SW-ACCESS, SW-CORE',
    });
    expect(items.filter((i) => i.field === 'software')[0]).toMatchObject({
      oldValue: null,
      newValue: 'FortiClient',
    });

    // Saving the same lists again writes no membership history.
    const again = await user.post(
      `/api/manage/system/${created.id}`,
      form({
        name: 'Network Core',
        category: 'FIREWALL',
        version: 1,
        equipment: [sw2.id, sw1.id],
        software: [forti.id],
      }),
    );
    expect(again.statusCode).toBe(200);
    const after = (await history(created.id)).items;
    expect(after.filter((i) => i.field === 'equipment')).toHaveLength(2);
    expect(after[0]).toMatchObject({ field: 'name', oldValue: 'Network', newValue: 'Network Core' });

    // Emptying a list records its removal.
    await user.post(
      `/api/manage/system/${created.id}`,
      form({ name: 'Network Core', category: 'FIREWALL', version: 2, equipment: [sw1.id, sw2.id] }),
    );
    expect((await history(created.id)).items[0]).toMatchObject({
      field: 'software',
      oldValue: 'FortiClient',
      newValue: null,
    });
  });

  it('a stale save gets 409 with the current record and its lists, and changes nothing', async () => {
    const pc = await makeEquipment(api.db.pool, { organizationId: org.id, name: 'PC-FRONT' });
    const created = (
      await user.post('/api/manage/system/create', form({ name: 'Front Desk', equipment: [pc.id] }))
    ).json().system;
    expect(
      (
        await user.post(
          `/api/manage/system/${created.id}`,
          form({ name: 'Front Desk 2', equipment: [pc.id] }),
        )
      ).statusCode,
    ).toBe(200);
    const stale = await user.post(
      `/api/manage/system/${created.id}`,
      form({ name: 'Front Desk 3', equipment: [] }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Tess Tech at /);
    expect(stale.json().current).toMatchObject({
      name: 'Front Desk 2',
      version: 1,
      equipment: [{ value: pc.id, label: 'PC-FRONT' }],
    });
    const { rows } = await api.db.pool.query(
      'SELECT count(*)::int AS n FROM system_equipment WHERE system_id = $1',
      [created.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('deletes a system with its memberships, not the equipment or software', async () => {
    const box = await makeEquipment(api.db.pool, { organizationId: org.id });
    const app = await makeSoftware(api.db.pool, { organizationId: org.id });
    const created = (
      await user.post(
        '/api/manage/system/create',
        form({ name: 'Doomed', equipment: [box.id], software: [app.id] }),
      )
    ).json().system;
    expect((await user.delete(`/api/manage/system/${created.id}?version=0`)).json()).toEqual({
      deleted: true,
    });
    expect((await user.get(`/api/manage/system/${created.id}`)).statusCode).toBe(404);
    const { rows } = await api.db.pool.query(
      `SELECT (SELECT count(*)::int FROM system_equipment WHERE system_id = $1) AS links,
              (SELECT count(*)::int FROM equipment WHERE id = $2) AS devices,
              (SELECT count(*)::int FROM software WHERE id = $3) AS apps`,
      [created.id, box.id, app.id],
    );
    expect(rows[0]).toEqual({ links: 0, devices: 1, apps: 1 });
  });
});

describe('list', () => {
  it('pages by keyset and filters by organization, category and text', async () => {
    const tag = `Sy${Date.now() % 100000}`;
    const a = await makeOrganization(api.db.pool);
    const b = await makeOrganization(api.db.pool);
    for (let i = 0; i < 30; i++) {
      const res = await user.post(
        '/api/manage/system/create',
        form({
          name: `${tag} ${String(i).padStart(2, '0')}`,
          organization: i < 12 ? a.id : b.id,
          category: i % 2 ? 'EMAIL' : 'OTHER',
          description: i === 7 ? 'Hosted PBX by Acme Voice' : null,
        }),
      );
      expect(res.statusCode).toBe(200);
    }
    const q = `q=${encodeURIComponent(tag)}`;
    const first = (await user.get(`/api/manage/system?${q}`)).json();
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ name: `${tag} 00`, category: { value: 'OTHER', label: 'Other' } });
    expect(first.items[0].equipment).toBeUndefined();
    const second = (await user.get(`/api/manage/system?${q}&after=${first.next}`)).json();
    expect(second.items.map((s: { name: string }) => s.name)).toEqual(
      [25, 26, 27, 28, 29].map((i) => `${tag} ${i}`),
    );
    expect(second.next).toBeNull();
    const names = async (query: string) =>
      (await user.get(`/api/manage/system?limit=100&${query}`))
        .json()
        .items.map((s: { name: string }) => s.name);
    expect(await names(`organization=${a.id}`)).toHaveLength(12);
    expect(await names(`organization=${b.id}&category=EMAIL`)).toHaveLength(9);
    expect(await names(`organization=${a.id}&q=acme%20voice`)).toEqual([`${tag} 07`]);
    expect((await user.get('/api/manage/system?category=MAINFRAME')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await api.anonymous.get('/api/manage/system')).statusCode).toBe(401);
    expect((await api.anonymous.post('/api/manage/system/create', form())).statusCode).toBe(401);
  });
});
