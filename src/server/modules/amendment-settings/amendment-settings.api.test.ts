// Sales settings, amendments: read by every signed-in user (can.save tells them apart), saved by administrators only
// (403 before validation), the default type must be active, field history readable by everyone, the 409, and new
// numbers taken from what was saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeAmendmentType, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import { withTransaction } from '../../platform/transaction.js';
import { takeAmendmentNumber } from './amendment-settings.service.js';

const PATH = '/api/admin/sales-settings-amendment';
const HISTORY = '/api/history/amendmentSettings/1';
let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let otherAdmin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
let adminId: number;
let change: { id: number; name: string };
let renewal: { id: number; name: string };
let retired: { id: number; name: string };
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const b = await makeAdmin(api.db.pool, { firstName: 'Bo', lastName: 'Boss' });
  otherAdmin = await api.signIn(b.email, TEST_PASSWORD);
  const t = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  tech = await api.signIn(t.email, TEST_PASSWORD);
  renewal = await makeAmendmentType(api.db.pool, { name: 'Renewal' });
  change = await makeAmendmentType(api.db.pool, { name: 'Change of Services' });
  retired = await makeAmendmentType(api.db.pool, { name: 'Retired Kind', active: false });
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  numberPrefix: 'AM-',
  nextNumber: 1001,
  defaultAmendmentType: null,
  signingNeedsDocument: false,
  ...over,
});
type Item = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };
const historyItems = async () => {
  const res = await admin.get(`${HISTORY}?limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json().history.items as Item[];
};
const settingsVersion = async () => (await admin.get(PATH)).json().amendmentSettings.version as number;

// The tests build on each other: one settings row, saved again and again.
describe('sales settings, amendments', () => {
  it('every signed-in user reads the defaults and the active types; only administrators may save', async () => {
    const read = await tech.get(PATH);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      amendmentSettings: {
        numberPrefix: 'AM-',
        nextNumber: 1001,
        defaultAmendmentType: null,
        signingNeedsDocument: false,
        version: 0,
        updated: null,
        updatedBy: null,
      },
      formOptions: {
        defaultAmendmentType: [
          { value: change.id, label: 'Change of Services' },
          { value: renewal.id, label: 'Renewal' },
        ],
      },
      can: { save: false },
    });
    const asAdmin = (await admin.get(PATH)).json();
    expect(asAdmin.can).toEqual({ save: true });
    expect(asAdmin.amendmentSettings).toEqual(read.json().amendmentSettings);
    expect((await api.anonymous.get(PATH)).statusCode).toBe(401);
  });

  it('refuses a technician save with 403 before validating the body, and saves nothing', async () => {
    for (const body of [form({ numberPrefix: 'HACK-' }), { nextNumber: 'many' }, undefined]) {
      const res = await tech.post(PATH, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM settings WHERE key = 'amendment_settings'`,
    );
    expect(rows[0].n).toBe(0);
    expect(await historyItems()).toEqual([]);
  });

  it('returns every message keyed by field, and saves nothing', async () => {
    const res = await admin.post(PATH, form({ numberPrefix: ' ', nextNumber: 0 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please review the page for field entry errors, shown in red.');
    expect(res.json().form.fields).toEqual({
      numberPrefix: ['This value should not be blank.', 'Use letters, digits and hyphens only.'],
      nextNumber: ['Please enter a number of 1 or more.'],
    });
    expect(await settingsVersion()).toBe(0);
  });

  it('refuses a default type that is inactive or does not exist, as a field error', async () => {
    for (const id of [retired.id, 999999]) {
      const res = await admin.post(PATH, form({ defaultAmendmentType: id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields).toEqual({ defaultAmendmentType: ['Choose an active amendment type.'] });
    }
    expect(await settingsVersion()).toBe(0);
    expect(await historyItems()).toEqual([]);
  });

  it('an administrator saves; history records the displayed text under AmendmentSettings, read by everyone', async () => {
    const res = await admin.post(
      PATH,
      form({
        numberPrefix: 'AMD-',
        nextNumber: '2000',
        defaultAmendmentType: renewal.id,
        signingNeedsDocument: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.amendmentSettings).toMatchObject({
      numberPrefix: 'AMD-',
      nextNumber: 2000,
      defaultAmendmentType: { value: renewal.id, label: 'Renewal' },
      signingNeedsDocument: true,
      version: 1,
      updatedBy: { value: adminId, label: 'Ada Admin' },
    });
    expect(saved.can).toEqual({ save: true });
    expect(Date.parse(saved.amendmentSettings.updated)).toBeGreaterThan(Date.now() - 60_000);
    expect((await tech.get(PATH)).json().amendmentSettings).toEqual(saved.amendmentSettings);

    const history = await tech.get(HISTORY);
    expect(history.statusCode).toBe(200);
    expect(history.json().history.objectClass).toBe('AmendmentSettings');
    expect(history.json().history.title).toBe('Sales Settings: Amendments');
    expect(
      (history.json().history.items as Item[]).map((i) => [i.fieldLabel, i.oldValue, i.newValue]).sort(),
    ).toEqual([
      ['Default Amendment Type', null, 'Renewal'],
      ['Next Number', '1001', '2000'],
      ['Number Prefix', 'AM-', 'AMD-'],
      ['Signing Needs Document', 'No', 'Yes'],
    ]);
    expect((await tech.get('/api/history/amendmentSettings/2')).statusCode).toBe(404);
  });

  it('a later save records only what changed', async () => {
    const res = await admin.post(
      PATH,
      form({
        version: 1,
        numberPrefix: 'AMD-',
        nextNumber: 2000,
        defaultAmendmentType: change.id,
        signingNeedsDocument: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().amendmentSettings.version).toBe(2);
    const items = await historyItems();
    expect(items).toHaveLength(5);
    expect(items[0]).toMatchObject({
      field: 'defaultAmendmentType',
      fieldLabel: 'Default Amendment Type',
      oldValue: 'Renewal',
      newValue: 'Change of Services',
    });
  });

  it('a stale save gets 409 with the changed-by message and the current settings, and overwrites nothing', async () => {
    const first = await otherAdmin.post(
      PATH,
      form({ version: 2, numberPrefix: 'AMD-', nextNumber: 2000, defaultAmendmentType: change.id }),
    );
    expect(first.statusCode).toBe(200);
    const current = first.json().amendmentSettings;
    expect(current).toMatchObject({
      version: 3,
      signingNeedsDocument: false,
      updatedBy: { label: 'Bo Boss' },
    });
    const stale = await admin.post(PATH, form({ version: 2, numberPrefix: 'LOST-' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Bo Boss at \d\d\/\d\d\/\d{4} /);
    expect(stale.json().current).toEqual(current);
    expect((await admin.get(PATH)).json().amendmentSettings).toEqual(current);
  });

  it('new amendment numbers follow the saved prefix and number, without changing the page version', async () => {
    const numbers = await withTransaction(api.db, async ({ client }) => [
      await takeAmendmentNumber(client),
      await takeAmendmentNumber(client),
    ]);
    expect(numbers).toEqual(['AMD-2000', 'AMD-2001']);
    const after = (await admin.get(PATH)).json().amendmentSettings;
    expect(after).toMatchObject({ numberPrefix: 'AMD-', nextNumber: 2002, version: 3 });
  });
});
