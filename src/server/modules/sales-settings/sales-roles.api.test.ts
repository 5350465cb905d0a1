// Sales settings, roles: administrators only (403 before validation), the active staff offered by name, empty roles
// before the first save (while every active staff member may own), inactive and unknown staff refused as field
// errors, the 409, and the field history by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { isSalesOwner, salesOwnerOptions } from './sales-roles.service.js';

const PATH = '/api/admin/sales-settings-roles';
const HISTORY = '/api/history/salesRoleSettings/1';
let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
const staff: Record<string, { id: number }> = {};
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const t = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  tech = await api.signIn(t.email, TEST_PASSWORD);
  staff.ada = a;
  staff.tess = t;
  staff.sam = await makeUser(api.db.pool, { firstName: 'Sam', lastName: 'Seller' });
  staff.carla = await makeUser(api.db.pool, { firstName: 'Carla', lastName: 'Closer' });
  staff.gone = await makeUser(api.db.pool, { firstName: 'Gus', lastName: 'Gone', active: false });
});
afterAll(() => api?.close());

describe('sales settings, roles', () => {
  it('administrators read empty roles and the active staff by name; others get 403', async () => {
    const res = await admin.get(PATH);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.salesRoleSettings).toEqual({
      owners: [],
      approvers: [],
      version: 0,
      updated: null,
      updatedBy: null,
    });
    expect(body.can).toEqual({ save: true });
    const labels = (body.formOptions.staff as { label: string }[]).map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['Ada Admin', 'Carla Closer', 'Sam Seller', 'Tess Tech']));
    expect(labels).not.toContain('Gus Gone');
    // By last name.
    expect(labels.indexOf('Ada Admin')).toBeLessThan(labels.indexOf('Carla Closer'));
    expect(labels.indexOf('Carla Closer')).toBeLessThan(labels.indexOf('Sam Seller'));
    expect((await tech.get(PATH)).statusCode).toBe(403);
    expect((await tech.get(HISTORY)).statusCode).toBe(403);
    // Before any save, every active staff member may own an opportunity.
    expect(await isSalesOwner(api.db.pool, staff.tess!.id)).toBe(true);
  });

  it('refuses a technician save with 403 before validating the body', async () => {
    for (const body of [
      { version: 0, owners: [staff.tess!.id], approvers: [] },
      { owners: 'all' },
      undefined,
    ]) {
      const res = await tech.post(PATH, body);
      expect(res.statusCode).toBe(403);
    }
    expect((await admin.get(PATH)).json().salesRoleSettings.version).toBe(0);
  });

  it('refuses inactive and unknown staff as field errors, saving nothing', async () => {
    const res = await admin.post(PATH, {
      version: 0,
      owners: [staff.sam!.id, staff.gone!.id],
      approvers: [999999],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      owners: ['Gus Gone is not an active staff member. Remove them from the list.'],
      approvers: ['Staff member #999999 does not exist.'],
    });
    const bad = await admin.post(PATH, { version: 0, owners: ['x'], approvers: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().form.fields)).toEqual(['owners']);
    expect((await admin.get(PATH)).json().salesRoleSettings.version).toBe(0);
  });

  it('saves owners and approvers; they read back by name; history names them', async () => {
    const res = await admin.post(PATH, {
      version: 0,
      owners: [staff.sam!.id, staff.carla!.id, staff.sam!.id],
      approvers: [staff.ada!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().salesRoleSettings).toMatchObject({
      owners: [
        { value: staff.carla!.id, label: 'Carla Closer' },
        { value: staff.sam!.id, label: 'Sam Seller' },
      ],
      approvers: [{ value: staff.ada!.id, label: 'Ada Admin' }],
      version: 1,
      updatedBy: { label: 'Ada Admin' },
    });
    expect(res.json().formOptions.staff.length).toBeGreaterThan(3);
    expect(await isSalesOwner(api.db.pool, staff.tess!.id)).toBe(false);
    expect(await isSalesOwner(api.db.pool, staff.sam!.id)).toBe(true);
    expect((await salesOwnerOptions(api.db.pool)).map((o) => o.label)).toEqual([
      'Carla Closer',
      'Sam Seller',
    ]);

    const history = (await admin.get(HISTORY)).json().history;
    expect(history).toMatchObject({ objectClass: 'SalesRoleSettings', title: 'Sales Settings: Roles' });
    expect(
      (history.items as { fieldLabel: string; oldValue: string | null; newValue: string | null }[])
        .map((i) => [i.fieldLabel, i.oldValue, i.newValue])
        .sort(),
    ).toEqual([
      ['Approvers', null, 'Ada Admin'],
      ['Owners', null, 'Carla Closer, Sam Seller'],
    ]);
  });

  it('shows an owner made inactive since by name, so it can be removed; a stale save gets 409', async () => {
    await api.db.pool.query('UPDATE users SET active = false WHERE id = $1', [staff.carla!.id]);
    const page = (await admin.get(PATH)).json();
    expect(page.salesRoleSettings.owners.map((o: { label: string }) => o.label)).toEqual([
      'Carla Closer',
      'Sam Seller',
    ]);
    expect(page.formOptions.staff.map((o: { label: string }) => o.label)).not.toContain('Carla Closer');
    const keep = await admin.post(PATH, {
      version: 1,
      owners: [staff.carla!.id, staff.sam!.id],
      approvers: [],
    });
    expect(keep.json().form.fields).toEqual({
      owners: ['Carla Closer is not an active staff member. Remove them from the list.'],
    });
    const ok = await admin.post(PATH, { version: 1, owners: [staff.sam!.id], approvers: [] });
    expect(ok.statusCode).toBe(200);
    const stale = await admin.post(PATH, { version: 1, owners: [], approvers: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual(ok.json().salesRoleSettings);
    const items = (await admin.get(HISTORY)).json().history.items;
    expect(
      items
        .slice(0, 2)
        .map((i: { fieldLabel: string; oldValue: string; newValue: string | null }) => [
          i.fieldLabel,
          i.oldValue,
          i.newValue,
        ])
        .sort(),
    ).toEqual([
      ['Approvers', 'Ada Admin', null],
      ['Owners', 'Carla Closer, Sam Seller', 'Sam Seller'],
    ]);
  });
});
