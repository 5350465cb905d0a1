// Sales settings, e-signature: administrators only (403 before validation), nothing set before the first save, the
// sender's email checked, the 409, and no field history (SPEC §2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';

const PATH = '/api/admin/sales-settings-esignature';
let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const t = await makeUser(api.db.pool);
  tech = await api.signIn(t.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const form = (over: Record<string, unknown> = {}) => ({
  version: 0,
  providerName: 'Dropbox Sign',
  senderName: 'SD6 Demo IT Services',
  senderEmail: 'contracts@sd6.example',
  reminderDays: '3',
  ...over,
});

describe('sales settings, e-signature', () => {
  it('administrators read nothing set before the first save; others get 403', async () => {
    const res = await admin.get(PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      esignatureSettings: {
        providerName: null,
        senderName: null,
        senderEmail: null,
        reminderDays: null,
        version: 0,
        updated: null,
        updatedBy: null,
      },
      can: { save: true },
    });
    expect((await tech.get(PATH)).statusCode).toBe(403);
    for (const body of [form(), { senderEmail: 'nope' }, undefined]) {
      expect((await tech.post(PATH, body)).statusCode).toBe(403);
    }
  });

  it('checks the email address and the reminder days, keyed by field', async () => {
    const res = await admin.post(PATH, form({ senderEmail: 'contracts at sd6', reminderDays: 400 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.senderEmail).toEqual(['Invalid email address']);
    expect(res.json().form.fields.reminderDays).toHaveLength(1);
    expect((await admin.get(PATH)).json().esignatureSettings.version).toBe(0);
  });

  it('saves, reads back, refuses a stale save with 409, and keeps no history', async () => {
    const res = await admin.post(PATH, form());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().esignatureSettings;
    expect(saved).toMatchObject({
      providerName: 'Dropbox Sign',
      senderEmail: 'contracts@sd6.example',
      reminderDays: 3,
      version: 1,
      updatedBy: { label: 'Ada Admin' },
    });
    expect((await admin.get(PATH)).json().esignatureSettings).toEqual(saved);
    // Emptied fields become null.
    const cleared = await admin.post(PATH, form({ version: 1, providerName: '', reminderDays: '' }));
    expect(cleared.json().esignatureSettings).toMatchObject({
      providerName: null,
      reminderDays: null,
      version: 2,
    });
    const stale = await admin.post(PATH, form({ version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toEqual(cleared.json().esignatureSettings);
    const { rows } = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM field_history WHERE entity ILIKE '%signature%'`,
    );
    expect(rows[0].n).toBe(0);
    expect((await admin.get('/api/history/esignatureSettings/1')).statusCode).toBe(404);
  });
});
