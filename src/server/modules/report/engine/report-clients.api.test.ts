// The reports with a row per person or organization: the user report (user filter codes), user and device counts
// (users and devices counted, virtual devices left out, beside what the agreements bill) and services activity (the period and its default).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeCase,
  makeDeviceCategory,
  makeOrganization,
  makePerson,
  makeServiceType,
  makeSlip,
  makeTask,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { makeDevice, setVirtualDevices } from '../../../../../test/support/report-factories.js';
import { displayOf } from '../../../../shared/format/date.js';
import type { ReportResponse } from '../../../../shared/reports.js';
import { defaultPeriod } from '../queries/rules.js';
import { companyDay } from './report-source.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let vmCategory: number;

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  const adminUser = await makeAdmin(db);
  admin = await api.signIn(adminUser.email, TEST_PASSWORD);
  const north = await makeOrganization(db, { name: 'North Bakery', rmmPlan: 'RMM_BILL_BY_USER' });
  const south = await makeOrganization(db, { name: 'South Clinic', rmmPlan: 'RMM_BILL_BY_DEVICE' });
  const west = await makeOrganization(db, { name: 'West Farms', rmmPlan: 'RMM', active: false });
  const east = await makeOrganization(db, { name: 'East Books' });
  const ann = await makePerson(db, {
    organizationId: north.id,
    firstName: 'Ann',
    lastName: 'Archer',
    email: 'ann@north.test',
  });
  await makePerson(db, { organizationId: north.id, firstName: 'Bob', lastName: 'Baker', active: false });
  await makePerson(db, { organizationId: south.id, firstName: 'Cy', lastName: 'Cole' });
  await makePerson(db, { organizationId: west.id, firstName: 'Dee', lastName: 'Dunn' });
  vmCategory = (await makeDeviceCategory(db, 'Virtual Machine')).id;
  await makeDevice(db, north.id, { name: 'N1', personId: ann.id });
  await makeDevice(db, north.id, { name: 'N2', personId: ann.id, active: false });
  await makeDevice(db, south.id, { name: 'S1', model: 'OptiPlex 7090' });
  await makeDevice(db, south.id, { name: 'S2', virtual: true });
  await makeDevice(db, south.id, { name: 'S3', model: 'VMware Virtual Platform' });
  await makeDevice(db, south.id, { name: 'S4', categoryId: vmCategory });
  await makeDevice(db, south.id, { name: 'S5', active: false });
  await makeDevice(db, west.id, { name: 'W1' });

  // Services: North's desktop service runs on, its backup ended in March; South's agreement closed at June's end.
  const desktop = await makeServiceType(db, { name: 'Managed Desktop' });
  const backup = await makeServiceType(db, { name: 'Backup' });
  const firewall = await makeServiceType(db, { name: 'Firewall' });
  const agN = await makeAgreement(db, { organizationId: north.id, number: 'AG-N' });
  await makeAgreementService(db, {
    agreementId: agN.id,
    serviceTypeId: desktop.id,
    quantity: '10.00',
    unitPrice: '50.00',
  });
  await makeAgreementService(db, { agreementId: agN.id, serviceTypeId: backup.id, endDate: '2025-03-31' });
  const agS = await makeAgreement(db, {
    organizationId: south.id,
    number: 'AG-S',
    status: 'CLOSED',
    endDate: '2025-06-30',
  });
  await makeAgreementService(db, {
    agreementId: agS.id,
    serviceTypeId: firewall.id,
    billingFrequency: 'ANNUAL',
  });
  const northTask = await makeTask(db, { caseId: (await makeCase(db, { organizationId: north.id })).id });
  const eastTask = await makeTask(db, { caseId: (await makeCase(db, { organizationId: east.id })).id });
  const slip = (taskId: number, workDate: string, startTime: string, stopTime: string | null) =>
    makeSlip(db, { taskId, userId: adminUser.id, workDate, startTime, stopTime });
  await slip(northTask.id, '2025-05-10', '09:00', '10:30');
  await slip(northTask.id, '2025-05-20', '13:00', '13:45');
  await slip(northTask.id, '2025-05-11', '08:00', null);
  await slip(northTask.id, '2025-06-02', '09:00', '10:00');
  await slip(eastTask.id, '2025-05-15', '11:00', '11:30');
});
afterAll(() => api?.close());

const run = async (key: string, query = '') => {
  const res = await admin.get(`/api/report/${key}?limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportResponse;
};
const figures = (r: ReportResponse) => Object.fromEntries(r.summary.figures.map((f) => [f.label, f.value]));

describe('user report', () => {
  it.each([
    ['', ['Archer, Ann', 'Cole, Cy']],
    ['users=2', ['Baker, Bob']],
    ['users=all', ['Archer, Ann', 'Baker, Bob', 'Cole, Cy']],
    ['clients=3&users=all', ['Dunn, Dee']],
    ['clients=all&users=all', ['Archer, Ann', 'Baker, Bob', 'Cole, Cy', 'Dunn, Dee']],
    ['clients=5&users=all', ['Archer, Ann', 'Baker, Bob']],
  ])('%s', async (query, expected) => {
    const r = await run('user', query);
    expect(r.rows.map((row) => row.name)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });

  it('shows each person with the active devices assigned, and sums them up', async () => {
    const r = await run('user', 'users=all');
    expect(r.rows[0]).toEqual({
      name: 'Archer, Ann',
      organization: 'North Bakery',
      title: null,
      email: 'ann@north.test',
      phone: null,
      active: 'Yes',
      devices: 1,
    });
    expect(figures(r)).toEqual({
      People: '3',
      Active: '2',
      Inactive: '1',
      'With a device': '1',
      'Without a device': '2',
    });
    expect(r.filtersText).toBe('Clients: Active · Users: All');
    const byDevices = await run('user', 'users=all&sort=devices&dir=desc');
    expect(byDevices.rows[0]!.name).toBe('Archer, Ann');
  });
});

describe('user and device counts', () => {
  const counts = (r: ReportResponse) =>
    r.rows.map((row) => [
      row.organization,
      row.rmmPlan,
      row.users,
      row.devices,
      row.virtualDevices,
      row.billedBy,
      row.devicesBilled,
      row.usersBilled,
    ]);

  it('counts active users and devices per organization; only devices flagged virtual are left out by default', async () => {
    const r = await run('user-and-device-counts');
    expect(counts(r)).toEqual([
      // Billed: what their open agreements bill per device and per user; none of these services bills that way.
      ['East Books', null, 0, 0, 0, null, null, null],
      ['North Bakery', 'RMM - Bill By User', 1, 1, 0, 'Users', null, null],
      ['South Clinic', 'RMM - Bill By Device', 1, 3, 1, 'Devices', null, null],
    ]);
  });

  it('leaves out the devices the virtual-device rule names (category or model pattern)', async () => {
    await setVirtualDevices(api.db.pool, { categoryIds: [vmCategory], models: ['vmware*'] });
    const r = await run('user-and-device-counts');
    expect(counts(r)[2]).toEqual(['South Clinic', 'RMM - Bill By Device', 1, 1, 3, 'Devices', null, null]);
    expect(figures(r)).toEqual({
      Organizations: '3',
      'Active users': '2',
      Devices: '2',
      'Virtual devices (not billed)': '3',
      'Billed users': '0',
      'Billed devices': '0',
    });
    const billedMost = await run('user-and-device-counts', 'sort=virtualDevices&dir=desc');
    expect(billedMost.rows[0]!.organization).toBe('South Clinic');
  });

  it.each([
    ['clients=2', ['North Bakery', 'South Clinic', 'West Farms']],
    ['clients=3', ['West Farms']],
    ['clients=4', ['South Clinic']],
    ['clients=5', ['North Bakery']],
    ['clients=all', ['East Books', 'North Bakery', 'South Clinic', 'West Farms']],
  ])('%s', async (query, expected) => {
    const r = await run('user-and-device-counts', query);
    expect(r.rows.map((row) => row.organization)).toEqual(expected);
    expect(r.filtersText).not.toContain('Devices:');
  });
});

describe('services activity', () => {
  it('lists the services in force in the period and the time logged on each organization’s cases', async () => {
    const r = await run('services-activity', 'from=05/01/2025&to=05/31/2025');
    expect(r.period).toEqual({ from: '05/01/2025', to: '05/31/2025' });
    expect(r.rows).toEqual([
      {
        organization: 'East Books',
        agreement: null,
        service: 'Time logged',
        quantity: null,
        unitPrice: null,
        frequency: null,
        start: null,
        end: null,
        coveredHours: null,
        minutes: 30,
      },
      {
        organization: 'North Bakery',
        agreement: 'AG-N',
        service: 'Managed Desktop',
        quantity: 10,
        unitPrice: '50.00',
        frequency: 'Monthly',
        start: '2025-01-01',
        end: null,
        coveredHours: null,
        minutes: null,
      },
      {
        organization: 'North Bakery',
        agreement: null,
        service: 'Time logged',
        quantity: null,
        unitPrice: null,
        frequency: null,
        start: null,
        end: null,
        coveredHours: null,
        minutes: 135,
      },
      {
        organization: 'South Clinic',
        agreement: 'AG-S',
        service: 'Firewall',
        quantity: 1,
        unitPrice: '100.00',
        frequency: 'Annual',
        start: '2025-01-01',
        end: null,
        coveredHours: null,
        minutes: null,
      },
    ]);
    expect(r.columns.find((c) => c.name === 'minutes')?.kind).toBe('minutes');
    expect(figures(r)).toEqual({ Organizations: '3', 'Services in force': '2', 'Time logged': '2:45' });
    // Time is charted in minutes, written as h:mm.
    expect(r.summary.chart).toMatchObject({ unit: 'minutes' });
    expect(r.summary.chart?.data).toEqual([
      { label: 'North Bakery', value: 135 },
      { label: 'East Books', value: 30 },
    ]);
    expect(r.filtersText).toBe('Clients: Active · Period: 05/01/2025 – 05/31/2025');
  });

  it.each([
    ['from=07/01/2025&to=07/31/2025', ['Managed Desktop']],
    ['from=02/01/2025&to=03/31/2025', ['Managed Desktop', 'Backup', 'Firewall']],
    ['from=06/01/2025', ['Managed Desktop', 'Time logged', 'Firewall']],
    ['to=05/31/2025', ['Time logged', 'Managed Desktop', 'Time logged', 'Firewall']],
  ])('%s', async (query, expected) => {
    const r = await run('services-activity', query);
    expect(r.rows.map((row) => row.service)).toEqual(expected);
  });

  it('takes one end of the period as its month, and defaults to last month', async () => {
    expect((await run('services-activity', 'from=06/10/2025')).period).toEqual({
      from: '06/10/2025',
      to: '06/30/2025',
    });
    expect((await run('services-activity', 'to=02/14/2024')).period).toEqual({
      from: '02/01/2024',
      to: '02/14/2024',
    });
    const last = defaultPeriod(companyDay(api.config.timeZone));
    const r = await run('services-activity');
    expect(r.period).toEqual({ from: displayOf(last.from), to: displayOf(last.to) });
  });

  it('sorts by time logged', async () => {
    const r = await run('services-activity', 'from=05/01/2025&to=05/31/2025&sort=minutes&dir=desc');
    expect(r.rows.map((row) => row.minutes)).toEqual([135, 30, null, null]);
  });
});
