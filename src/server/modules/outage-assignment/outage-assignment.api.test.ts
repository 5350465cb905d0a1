// Outage auto assignment settings (admin): authorization, first save, messages by row, field history, the 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeOutageType, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';

const PATH = '/api/admin/outage-auto-assignment';
let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let adminId: number;
let user: Awaited<ReturnType<typeof api.signIn>>;
let email: { id: number; name: string };
let power: { id: number; name: string };
let phones: { id: number; name: string };
let nora: { id: number };
let dora: { id: number };
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  user = await api.signIn((await makeUser(api.db.pool)).email, TEST_PASSWORD);
  power = await makeOutageType(api.db.pool, 'Power Outage');
  email = await makeOutageType(api.db.pool, 'Email Down');
  phones = await makeOutageType(api.db.pool, 'Phones Down');
  nora = await makeUser(api.db.pool, { firstName: 'Nora', lastName: 'Network' });
  dora = await makeUser(api.db.pool, { firstName: 'Dora', lastName: 'Default' });
});
afterAll(() => api?.close());

type Item = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };
const historyItems = async () =>
  (await admin.get('/api/history/outage-auto-assignment/1')).json().history.items as Item[];

describe('outage auto assignment', () => {
  it('refuses non-administrators on every route, history included', async () => {
    const calls = [
      user.get(PATH),
      user.post(PATH, { version: 0, defaultAssignee: null, rules: [] }),
      user.get('/api/history/outage-auto-assignment/1'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    expect((await api.anonymous.get(PATH)).statusCode).toBe(401);
  });

  it('starts empty, at version 0, with the active outage types to choose from', async () => {
    const gone = await makeOutageType(api.db.pool, 'Retired Type');
    await api.db.pool.query('UPDATE outage_types SET active = false WHERE id = $1', [gone.id]);
    const res = (await admin.get(PATH)).json();
    expect(res.outageAutoAssignment).toEqual({
      defaultAssignee: null,
      rules: [],
      version: 0,
      updated: null,
      updatedBy: null,
    });
    expect(res.formOptions.outageType).toEqual([
      { value: email.id, label: 'Email Down' },
      { value: phones.id, label: 'Phones Down' },
      { value: power.id, label: 'Power Outage' },
    ]);
  });

  it('returns the messages: by row under rules, the default assignee under its field; saves nothing', async () => {
    const retired = await makeUser(api.db.pool, { active: false });
    const res = await admin.post(PATH, {
      version: 0,
      defaultAssignee: retired.id,
      rules: [
        { outageType: email.id, assignee: nora.id },
        { outageType: email.id, assignee: dora.id },
        { outageType: '', assignee: '' },
        { outageType: power.id, assignee: retired.id },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      rules: [
        'Row 2: This outage type already has a rule.',
        'Row 3: Choose an outage type.',
        'Row 3: Choose an assignee.',
      ],
    });
    const checked = await admin.post(PATH, {
      version: 0,
      defaultAssignee: retired.id,
      rules: [
        { outageType: 999999, assignee: nora.id },
        { outageType: power.id, assignee: retired.id },
      ],
    });
    expect(checked.statusCode).toBe(400);
    expect(checked.json().form.fields).toEqual({
      defaultAssignee: ['Choose an active staff member.'],
      rules: ['Row 1: This outage type does not exist.', 'Row 2: Choose an active staff member.'],
    });
    expect((await admin.get(PATH)).json().outageAutoAssignment.version).toBe(0);
    const { rows } = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM settings WHERE key = 'outage_auto_assignment'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('the first save creates the settings, presents labels by type name and records one change each', async () => {
    const res = await admin.post(PATH, {
      version: 0,
      defaultAssignee: dora.id,
      rules: [
        { outageType: power.id, assignee: nora.id },
        { outageType: email.id, assignee: nora.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().outageAutoAssignment;
    expect(saved).toMatchObject({
      defaultAssignee: { value: dora.id, label: 'Dora Default' },
      rules: [
        {
          outageType: { value: email.id, label: 'Email Down' },
          assignee: { value: nora.id, label: 'Nora Network' },
        },
        {
          outageType: { value: power.id, label: 'Power Outage' },
          assignee: { value: nora.id, label: 'Nora Network' },
        },
      ],
      version: 1,
      updatedBy: { value: adminId, label: 'Ada Admin' },
    });
    expect(Date.parse(saved.updated)).toBeGreaterThan(Date.now() - 60_000);
    expect((await admin.get(PATH)).json().outageAutoAssignment).toEqual(saved);
    const history = (await admin.get('/api/history/outage-auto-assignment/1')).json().history;
    expect(history.objectClass).toBe('OutageAutoAssignment');
    expect(history.title).toBe('Outage Auto Assignment');
    expect(history.items.map((i: Item) => [i.fieldLabel, i.oldValue, i.newValue])).toEqual(
      expect.arrayContaining([
        ['Default Assignee', null, 'Dora Default'],
        ['Rule', null, 'Email Down: Nora Network'],
        ['Rule', null, 'Power Outage: Nora Network'],
      ]),
    );
    expect(history.items).toHaveLength(3);
    expect((await admin.get('/api/history/outage-auto-assignment/2')).statusCode).toBe(404);
  });

  it('a later save records only what changed: rules added, changed, removed and the default', async () => {
    const res = await admin.post(PATH, {
      version: 1,
      defaultAssignee: null,
      rules: [
        { outageType: email.id, assignee: dora.id },
        { outageType: phones.id, assignee: nora.id },
        { outageType: power.id, assignee: nora.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().outageAutoAssignment).toMatchObject({ defaultAssignee: null, version: 2 });
    const latest = (await historyItems()).slice(0, 3);
    expect(latest.map((i) => [i.field, i.oldValue, i.newValue])).toEqual(
      expect.arrayContaining([
        ['defaultAssignee', 'Dora Default', null],
        ['rules', 'Email Down: Nora Network', 'Email Down: Dora Default'],
        ['rules', null, 'Phones Down: Nora Network'],
      ]),
    );
    expect(await historyItems()).toHaveLength(6);
    const removed = await admin.post(PATH, {
      version: 2,
      defaultAssignee: null,
      rules: [
        { outageType: email.id, assignee: dora.id },
        { outageType: phones.id, assignee: nora.id },
      ],
    });
    expect(removed.statusCode).toBe(200);
    const items = await historyItems();
    expect(items).toHaveLength(7);
    expect(items[0]).toMatchObject({
      field: 'rules',
      oldValue: 'Power Outage: Nora Network',
      newValue: null,
    });
  });

  it('a stale save gets 409 with the current settings and the changed-by message, and overwrites nothing', async () => {
    const stale = await admin.post(PATH, { version: 1, defaultAssignee: nora.id, rules: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Ada Admin at \d{2}\/\d{2}\/\d{4} /);
    expect(stale.json().current).toMatchObject({ version: 3, defaultAssignee: null });
    expect(stale.json().current.rules).toHaveLength(2);
    expect((await admin.get(PATH)).json().outageAutoAssignment).toMatchObject({
      version: 3,
      defaultAssignee: null,
    });
  });
});
