// Every report's summary agrees with its rows: for each report and filter, every row is fetched through the API and
// the summary (figures, chart, row count) is worked out again from those rows alone (test/support/report-recompute),
// over data at the edges (dates exactly at a threshold, missing and future dates, inactive, virtual and unassigned
// devices, every client and equipment filter code), and over random fleets (fast-check).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeBucket,
  makeBucketCategory,
  makeCase,
  makeDeviceCategory,
  makeOrganization,
  makePerson,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import {
  type DeviceOver,
  makeDevice,
  setVirtualDevices,
} from '../../../../../test/support/report-factories.js';
import { RECOMPUTE } from '../../../../../test/support/report-recompute.js';
import { instantOf } from '../../../../shared/format/company-time.js';
import { displayOf } from '../../../../shared/format/date.js';
import type { ReportResponse, ReportRow } from '../../../../shared/reports.js';
import { addDays, defaultPeriod, minusYears } from '../queries/rules.js';
import { mondayOf } from './report-filters.js';
import { companyDay } from './report-source.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let admin: Caller;
let today: string;
const ids = { alpha: 0, beta: 0, gamma: 0, delta: 0, vendor: 0, random: 0, admin: 0, tech: 0 };
const categories: Record<string, number> = {};

/** The instant `minutes` after the company's midnight starting the day `days` before today. */
const companyInstant = (days: number, minutes = 0) =>
  instantOf(displayOf(addDays(today, -days)), minutes, api.config.timeZone);

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  today = companyDay(api.config.timeZone);
  const adminUser = await makeAdmin(db, { firstName: 'Ada', lastName: 'Admin' });
  admin = await api.signIn(adminUser.email, TEST_PASSWORD);
  ids.admin = adminUser.id;
  ids.tech = (await makeUser(db, { firstName: 'Tom', lastName: 'Tech' })).id;
  ids.alpha = (await makeOrganization(db, { name: 'Alpha Dental', rmmPlan: 'RMM_BILL_BY_DEVICE' })).id;
  ids.beta = (await makeOrganization(db, { name: 'Beta Law', rmmPlan: 'RMM_BILL_BY_USER' })).id;
  ids.gamma = (await makeOrganization(db, { name: 'Gamma Retail', rmmPlan: 'RMM', active: false })).id;
  ids.delta = (await makeOrganization(db, { name: 'Delta Clinic' })).id;
  ids.vendor = (
    await makeOrganization(db, { name: 'Vendor Supply', salesStatus: null, vendorStatus: 'VENDOR' })
  ).id;
  ids.random = (await makeOrganization(db, { name: 'Random Fleet', active: false })).id;
  await db.query(`UPDATE organizations SET address = '1 Main St' WHERE id = $1`, [ids.alpha]);
  for (const name of [
    'Workstation',
    'Laptop',
    'Server',
    'VM',
    'Printer',
    'Firewall',
    'Switch',
    'Tablet',
    'NAS',
  ])
    categories[name] = (await makeDeviceCategory(db, name)).id;
  await setVirtualDevices(db, { categoryIds: [categories.VM!], models: ['VMware*'] });
  await makeFleet();
  await makeWork();
});
afterAll(() => api?.close());

async function makeFleet() {
  const db = api.db.pool;
  const person = (organizationId: number, firstName: string, lastName: string, active = true) =>
    makePerson(db, { organizationId, firstName, lastName, active }).then((p) => p.id);
  const pat = await person(ids.alpha, 'Pat', 'Doe');
  await person(ids.alpha, 'Sam', 'Roe', false);
  const ray = await person(ids.alpha, 'Ray', 'Moe');
  await person(ids.beta, 'Lee', 'Poe');
  const kim = await person(ids.beta, 'Kim', 'Loe', false);
  await person(ids.gamma, 'Gil', 'Goe');
  await person(ids.vendor, 'Val', 'Voe');
  const c = categories;
  const dell = { manufacturer: 'Dell', model: 'OptiPlex 7090', categoryId: c.Workstation! };
  const lenovo = { manufacturer: 'Lenovo', model: 'T14', categoryId: c.Laptop! };
  const fleet: [number | null, DeviceOver][] = [
    [
      ids.alpha,
      {
        ...dell,
        name: 'A-01',
        personId: pat,
        rmmId: 'r1',
        antivirusState: 'PROTECTED',
        bitlockerState: 'ENCRYPTED',
        // Patched exactly 30 days ago: still within 30 days.
        missingPatches: 0,
        lastPatchDate: addDays(today, -30),
        firmwareVersion: '1.9.0',
        purchaseDate: minusYears(today, 1),
        warrantyEnd: addDays(today, -1),
        // The first instant of the day 30 days ago: 30 days since, not more.
        lastResponseAt: companyInstant(30),
        location: 'Front Desk',
      },
    ],
    [
      ids.alpha,
      {
        ...dell,
        name: 'A-02',
        rmmId: 'r2',
        antivirusState: 'AT_RISK',
        bitlockerState: 'NOT_ENCRYPTED',
        // The device: missing patches and last patched in May.
        missingPatches: 12,
        lastPatchDate: addDays(today, -190),
        firmwareVersion: '1.10.0',
        purchaseDate: addDays(minusYears(today, 1), 1),
        warrantyEnd: today,
        lastResponseAt: new Date(companyInstant(30).getTime() - 1000),
        location: 'Front Desk',
      },
    ],
    [
      ids.alpha,
      {
        name: 'A-03',
        active: false,
        categoryId: c.Server!,
        personId: ray,
        antivirusState: 'DISABLED',
        missingPatches: 0,
        lastPatchDate: addDays(today, -31),
        purchaseDate: minusYears(today, 5),
        warrantyEnd: addDays(today, 30),
        location: 'Server Closet',
      },
    ],
    [
      ids.alpha,
      {
        name: 'A-04',
        categoryId: c.VM!,
        manufacturer: 'VMware',
        model: 'VMware Virtual Platform',
        rmmId: 'r4',
        antivirusState: 'PROTECTED',
        bitlockerState: 'NOT_SUPPORTED',
        missingPatches: 0,
        lastPatchDate: addDays(today, 3),
        warrantyEnd: addDays(today, 31),
        lastResponseAt: new Date(Date.now() - 3_600_000),
      },
    ],
    [
      ids.beta,
      {
        ...lenovo,
        name: 'B-01',
        antivirusState: 'NOT_INSTALLED',
        bitlockerState: 'SUSPENDED',
        lastPatchDate: addDays(today, -31),
        firmwareVersion: 'R1.5',
        purchaseDate: minusYears(today, 3),
        warrantyEnd: addDays(today, 60),
        location: 'Remote',
      },
    ],
    [
      ids.beta,
      {
        ...lenovo,
        name: 'B-02',
        rmmId: 'r6',
        personId: kim,
        bitlockerState: 'PARTIAL',
        missingPatches: 0,
        firmwareVersion: 'R1.7',
        purchaseDate: addDays(today, 10),
        warrantyEnd: addDays(today, 61),
        lastResponseAt: companyInstant(2, 600),
      },
    ],
    [
      ids.beta,
      { name: 'B-03', active: false, rmmId: 'r7', missingPatches: 2, warrantyEnd: addDays(today, 90) },
    ],
    [
      ids.gamma,
      {
        ...lenovo,
        name: 'G-01',
        rmmId: 'r8',
        antivirusState: 'PROTECTED',
        firmwareVersion: 'R1.6',
        purchaseDate: addDays(minusYears(today, 4), -1),
        warrantyEnd: addDays(today, 91),
        lastResponseAt: companyInstant(100),
      },
    ],
    [ids.delta, { name: 'D-01' }],
    [
      ids.delta,
      {
        name: 'D-02',
        categoryId: c.Firewall!,
        bitlockerState: 'ENCRYPTED',
        missingPatches: 0,
        lastPatchDate: addDays(today, -29),
        purchaseDate: addDays(minusYears(today, 3), 1),
        lastResponseAt: companyInstant(31, 1439),
      },
    ],
    [ids.delta, { name: 'D-03', categoryId: c.NAS!, virtual: true, warrantyEnd: addDays(today, -30) }],
    [ids.delta, { name: 'D-04', categoryId: c.Tablet!, purchaseDate: minusYears(today, 2) }],
    [ids.vendor, { name: 'V-01', categoryId: c.Printer!, warrantyEnd: addDays(today, -400) }],
    [null, { name: 'U-01', categoryId: c.Switch!, warrantyEnd: addDays(today, 5), purchaseDate: today }],
    [null, { name: 'U-02', categoryId: c.Tablet!, active: false, lastResponseAt: companyInstant(45) }],
  ];
  for (const [organizationId, over] of fleet) await makeDevice(db, organizationId, over);
}

/** Agreements, cases and time: last month (services activity, bill list), this week, unbilled work of every age. */
async function makeWork() {
  const db = api.db.pool;
  const last = defaultPeriod(today);
  const inLastMonth = (day: number) => addDays(last.from, day);
  const block = await makeServiceType(db, { name: 'Block Hours', blockHours: true });
  const perDevice = await makeServiceType(db, { name: 'Managed Device', billedPer: 'DEVICE' });
  const perUser = await makeServiceType(db, { name: 'Managed User', billedPer: 'USER' });
  // Alpha: two agreements due for review within 90 days (its hours counted once), services in force and not.
  const due = await makeAgreement(db, {
    organizationId: ids.alpha,
    number: 'AG-ALPHA-1',
    startDate: minusYears(addDays(today, 20), 2),
  });
  await makeAgreementService(db, {
    agreementId: due.id,
    serviceTypeId: block.id,
    coveredHours: '2',
    startDate: minusYears(today, 2),
  });
  await makeAgreementService(db, {
    agreementId: due.id,
    serviceTypeId: perDevice.id,
    quantity: '1',
    startDate: minusYears(today, 2),
  });
  await makeAgreementService(db, {
    agreementId: due.id,
    startDate: '2020-01-01',
    endDate: addDays(last.from, -1),
  });
  await makeAgreementService(db, { agreementId: due.id, startDate: inLastMonth(10) });
  const second = await makeAgreement(db, {
    organizationId: ids.alpha,
    number: 'AG-ALPHA-2',
    startDate: minusYears(addDays(today, 75), 1),
  });
  await makeAgreementService(db, { agreementId: second.id, startDate: minusYears(today, 1) });
  const beta = await makeAgreement(db, {
    organizationId: ids.beta,
    number: 'AG-BETA',
    startDate: minusYears(addDays(today, 60), 1),
  });
  await makeAgreementService(db, {
    agreementId: beta.id,
    serviceTypeId: perUser.id,
    quantity: '5',
    startDate: minusYears(today, 1),
  });
  const closed = await makeAgreement(db, {
    organizationId: ids.gamma,
    number: 'AG-GAMMA',
    status: 'CLOSED',
    startDate: '2024-01-01',
    endDate: inLastMonth(5),
  });
  await makeAgreementService(db, { agreementId: closed.id, startDate: '2024-01-01' });

  const task = async (organizationId: number, isProject = false) =>
    (await makeTask(db, { caseId: (await makeCase(db, { organizationId })).id, isProject })).id;
  const alpha = await task(ids.alpha);
  const alphaProject = await task(ids.alpha, true);
  const beta2 = await task(ids.beta);
  const gamma = await task(ids.gamma);
  const slip = (
    taskId: number,
    userId: number,
    workDate: string,
    startTime: string,
    stopTime: string | null,
    rateMultiplier = '1',
  ) => makeSlip(db, { taskId, userId, workDate, startTime, stopTime, rateMultiplier });
  await slip(alpha, ids.admin, inLastMonth(2), '09:00', '10:30');
  await slip(alpha, ids.admin, inLastMonth(2), '13:00', '13:20', '1.5');
  await slip(alphaProject, ids.tech, inLastMonth(12), '08:00', '12:07');
  await slip(beta2, ids.tech, inLastMonth(20), '09:00', '09:45', '0');
  await slip(gamma, ids.admin, inLastMonth(3), '10:00', '11:00');
  await slip(alpha, ids.admin, inLastMonth(4), '14:00', null);
  // This week and the two before it (weekly summary), and unbilled work of every age (WIP).
  const monday = mondayOf(today);
  for (const day of [monday, addDays(monday, -7), addDays(monday, -12)].filter((d) => d <= today)) {
    await slip(alpha, ids.admin, day, '08:00', '16:30');
    await slip(beta2, ids.tech, day, '09:00', '11:00');
  }
  const bucket = await makeBucketCategory(db, { name: 'Training' });
  await makeBucket(db, { categoryId: bucket.id, userId: ids.tech, workDate: monday, minutes: 90 });
  for (const days of [5, 30, 31, 60, 61, 90, 91, 120])
    await slip(gamma, ids.tech, addDays(today, -days), '09:00', '09:50');
}

/** Every row of a report, page after page, with the head of the first page. */
async function everyRow(key: string, query: string): Promise<{ head: ReportResponse; rows: ReportRow[] }> {
  const rows: ReportRow[] = [];
  let head: ReportResponse | undefined;
  for (let start = 0; ; start += 100) {
    const res = await admin.get(`/api/report/${key}?${query}&limit=100&start=${start}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as ReportResponse;
    head ??= page;
    rows.push(...page.rows);
    if (page.rows.length < 100) break;
  }
  expect(rows).toHaveLength(head!.total);
  return { head: head!, rows };
}

/** The API's summary against the one worked out from its rows. */
async function agrees(key: string, query: string): Promise<ReportRow[]> {
  const { head, rows } = await everyRow(key, query);
  const expected = RECOMPUTE[key]!({ rows, query: Object.fromEntries(new URLSearchParams(query)), today });
  expect({
    total: head.total,
    figures: head.summary.figures.map((f) => [f.label, f.value]),
    chart: head.summary.chart?.data.map((d) => [d.label, d.value]) ?? null,
  }).toEqual(expected);
  return rows;
}

describe('the issue: a device last patched in May', () => {
  it('is counted under "Not patched in 30 days" however many patches it misses, and its status says both', async () => {
    const { head, rows } = await everyRow('patch', `organization=${ids.alpha}`);
    const may = rows.find((r) => r.name === 'A-02')!;
    expect(may).toMatchObject({
      missingPatches: 12,
      lastPatchDate: addDays(today, -190),
      status: 'Missing patches · Not patched in 30 days',
    });
    const figures = Object.fromEntries(head.summary.figures.map((f) => [f.label, f.value]));
    expect(figures).toMatchObject({ 'Missing patches': '1', 'Not patched in 30 days': '1' });
  });
});

const EQUIPMENT = ['all', '1', '2', '3', '5'];
const CLIENTS = ['1', 'all', '3'];
const DEVICE_REPORTS = [
  'antivirus',
  'bitlocker',
  'device',
  'firmware',
  'patch',
  'warranty',
  'outdated-response',
  'device-summary-by-age',
];

describe('client reports: the summary is worked out from the rows', () => {
  const cases: [string, () => string][] = [
    ...DEVICE_REPORTS.flatMap((key) =>
      EQUIPMENT.flatMap((equipment) =>
        CLIENTS.map((clients): [string, () => string] => [
          key,
          () => `equipment=${equipment}&clients=${clients}`,
        ]),
      ),
    ),
    ...['30', '60', '90', 'expired'].map((within): [string, () => string] => [
      'warranty',
      () => `within=${within}&equipment=all&clients=all`,
    ]),
    ...['1', '30', '31', '50'].map((days): [string, () => string] => [
      'outdated-response',
      () => `days=${days}&equipment=all&clients=all`,
    ]),
    ['device-summary-by-address', () => 'equipment=all&clients=all'],
    ['device-summary-by-address', () => 'sort=location'],
    ['device-summary-by-address', () => 'equipment=5'],
    ['device', () => `organization=${ids.alpha},${ids.beta}&equipment=all`],
    ['patch', () => `organization=${ids.vendor},${ids.delta}`],
    ...CLIENTS.map((clients): [string, () => string] => ['services-activity', () => `clients=${clients}`]),
    ['services-activity', () => `clients=all&sort=minutes&dir=desc`],
    ...['all', '1', '2', '4', '5'].map((clients): [string, () => string] => [
      'user-and-device-counts',
      () => `clients=${clients}`,
    ]),
    ['user-and-device-counts', () => 'clients=all&sort=devices&dir=desc'],
    ...['all', '1', '2'].flatMap((users) =>
      CLIENTS.map((clients): [string, () => string] => ['user', () => `users=${users}&clients=${clients}`]),
    ),
  ];
  it.each(cases)('%s %s', async (key, query) => {
    await agrees(key, query());
  });

  it('lists the same rows in every order, so a sorted page and the summary count the same set', async () => {
    for (const [key, query, sorts] of [
      ['user-and-device-counts', 'clients=all', ['organization', 'devices', 'rmmPlan']],
      ['services-activity', 'clients=all', ['organization', 'minutes', 'service']],
      ['device-summary-by-age', 'clients=all&equipment=all', ['organization', 'age', 'devices']],
    ] as const) {
      const sets = await Promise.all(
        sorts.map(async (sort) =>
          (await everyRow(key, `${query}&sort=${sort}`)).rows.map((r) => JSON.stringify(r)).sort(),
        ),
      );
      for (const set of sets.slice(1)) expect(set).toEqual(sets[0]);
    }
  });

  it('judges each row as its summary does: warranty days left, days since the last check-in', async () => {
    for (const row of await agrees('warranty', 'within=90&equipment=all&clients=all')) {
      expect(row.daysLeft).toBeLessThanOrEqual(90);
      expect(row.daysLeft).toBe((Date.parse(String(row.warrantyEnd)) - Date.parse(today)) / 86_400_000);
    }
    const rows = await agrees('outdated-response', 'days=30&equipment=all&clients=all');
    const listed = rows.map((r) => r.name);
    // A-01 checked in as the day 30 days ago began; A-02 a second before it, D-02 at the end of the day before.
    expect(listed).toEqual(expect.arrayContaining(['A-02', 'D-02', 'G-01']));
    expect(listed).not.toContain('A-01');
    for (const row of rows) if (row.lastResponse !== null) expect(row.daysSince).toBeGreaterThan(30);
    expect(rows.find((r) => r.name === 'A-02')?.daysSince).toBe(31);
  });
});

describe('internal reports: the summary is worked out from the rows', () => {
  const monday = () => mondayOf(today);
  const cases: [string, () => string][] = [
    ['weekly-summary', () => ''],
    ['weekly-summary', () => `from=${displayOf(addDays(monday(), -14))}&to=${displayOf(today)}`],
    [
      'weekly-summary',
      () => `staff=${ids.tech}&from=${displayOf(addDays(monday(), -14))}&to=${displayOf(today)}`,
    ],
    ['bill-list', () => ''],
    ['bill-list', () => 'billed=all&clients=all'],
    ['wip-list', () => ''],
    ['wip-list', () => 'clients=all'],
    ['wip-list', () => `clients=all&staff=${ids.tech}`],
    ['annual-update', () => ''],
    ['annual-update', () => 'review=365&clients=all'],
  ];
  it.each(cases)('%s %s', async (key, query) => {
    await agrees(key, query());
  });
});

describe('random fleets', () => {
  const STATES = {
    av: ['PROTECTED', 'AT_RISK', 'DISABLED', 'NOT_INSTALLED'],
    bl: ['ENCRYPTED', 'PARTIAL', 'SUSPENDED', 'NOT_ENCRYPTED', 'NOT_SUPPORTED'],
  };
  const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  const device = fc.record({
    active: fc.boolean(),
    rmm: fc.boolean(),
    missing: maybe(fc.integer({ min: 0, max: 3 })),
    patched: maybe(fc.integer({ min: -40, max: 5 })),
    warranty: maybe(fc.integer({ min: -3, max: 95 })),
    // Years before today, and a day either side of the anniversary.
    bought: maybe(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: -1, max: 1 }))),
    responded: maybe(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.constantFrom(-1, 0, 1, 720, 1439))),
    av: maybe(fc.constantFrom(...STATES.av)),
    bl: maybe(fc.constantFrom(...STATES.bl)),
    category: maybe(fc.constantFrom('Workstation', 'Laptop', 'VM')),
    firmware: maybe(fc.constantFrom('1.2.0', '1.10.1', 'A07')),
  });
  const filters = fc.record({
    equipment: fc.constantFrom('all', '1', '2', '3'),
    within: fc.constantFrom('30', '60', '90', 'expired'),
    days: fc.integer({ min: 1, max: 35 }),
    by: fc.constantFrom('age', 'site'),
  });

  it('every device report’s summary equals the one worked out from its rows', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(device, { maxLength: 8 }), filters, async (fleet, f) => {
        runs += 1;
        await api.db.pool.query('DELETE FROM equipment WHERE organization_id = $1', [ids.random]);
        for (const d of fleet)
          await makeDevice(api.db.pool, ids.random, {
            active: d.active,
            rmmId: d.rmm ? 'rmm' : null,
            missingPatches: d.missing,
            lastPatchDate: d.patched === null ? null : addDays(today, d.patched),
            warrantyEnd: d.warranty === null ? null : addDays(today, d.warranty),
            purchaseDate: d.bought === null ? null : addDays(minusYears(today, d.bought[0]), d.bought[1]),
            lastResponseAt: d.responded === null ? null : companyInstant(d.responded[0], d.responded[1]),
            antivirusState: d.av,
            bitlockerState: d.bl,
            categoryId: d.category === null ? null : categories[d.category]!,
            firmwareVersion: d.firmware,
            manufacturer: 'Dell',
            model: 'OptiPlex',
          });
        const base = `organization=${ids.random}&equipment=${f.equipment}`;
        await agrees('patch', base);
        await agrees('warranty', `${base}&within=${f.within}`);
        await agrees('outdated-response', `${base}&days=${f.days}`);
        await agrees('antivirus', base);
        await agrees('bitlocker', base);
        await agrees('device', base);
        await agrees('firmware', base);
        await agrees('device-summary-by-age', `${base}&by=${f.by}`);
      }),
      { numRuns: 20 },
    );
    expect(runs).toBe(20);
  });
});
