// Service types: the pick list's shared cases (administrators only on every route, before validation, CRUD, names
// unique without regard to case, history under ServiceType, the 409, the in-use delete rule, list filters), and its
// own: Block Hours and Billed Per.
import { describe, expect, it } from 'vitest';
import { makeAgreement, makeAgreementService, makeServiceType } from '../../../../test/support/factories.js';
import { pickListSuite } from '../../../../test/support/pick-list-suite.js';

const BASE = '/api/admin/service-type';
const FORM = {
  version: 0,
  name: 'Managed Workstations',
  description: 'Per-seat monitoring and patching',
  blockHours: false,
  billedPer: null,
  active: true,
};
const form = (over: Record<string, unknown> = {}) => ({ ...FORM, ...over });
type HistoryItem = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };

const ctx = pickListSuite({
  base: BASE,
  history: 'serviceType',
  key: 'serviceType',
  objectClass: 'ServiceType',
  table: 'service_types',
  make: (db, name) => makeServiceType(db, { name }),
  form: FORM,
  blank: { blockHours: false, billedPer: null },
  guarded: 'Guarded Service',
  create: {
    name: 'Block Time',
    over: { blockHours: true },
    expect: { blockHours: true },
    history: [
      ['Active', null, 'Yes'],
      ['Block Hours', null, 'Yes'],
      ['Description', null, 'Per-seat monitoring and patching'],
      ['Name', null, 'Block Time'],
    ],
  },
  unique: {
    taken: ['Backup Monitoring', 'BACKUP monitoring'],
    other: 'Antivirus Care',
    own: ['Firewall Care', 'FIREWALL Care'],
  },
  update: {
    from: 'Help Desk',
    to: 'Help Desk Hours',
    over: { description: null, blockHours: true },
    expect: { blockHours: true },
    changes: [
      ['Active', 'Yes', 'No'],
      ['Block Hours', 'No', 'Yes'],
      ['Name', 'Help Desk', 'Help Desk Hours'],
    ],
  },
  inUse: {
    use: async ({ api }, id) => {
      const agreement = await makeAgreement(api.db.pool);
      await makeAgreementService(api.db.pool, { agreementId: agreement.id, serviceTypeId: id });
    },
    message:
      'This service type is used by agreement services or amendments and cannot be deleted. Mark it inactive instead.',
  },
  listTag: 'Svc',
});

describe('block hours and billed per', () => {
  it('keeps what a unit is billed per (device, user or nothing counted), with its history', async () => {
    const res = await ctx.admin.post(`${BASE}/create`, form({ name: 'Managed Laptop', billedPer: 'DEVICE' }));
    expect(res.statusCode, res.body).toBe(200);
    const type = res.json().serviceType;
    expect(type.billedPer).toEqual({ value: 'DEVICE', label: 'Device' });
    const perUser = await ctx.admin.post(
      `${BASE}/${type.id}`,
      form({ name: 'Managed Laptop', billedPer: 'USER' }),
    );
    expect(perUser.json().serviceType).toMatchObject({
      billedPer: { value: 'USER', label: 'User' },
      version: 1,
    });
    // The empty choice of the select: not counted.
    const none = await ctx.admin.post(
      `${BASE}/${type.id}`,
      form({ version: 1, name: 'Managed Laptop', billedPer: '' }),
    );
    expect(none.json().serviceType).toMatchObject({ billedPer: null, version: 2 });
    const items = (await ctx.admin.get(`/api/history/serviceType/${type.id}`)).json().history
      .items as HistoryItem[];
    expect(
      items.filter((i) => i.field === 'billedPer').map((i) => [i.fieldLabel, i.oldValue, i.newValue]),
    ).toEqual(
      expect.arrayContaining([
        ['Billed Per', null, 'Device'],
        ['Billed Per', 'Device', 'User'],
        ['Billed Per', 'User', null],
      ]),
    );
    const bad = await ctx.admin.post(
      `${BASE}/${type.id}`,
      form({ version: 2, name: 'Managed Laptop', billedPer: 'SITE' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().form.fields)).toEqual(['billedPer']);
    const list = (await ctx.admin.get(`${BASE}?q=Managed%20Laptop`)).json();
    expect(list.items[0]).toMatchObject({ name: 'Managed Laptop', billedPer: null });
  });

  it('lists Block Hours with each type', async () => {
    const { api, admin } = ctx;
    const tag = `Blk${Date.now() % 100000}`;
    for (let i = 0; i < 6; i++)
      await makeServiceType(api.db.pool, {
        name: `${tag} ${String(i).padStart(2, '0')}`,
        blockHours: i === 4,
      });
    const items = (await admin.get(`${BASE}?q=${tag}`)).json().items;
    expect(items[4]).toMatchObject({ name: `${tag} 04`, blockHours: true });
    expect(items[3]).toMatchObject({ name: `${tag} 03`, blockHours: false });
  });
});
