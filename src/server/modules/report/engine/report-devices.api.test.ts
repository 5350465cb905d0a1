// The device reports (antivirus, BitLocker, device, device summary by age, firmware, outdated response, patch,
// warranty) over a small fleet: every client and equipment filter code, each report's own filter, summaries and
// charts, sorting and paging, notices, who may run them, bad filters, and the keyset batches exports stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeDeviceCategory,
  makeOrganization,
  makePerson,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { makeDevice, makeNotice } from '../../../../../test/support/report-factories.js';
import {
  CLIENT_REPORT_KEYS,
  ORGANIZATIONS_TOO_MANY,
  PERIOD_REVERSED,
  PERIOD_TOO_LONG,
  type ReportResponse,
  reportQuery,
} from '../../../../shared/reports.js';
import { DATE_INVALID } from '../../../../shared/schemas/fields.js';
import { addDays, minusYears } from '../queries/rules.js';
import { ORGANIZATION_UNKNOWN } from './report-filters.js';
import { companyDay, openReport } from './report-source.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let tech: Awaited<ReturnType<ApiHarness['signIn']>>;
let today: string;
const org: Record<'alpha' | 'beta' | 'gamma' | 'delta', number> = { alpha: 0, beta: 0, gamma: 0, delta: 0 };
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db)).email, TEST_PASSWORD);
  tech = await api.signIn((await makeUser(db)).email, TEST_PASSWORD);
  today = companyDay(api.config.timeZone);
  org.alpha = (await makeOrganization(db, { name: 'Alpha Dental', rmmPlan: 'RMM_BILL_BY_DEVICE' })).id;
  org.beta = (await makeOrganization(db, { name: 'Beta Law', rmmPlan: 'RMM_BILL_BY_USER' })).id;
  org.gamma = (await makeOrganization(db, { name: 'Gamma Retail', rmmPlan: 'RMM', active: false })).id;
  org.delta = (await makeOrganization(db, { name: 'Delta Clinic' })).id;
  await db.query(`UPDATE organizations SET address = '1 Main St' WHERE id = $1`, [org.alpha]);
  const workstation = await makeDeviceCategory(db, 'Workstation');
  const laptop = await makeDeviceCategory(db, 'Laptop');
  const pat = await makePerson(db, { organizationId: org.alpha, firstName: 'Pat', lastName: 'Doe' });
  const dell = {
    manufacturer: 'Dell',
    model: 'OptiPlex 7090',
    categoryId: workstation.id,
    location: 'Front Desk',
  };
  await makeDevice(db, org.alpha, {
    ...dell,
    name: 'A-WS01',
    personId: pat.id,
    serialNumber: 'SN-A1',
    operatingSystem: 'Windows 11 Pro',
    rmmId: 'r1',
    antivirusProduct: 'Defender',
    antivirusState: 'PROTECTED',
    bitlockerState: 'ENCRYPTED',
    missingPatches: 0,
    lastPatchDate: addDays(today, -5),
    firmwareVersion: '1.9.0',
    purchaseDate: minusYears(today, 6),
    warrantyEnd: addDays(today, -10),
    lastResponseAt: ago(1),
  });
  await makeDevice(db, org.alpha, {
    ...dell,
    name: 'A-WS02',
    rmmId: 'r2',
    antivirusState: 'AT_RISK',
    bitlockerState: 'NOT_ENCRYPTED',
    missingPatches: 3,
    lastPatchDate: addDays(today, -5),
    firmwareVersion: '1.10.0',
    purchaseDate: addDays(minusYears(today, 2), 1),
    warrantyEnd: addDays(today, 20),
    lastResponseAt: ago(40 * 24),
  });
  await makeDevice(db, org.alpha, {
    name: 'A-SRV01',
    active: false,
    warrantyEnd: addDays(today, 45),
    location: 'Server Closet',
  });
  const lenovo = { manufacturer: 'Lenovo', model: 'T14', categoryId: laptop.id };
  await makeDevice(db, org.beta, {
    ...lenovo,
    name: 'B-LT01',
    antivirusState: 'DISABLED',
    bitlockerState: 'SUSPENDED',
    lastPatchDate: addDays(today, -60),
    firmwareVersion: 'R1.5',
    purchaseDate: addDays(minusYears(today, 3), -10),
    warrantyEnd: addDays(today, 75),
    location: 'Remote',
  });
  await makeDevice(db, org.beta, {
    ...lenovo,
    name: 'B-LT02',
    rmmId: 'r3',
    antivirusState: 'NOT_INSTALLED',
    bitlockerState: 'NOT_SUPPORTED',
    purchaseDate: addDays(today, -30),
    warrantyEnd: addDays(today, 200),
    lastResponseAt: ago(48),
  });
  await makeDevice(db, org.gamma, {
    ...lenovo,
    name: 'G-PC01',
    rmmId: 'r4',
    antivirusState: 'PROTECTED',
    firmwareVersion: 'R1.7',
    purchaseDate: addDays(minusYears(today, 4), -1),
    warrantyEnd: addDays(today, -400),
    lastResponseAt: ago(1),
  });
  await makeDevice(db, org.delta, {
    name: 'D-VM01',
    virtual: true,
    rmmId: 'r5',
    antivirusState: 'PROTECTED',
    bitlockerState: 'NOT_SUPPORTED',
    missingPatches: 0,
    lastPatchDate: addDays(today, -1),
    lastResponseAt: ago(0.2),
  });
  await makeDevice(db, null, { name: 'U-SPARE' });
  await makeDevice(db, null, { name: 'U-OLD', active: false });
  await makeNotice(db, { title: 'Disclaimer', body: 'Data as reported by the RMM.' });
  await makeNotice(db, { title: 'Old', active: false });
  await makeNotice(db, { title: 'Banner only', onReports: false });
});
afterAll(() => api?.close());

const run = async (key: string, query = '') => {
  const res = await admin.get(`/api/report/${key}?limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportResponse;
};
const names = (r: ReportResponse, column = 'name') => r.rows.map((row) => row[column]);
const figures = (r: ReportResponse) => Object.fromEntries(r.summary.figures.map((f) => [f.label, f.value]));
const tones = (r: ReportResponse) => Object.fromEntries(r.summary.figures.map((f) => [f.label, f.tone]));

describe('organization selection and equipment filter codes (device report)', () => {
  const cases: [string, () => string, string[]][] = [
    [
      'all clients, all devices',
      () => 'clients=all&equipment=all',
      ['A-SRV01', 'A-WS01', 'A-WS02', 'B-LT01', 'B-LT02', 'D-VM01', 'G-PC01'],
    ],
    [
      'equipment 1 Active',
      () => 'clients=all&equipment=1',
      ['A-WS01', 'A-WS02', 'B-LT01', 'B-LT02', 'D-VM01', 'G-PC01'],
    ],
    [
      'equipment 2 RMM & Active',
      () => 'clients=all&equipment=2',
      ['A-WS01', 'A-WS02', 'B-LT02', 'D-VM01', 'G-PC01'],
    ],
    ['equipment 3 Inactive', () => 'clients=all&equipment=3', ['A-SRV01']],
    ['equipment 5 None Assigned', () => 'equipment=5', ['U-OLD', 'U-SPARE']],
    [
      'None Assigned ignores the organizations',
      () => `equipment=5&organization=${org.beta}`,
      ['U-OLD', 'U-SPARE'],
    ],
    [
      'clients 1 Active (the default)',
      () => 'equipment=all',
      ['A-SRV01', 'A-WS01', 'A-WS02', 'B-LT01', 'B-LT02', 'D-VM01'],
    ],
    ['clients 3 Inactive', () => 'clients=3&equipment=all', ['G-PC01']],
    [
      'clients 2 RMM',
      () => 'clients=2&equipment=all',
      ['A-SRV01', 'A-WS01', 'A-WS02', 'B-LT01', 'B-LT02', 'G-PC01'],
    ],
    ['clients 4 RMM - Bill By Device', () => 'clients=4&equipment=all', ['A-SRV01', 'A-WS01', 'A-WS02']],
    ['clients 5 RMM - Bill By User', () => 'clients=5&equipment=all', ['B-LT01', 'B-LT02']],
    [
      'organizations by id (over the client code)',
      () => `clients=4&equipment=all&organization=${org.beta},${org.gamma}`,
      ['B-LT01', 'B-LT02', 'G-PC01'],
    ],
  ];
  it.each(cases)('%s', async (_, query, expected) => {
    const r = await run('device', query());
    expect(names(r)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });

  it('says the filters in words and names the one organization chosen', async () => {
    expect((await run('device')).filtersText).toBe('Clients: Active · Devices: Active');
    expect((await run('device', 'equipment=5')).filtersText).toBe('Devices: None Assigned');
    const one = await run('warranty', `organization=${org.beta}&within=60`);
    expect(one.organization).toEqual({ value: org.beta, label: 'Beta Law' });
    expect(one.filtersText).toBe(
      'Organization: Beta Law · Devices: Active · Expired or ending within 60 days',
    );
    const two = await run('device', `organization=${org.beta},${org.alpha}`);
    expect(two.organization).toBeNull();
    expect(two.filtersText).toBe('Organizations: Beta Law, Alpha Dental · Devices: Active');
  });
});

describe('device report', () => {
  it('lists each device with its columns typed, and sums them up with a chart by category', async () => {
    const r = await run('device', `organization=${org.alpha}`);
    expect(r.report).toEqual({ key: 'device', title: 'Devices' });
    expect(r.columns.find((c) => c.name === 'purchaseDate')).toEqual({
      name: 'purchaseDate',
      title: 'Purchase Date',
      kind: 'date',
      sortable: true,
    });
    const row = r.rows[0]!;
    expect(row).toMatchObject({
      name: 'A-WS01',
      organization: 'Alpha Dental',
      category: 'Workstation',
      manufacturer: 'Dell',
      model: 'OptiPlex 7090',
      serialNumber: 'SN-A1',
      operatingSystem: 'Windows 11 Pro',
      person: 'Pat Doe',
      location: 'Front Desk',
      purchaseDate: minusYears(today, 6),
      warrantyEnd: addDays(today, -10),
      rmmAgent: 'Yes',
    });
    expect(new Date(row.lastResponse as string).toISOString()).toBe(row.lastResponse);
    const all = await run('device');
    expect(figures(all)).toEqual({
      Devices: '5',
      'With an RMM agent': '80.0%',
      'Assigned to a person': '1',
      'Warranty expired': '1',
    });
    expect(all.summary.chart).toEqual({
      title: 'Devices by category',
      kind: 'bar',
      data: [
        { label: 'Laptop', value: 2 },
        { label: 'Workstation', value: 2 },
        { label: 'No category', value: 1 },
      ],
    });
    expect(all.period).toBeNull();
    expect(all.notices).toEqual([{ title: 'Disclaimer', body: 'Data as reported by the RMM.' }]);
  });

  it('sorts by any sortable column either way, pages with start and limit, and falls back to its default sort', async () => {
    const page = await admin.get(
      '/api/report/device?clients=all&equipment=all&sort=name&dir=desc&start=1&limit=2',
    );
    const body = page.json() as ReportResponse;
    expect(names(body)).toEqual(['D-VM01', 'B-LT02']);
    expect(body.total).toBe(7);
    expect(body.sort).toEqual({ field: 'name', dir: 'desc' });
    const byOrg = await run('device', 'clients=all&equipment=all&sort=organization');
    expect(names(byOrg)).toEqual(['A-SRV01', 'A-WS01', 'A-WS02', 'B-LT01', 'B-LT02', 'D-VM01', 'G-PC01']);
    const byPurchase = await run('device', 'sort=purchaseDate&dir=asc');
    expect(names(byPurchase)).toEqual(['A-WS01', 'B-LT01', 'A-WS02', 'B-LT02', 'D-VM01']);
    const unknown = await run('device', 'sort=bogus');
    expect(unknown.sort).toEqual({ field: 'name', dir: 'asc' });
    expect(names(unknown)).toEqual(['A-WS01', 'A-WS02', 'B-LT01', 'B-LT02', 'D-VM01']);
    const beyond = await run('device', 'start=50');
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(5);
  });
});

describe('security reports', () => {
  it('antivirus: state per device, protected share of those reporting, a donut of the states', async () => {
    const r = await run('antivirus');
    expect(r.rows.map((row) => [row.name, row.antivirusState])).toEqual([
      ['A-WS01', 'Protected'],
      ['A-WS02', 'At Risk'],
      ['B-LT01', 'Disabled'],
      ['B-LT02', 'Not Installed'],
      ['D-VM01', 'Protected'],
    ]);
    expect(figures(r)).toEqual({
      Devices: '5',
      Protected: '40.0%',
      'At Risk': '1',
      Disabled: '1',
      'Not Installed': '1',
      'No antivirus data': '0',
    });
    expect(tones(r)).toMatchObject({ Protected: 'bad', 'At Risk': 'warning', Disabled: 'bad' });
    expect(r.summary.chart?.kind).toBe('donut');
    expect(r.summary.chart?.data.map((d) => d.value)).toEqual([2, 1, 1, 1, 0]);
    const worstFirst = await run('antivirus', 'sort=antivirusState');
    expect(names(worstFirst)).toEqual(['B-LT02', 'B-LT01', 'A-WS02', 'A-WS01', 'D-VM01']);
  });

  it('bitlocker: encrypted share of the devices that can be encrypted', async () => {
    const r = await run('bitlocker');
    expect(r.rows.map((row) => row.bitlockerState)).toEqual([
      'Encrypted',
      'Not Encrypted',
      'Suspended',
      'Not Supported',
      'Not Supported',
    ]);
    expect(figures(r)).toEqual({
      Devices: '5',
      Encrypted: '33.3%',
      'Not fully encrypted': '2',
      'Not supported': '2',
      'No BitLocker data': '0',
    });
    expect(tones(r).Encrypted).toBe('bad');
  });

  it('patch: missing patches or no patch in 30 days is not compliant', async () => {
    const r = await run('patch');
    expect(r.rows.map((row) => [row.name, row.status])).toEqual([
      ['A-WS01', 'Compliant'],
      ['A-WS02', 'Missing patches'],
      ['B-LT01', 'Not patched in 30 days'],
      ['B-LT02', 'No patch data'],
      ['D-VM01', 'Compliant'],
    ]);
    expect(figures(r)).toEqual({
      Devices: '5',
      Compliant: '50.0%',
      'Missing patches': '1',
      'Not patched in 30 days': '1',
      'No patch data': '1',
    });
    const most = await run('patch', 'sort=missingPatches&dir=desc');
    expect(names(most)[0]).toBe('A-WS02');
  });

  it('firmware: outdated against the newest version of the model on any device (numbers compared as numbers)', async () => {
    const r = await run('firmware');
    expect(r.rows.map((row) => [row.name, row.firmwareVersion, row.latestVersion, row.status])).toEqual([
      ['A-WS01', '1.9.0', '1.10.0', 'Outdated'],
      ['A-WS02', '1.10.0', '1.10.0', 'Current'],
      ['B-LT01', 'R1.5', 'R1.7', 'Outdated'],
    ]);
    expect(r.total).toBe(3);
    // The summary is of the rows: devices without firmware data are in neither.
    expect(figures(r)).toEqual({
      'Devices with firmware data': '3',
      Current: '33.3%',
      Outdated: '2',
    });
  });
});

describe('outdated response, warranty, age', () => {
  it.each([
    ['30', ['B-LT01', 'A-WS02'], '2', 'Checked in more than 30 days ago'],
    ['1', ['B-LT01', 'A-WS02', 'B-LT02'], '3', 'Checked in more than 1 day ago'],
    ['50', ['B-LT01'], '1', 'Checked in more than 50 days ago'],
  ])(
    'outdated response, days=%s: never checked in first, then the oldest',
    async (days, expected, count, before) => {
      const r = await run('outdated-response', `days=${days}`);
      expect(names(r)).toEqual(expected);
      expect(figures(r)).toEqual({
        Outdated: count,
        [before]: String(Number(count) - 1),
        'Never checked in': '1',
      });
      expect(r.filtersText).toContain(`No check-in for more than ${days} day`);
      expect(r.rows[0]!.lastResponse).toBeNull();
    },
  );

  it.each([
    ['90', '', ['A-WS01', 'A-WS02', 'B-LT01']],
    ['60', '', ['A-WS01', 'A-WS02']],
    ['30', '', ['A-WS01', 'A-WS02']],
    ['expired', '', ['A-WS01']],
    ['60', '&equipment=all', ['A-WS01', 'A-WS02', 'A-SRV01']],
  ])('warranty within=%s%s: soonest end first', async (within, more, expected) => {
    const r = await run('warranty', `within=${within}${more}`);
    expect(names(r)).toEqual(expected);
    expect(r.total).toBe(expected.length);
  });

  it('warranty: days left, status, and the counts of the windows it lists', async () => {
    const r = await run('warranty');
    expect(r.rows.map((row) => [row.daysLeft, row.status])).toEqual([
      [-10, 'Expired'],
      [20, 'Ending within 30 days'],
      [75, 'Ending in 61–90 days'],
    ]);
    // The windows the rows are in: covered devices and those without a date are not listed, so not counted.
    expect(figures(r)).toEqual({
      Expired: '1',
      'Ending within 30 days': '1',
      'Ending in 31–60 days': '0',
      'Ending in 61–90 days': '1',
    });
    expect(r.summary.chart?.kind).toBe('bar');
    const thirty = await run('warranty', 'within=30');
    expect(figures(thirty)).toEqual({ Expired: '1', 'Ending within 30 days': '1' });
  });

  it('device summary by age: a row per organization and age band', async () => {
    const r = await run('device-summary-by-age');
    expect(r.rows).toEqual([
      { organization: 'Alpha Dental', age: '1–2 years', devices: 1, percent: 0.5 },
      { organization: 'Alpha Dental', age: '5+ years', devices: 1, percent: 0.5 },
      { organization: 'Beta Law', age: '< 1 year', devices: 1, percent: 0.5 },
      { organization: 'Beta Law', age: '3–4 years', devices: 1, percent: 0.5 },
      { organization: 'Delta Clinic', age: 'Unknown', devices: 1, percent: 1 },
    ]);
    expect(r.summary.chart?.data.map((d) => d.value)).toEqual([1, 1, 0, 1, 0, 1, 1]);
    const inactive = await run('device-summary-by-age', 'clients=3');
    expect(inactive.rows).toEqual([
      { organization: 'Gamma Retail', age: '4–5 years', devices: 1, percent: 1 },
    ]);
    const byAge = await run('device-summary-by-age', 'sort=age&dir=desc');
    expect(byAge.rows.map((row) => row.age)).toEqual([
      'Unknown',
      '5+ years',
      '3–4 years',
      '1–2 years',
      '< 1 year',
    ]);
  });

  it('device summary by address: a row per organization, address and location', async () => {
    const r = await run('device-summary-by-address', '');
    expect(r.rows).toEqual([
      {
        organization: 'Alpha Dental',
        address: '1 Main St',
        location: 'Front Desk',
        devices: 2,
        under3: 1,
        from3to5: 0,
        over5: 1,
        unknown: 0,
      },
      {
        organization: 'Beta Law',
        address: null,
        location: null,
        devices: 1,
        under3: 1,
        from3to5: 0,
        over5: 0,
        unknown: 0,
      },
      {
        organization: 'Beta Law',
        address: null,
        location: 'Remote',
        devices: 1,
        under3: 0,
        from3to5: 1,
        over5: 0,
        unknown: 0,
      },
      {
        organization: 'Delta Clinic',
        address: null,
        location: null,
        devices: 1,
        under3: 0,
        from3to5: 0,
        over5: 0,
        unknown: 1,
      },
    ]);
    expect(figures(r)).toEqual({ Devices: '5', Sites: '4', '5+ years': '1', 'Unknown age': '1' });
    expect(r.filtersText).toBe('Clients: Active · Devices: Active');
    expect(r.report).toEqual({ key: 'device-summary-by-address', title: 'Device Summary by Address' });
  });
});

describe('streaming every row (exports)', () => {
  const queries: [string, Record<string, string>][] = [
    ...CLIENT_REPORT_KEYS.map((key): [string, Record<string, string>] => [
      key,
      { clients: 'all', equipment: 'all' },
    ]),
    ['device', { clients: 'all', equipment: 'all', sort: 'organization', dir: 'desc' }],
    ['device-summary-by-address', { clients: 'all', sort: 'location' }],
    ['outdated-response', { clients: 'all', days: '1', dir: 'desc' }],
    ['warranty', { clients: 'all', equipment: 'all', within: '90', sort: 'daysLeft', dir: 'desc' }],
    ['antivirus', { clients: 'all', sort: 'antivirusState' }],
  ];
  it.each(queries)('%s %o: batches of 2 give the rows of the page, in order', async (key, raw) => {
    const query = reportQuery.parse({ ...raw, limit: '100' });
    const source = await openReport(
      api.db.pool,
      key as (typeof CLIENT_REPORT_KEYS)[number],
      query,
      api.config.timeZone,
    );
    const streamed = [];
    for await (const batch of source.rows(2)) {
      expect(batch.length).toBeLessThanOrEqual(2);
      streamed.push(...batch);
    }
    const page = await run(key, new URLSearchParams(raw).toString());
    expect(streamed).toEqual(page.rows);
    expect(source.head.total).toBe(page.total);
    expect(source.head).not.toHaveProperty('rows');
  });
});

describe('who may run reports, and bad filters', () => {
  it('takes an empty organization choice in the address as none: the client filter applies', async () => {
    const res = await admin.get('/api/report/device?organization=&clients=all');
    expect(res.statusCode).toBe(200);
    expect(res.json().organization).toBeNull();
    expect(res.json().total).toBe((await admin.get('/api/report/device?clients=all')).json().total);
  });

  it('refuses a technician (403) and answers 404 for a report that does not exist', async () => {
    expect((await tech.get('/api/report/device')).statusCode).toBe(403);
    expect((await tech.get('/api/report/nope?clients=9')).statusCode).toBe(403);
    const missing = await admin.get('/api/report/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await api.anonymous.get('/api/report/device')).statusCode).toBe(401);
  });

  const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
  it.each([
    ['clients=9', 'clients', 'Please choose one of the offered values.'],
    ['equipment=4', 'equipment', 'Please choose one of the offered values.'],
    ['users=3', 'users', 'Please choose one of the offered values.'],
    ['within=45', 'within', 'Please choose one of the offered values.'],
    ['days=0', 'days', 'Please enter a number of 1 or more.'],
    ['days=abc', 'days', 'Please enter a number.'],
    ['limit=500', 'limit', 'Please enter a number of 100 or less.'],
    ['start=-1', 'start', 'Please enter a number of 0 or more.'],
    ['organization=abc', 'organization', ORGANIZATION_UNKNOWN],
    ['organization=999999', 'organization', ORGANIZATION_UNKNOWN],
    // Past the largest id the database can hold: no such organization, not a failed query.
    ['organization=2147483648', 'organization', ORGANIZATION_UNKNOWN],
    ['organization=9999999999', 'organization', ORGANIZATION_UNKNOWN],
    ['organization=1,,2', 'organization', ORGANIZATION_UNKNOWN],
    ['sort=%00name', 'sort', 'This value contains a control character, which is not allowed.'],
    [`organization=${tooMany}`, 'organization', ORGANIZATIONS_TOO_MANY],
    ['from=02/30/2026', 'from', DATE_INVALID],
    ['from=03/01/2026&to=02/01/2026', 'to', PERIOD_REVERSED],
    ['from=01/01/2025&to=01/02/2026', 'to', PERIOD_TOO_LONG],
  ])('%s -> 400 on %s', async (query, field, message) => {
    const res = await admin.get(`/api/report/device?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.form.fields[field]).toEqual([message]);
  });
});
