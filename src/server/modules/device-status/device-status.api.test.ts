// Device status settings: administrators only, the first save creating the settings version, add / rename / swap /
// reorder / deactivate / remove, the in-use and unique-name rules, history rows, and the 409 on a stale version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeEquipment, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let otherAdmin: Awaited<ReturnType<typeof api.signIn>>;
let staff: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const b = await makeAdmin(api.db.pool, { firstName: 'Bo', lastName: 'Boss' });
  otherAdmin = await api.signIn(b.email, TEST_PASSWORD);
  const u = await makeUser(api.db.pool);
  staff = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const PATH = '/api/admin/device-status';
type Status = { id: number; name: string; sortOrder: number; active: boolean; inUse: boolean };
type Settings = {
  statuses: Status[];
  version: number;
  updated: string | null;
  updatedBy: { value: number; label: string } | null;
};
type Row = { id: number | null; name: string; active: boolean };

const load = async () => {
  const res = await admin.get(PATH);
  expect(res.statusCode).toBe(200);
  return res.json().deviceStatus as Settings;
};
const rows = (settings: Settings): Row[] =>
  settings.statuses.map(({ id, name, active }) => ({ id, name, active }));
const save = (version: number, statuses: Row[], caller = admin) => caller.post(PATH, { version, statuses });
const saved = async (version: number, statuses: Row[]) => {
  const res = await save(version, statuses);
  expect(res.statusCode).toBe(200);
  return res.json().deviceStatus as Settings;
};
type HistoryItem = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };
const history = async () => {
  const res = await admin.get('/api/history/device-status/1?limit=100');
  expect(res.statusCode).toBe(200);
  return res.json().history as { objectClass: string; title: string; items: HistoryItem[] };
};
const lastChanges = async (n: number) =>
  (await history()).items
    .slice(0, n)
    .map((i) => [i.fieldLabel, i.oldValue, i.newValue])
    .reverse();

// The tests build on each other: one list, saved again and again.
describe('device status settings', () => {
  it('refuses a non-administrator on every route and changes nothing', async () => {
    const forbidden = [
      await staff.get(PATH),
      await save(0, [{ id: null, name: 'Sneaky', active: true }], staff),
      await staff.post(PATH, { statuses: 'not a list' }),
      await staff.get('/api/history/device-status/1'),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    expect((await api.anonymous.get(PATH)).statusCode).toBe(401);
    const { rows: count } = await api.db.pool.query('SELECT count(*)::int AS n FROM device_statuses');
    expect(count[0].n).toBe(0);
  });

  it('starts empty at version 0, and the first save creates the list, its version and history', async () => {
    const res = (await admin.get(PATH)).json();
    expect(res).toEqual({
      deviceStatus: { statuses: [], version: 0, updated: null, updatedBy: null },
      formOptions: {},
    });
    const after = await admin.post(PATH, {
      version: 0,
      statuses: [
        { id: null, name: ' Deployed ', active: true },
        { id: null, name: 'Spare', active: true },
        { id: null, name: 'In Repair', active: false },
        { id: null, name: 'Retired', active: true },
      ],
    });
    expect(after.statusCode).toBe(200);
    const body = after.json();
    expect(body.formOptions).toEqual({});
    const settings = body.deviceStatus as Settings;
    expect(settings.version).toBe(1);
    expect(settings.updatedBy).toMatchObject({ label: 'Ada Admin' });
    expect(settings.updated).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(
      settings.statuses.map(({ name, sortOrder, active, inUse }) => [name, sortOrder, active, inUse]),
    ).toEqual([
      ['Deployed', 1, true, false],
      ['Spare', 2, true, false],
      ['In Repair', 3, false, false],
      ['Retired', 4, true, false],
    ]);
    expect(await load()).toEqual(settings);
    const h = await history();
    expect(h.objectClass).toBe('DeviceStatusSettings');
    expect(h.title).toBe('Device Status');
    expect(await lastChanges(4)).toEqual([
      ['Status', null, 'Deployed'],
      ['Status', null, 'Spare'],
      ['Status', null, 'In Repair (Inactive)'],
      ['Status', null, 'Retired'],
    ]);
    expect((await admin.get('/api/history/device-status/2')).statusCode).toBe(404);
  });

  it('the equipment form offers the active statuses in their order', async () => {
    const { formOptions } = (await admin.get('/api/manage/equipment/create')).json();
    expect(formOptions.status.map((o: { label: string }) => o.label)).toEqual([
      'Deployed',
      'Spare',
      'Retired',
    ]);
  });

  it('requires names and refuses duplicates in any letter case, naming the rows, and saves nothing', async () => {
    const current = await load();
    const [deployed, spare] = current.statuses;
    const res = await save(current.version, [
      { id: deployed!.id, name: 'Deployed', active: true },
      { id: spare!.id, name: '  ', active: true },
      { id: null, name: 'DEPLOYED', active: true },
      { id: null, name: 'x'.repeat(101), active: true },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please review the page for field entry errors, shown in red.');
    expect(res.json().form.fields).toEqual({
      statuses: [
        'Row 2: This value should not be blank.',
        'Row 3: This name is already used.',
        'Row 4: Use at most 100 characters.',
      ],
    });
    expect(await load()).toEqual(current);
  });

  it('refuses a status that no longer exists, or one listed twice', async () => {
    const current = await load();
    const gone = await save(current.version, [...rows(current), { id: 999999, name: 'Ghost', active: true }]);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().form.fields).toEqual({
      statuses: ['Row 5: This status no longer exists. Reload the page.'],
    });
    const first = rows(current)[0]!;
    const twice = await save(current.version, [...rows(current), { ...first, name: 'Copy' }]);
    expect(twice.json().form.fields).toEqual({
      statuses: ['Row 5: This status is listed twice. Reload the page.'],
    });
    expect(await load()).toEqual(current);
  });

  it('renames, swaps names, reorders and (de)activates, one history row per changed status', async () => {
    const current = await load();
    const [deployed, spare, repair, retired] = rows(current);
    const after = await saved(current.version, [
      { ...retired!, name: 'Spare' },
      { ...spare!, name: 'Retired' },
      { ...deployed!, name: 'In Service' },
      { ...repair!, active: true },
    ]);
    expect(after.version).toBe(2);
    expect(after.statuses.map((s) => [s.id, s.name, s.sortOrder, s.active])).toEqual([
      [retired!.id, 'Spare', 1, true],
      [spare!.id, 'Retired', 2, true],
      [deployed!.id, 'In Service', 3, true],
      [repair!.id, 'In Repair', 4, true],
    ]);
    expect(await lastChanges(5)).toEqual([
      ['Status', 'Retired', 'Spare'],
      ['Status', 'Spare', 'Retired'],
      ['Status', 'Deployed', 'In Service'],
      ['Status', 'In Repair (Inactive)', 'In Repair'],
      ['Order', 'Deployed, Spare, In Repair, Retired', 'Spare, Retired, In Service, In Repair'],
    ]);
    // A change of letter case only is a rename too.
    const recased = await saved(
      after.version,
      rows(after).map((r, i) => (i === 0 ? { ...r, name: 'SPARE' } : r)),
    );
    expect(recased.statuses[0]!.name).toBe('SPARE');
    expect(await lastChanges(1)).toEqual([['Status', 'Spare', 'SPARE']]);
  });

  it('a status used by equipment shows as in use, cannot be removed, but can be made inactive', async () => {
    const current = await load();
    const [spare, retired, inService, repair] = rows(current);
    await makeEquipment(api.db.pool).then((d) =>
      api.db.pool.query('UPDATE equipment SET status_id = $2 WHERE id = $1', [d.id, inService!.id]),
    );
    const withUse = await load();
    expect(withUse.statuses.map((s) => [s.name, s.inUse])).toEqual([
      ['SPARE', false],
      ['Retired', false],
      ['In Service', true],
      ['In Repair', false],
    ]);
    const refused = await save(withUse.version, [spare!, retired!, repair!]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().form.fields).toEqual({
      statuses: ['"In Service" is used by equipment and cannot be removed. Mark it inactive instead.'],
    });
    expect(await load()).toEqual(withUse);
    const inactive = await saved(withUse.version, [
      spare!,
      retired!,
      { ...inService!, active: false },
      repair!,
    ]);
    expect(inactive.statuses[2]).toMatchObject({ name: 'In Service', active: false, inUse: true });
    expect(await lastChanges(1)).toEqual([['Status', 'In Service', 'In Service (Inactive)']]);
  });

  it('removes unused statuses and adds new ones in one save', async () => {
    const current = await load();
    const [spare, retired, inService, repair] = rows(current);
    const after = await saved(current.version, [
      { id: null, name: 'Ordered', active: true },
      spare!,
      inService!,
      { id: null, name: 'Retired', active: true },
    ]);
    expect(after.statuses.map((s) => s.name)).toEqual(['Ordered', 'SPARE', 'In Service', 'Retired']);
    expect(after.statuses.map((s) => s.sortOrder)).toEqual([1, 2, 3, 4]);
    // The re-added "Retired" is a new status: the old one and "In Repair" are gone.
    expect(after.statuses.map((s) => s.id)).not.toContain(retired!.id);
    expect(after.statuses.map((s) => s.id)).not.toContain(repair!.id);
    const changes = await lastChanges(4);
    expect(changes).toEqual([
      ['Status', 'Retired', null],
      ['Status', 'In Repair', null],
      ['Status', null, 'Ordered'],
      ['Status', null, 'Retired'],
    ]);
    expect((await history()).items.map((i) => i.fieldLabel)).not.toContain(undefined);
  });

  it('a save from a stale version gets 409 with the changed-by message and the current list, and changes nothing', async () => {
    const seen = await load();
    const first = await save(seen.version, rows(seen), otherAdmin);
    expect(first.statusCode).toBe(200);
    const current = first.json().deviceStatus as Settings;
    expect(current.version).toBe(seen.version + 1);
    expect(current.updatedBy).toMatchObject({ label: 'Bo Boss' });
    const stale = await save(seen.version, [{ id: null, name: 'Lost Update', active: true }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Bo Boss at \d\d\/\d\d\/\d{4} \d/);
    expect(stale.json().current).toEqual(current);
    expect(await load()).toEqual(current);
  });
});
