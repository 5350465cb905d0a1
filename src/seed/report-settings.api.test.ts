// The demo report settings as the admin screens show them: a report disclaimer and a retired banner (so no banner
// shows), the three required uploads printing the disclaimer, and the virtual-device rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../test/support/api.js';
import { makeAdmin, makeDeviceCategory, TEST_PASSWORD } from '../../test/support/factories.js';
import { seedReportSettings } from './report-settings.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let vmCategory: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool);
  admin = await api.signIn(a.email, TEST_PASSWORD);
  vmCategory = (await makeDeviceCategory(api.db.pool, 'Virtual Machine')).id;
  const client = await api.db.pool.connect();
  try {
    await seedReportSettings(client, a.id);
  } finally {
    client.release();
  }
});
afterAll(() => api?.close());

describe('demo report settings', () => {
  it('writes the disclaimer shown on reports and an inactive banner, so no banner shows', async () => {
    const notices = (await admin.get('/api/admin/notice?active=all')).json().items;
    expect(
      notices.map((n: { title: string; onReports: boolean; asBanner: boolean; active: boolean }) => n),
    ).toEqual([
      expect.objectContaining({ title: 'Report Disclaimer', onReports: true, asBanner: false, active: true }),
      expect.objectContaining({
        title: 'Scheduled Maintenance',
        onReports: false,
        asBanner: true,
        active: false,
      }),
    ]);
    expect(notices[0].body).toMatch(
      /^This report reflects the data reported by the RMM agents at the time of generation\./,
    );
    expect((await admin.get('/api/notice/active')).json().notices).toEqual([]);
  });

  it('writes the three required uploads with their report, frequency and clients', async () => {
    const items = (await admin.get('/api/admin/required-upload')).json().items;
    const shown = items.map(
      (u: {
        name: string;
        report: { label: string };
        frequency: { label: string };
        clients: { label: string };
      }) => [u.name, u.report.label, u.frequency.label, u.clients.label],
    );
    expect(shown).toEqual([
      ['Monthly Patch Report', 'Patch', 'Monthly', 'RMM - Bill By Device'],
      ['Quarterly Security Pack', 'Security pack', 'Quarterly', 'RMM'],
      ['Yearly Warranty Report', 'Warranty', 'Yearly', 'Active'],
    ]);
    expect(items[1].notice).toMatchObject({ label: 'Report Disclaimer' });
  });

  it('writes the virtual-device rule, which the settings page loads and saves over', async () => {
    const settings = (await admin.get('/api/admin/rmm-settings')).json().rmmSettings;
    expect(settings).toMatchObject({
      categories: [{ value: vmCategory, label: 'Virtual Machine' }],
      models: ['Virtual Machine', 'VMware*'],
      version: 0,
    });
    const saved = await admin.post('/api/admin/rmm-settings', {
      version: 0,
      categories: [],
      models: ['Virtual Machine', 'VMware*', '*KVM*'],
    });
    expect(saved.statusCode).toBe(200);
    const items = (await admin.get('/api/history/rmm-settings/1')).json().history.items;
    expect(items.find((i: { field: string }) => i.field === 'models')).toMatchObject({
      oldValue: 'Virtual Machine\nVMware*',
      newValue: 'Virtual Machine\nVMware*\n*KVM*',
    });
  });
});
