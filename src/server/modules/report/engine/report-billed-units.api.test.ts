// "Devices billed" and "users billed" mean one thing in every report: the quantities of the services billed per
// device and per user in force today on open agreements. User & Device Counts (per organization) and Annual Update
// (per agreement) read them through the one SQL fragment, so the same data gives the same numbers in both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeOrganization,
  makePerson,
  makeServiceType,
  TEST_PASSWORD,
} from '../../../../../test/support/factories.js';
import { makeDevice } from '../../../../../test/support/report-factories.js';
import { addIsoDays } from '../../../../shared/format/date.js';
import type { ReportResponse } from '../../../../shared/reports.js';
import { companyDay } from './report-source.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let harbor: number;

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db)).email, TEST_PASSWORD);
  const today = companyDay(api.config.timeZone);
  harbor = (await makeOrganization(db, { name: 'Harbor Dental', rmmPlan: 'RMM_BILL_BY_DEVICE' })).id;
  for (const name of ['H1', 'H2', 'H3']) await makeDevice(db, harbor, { name });
  await makeDevice(db, harbor, { name: 'HV', virtual: true });
  await makePerson(db, { organizationId: harbor, firstName: 'Hal', lastName: 'Hart' });
  await makePerson(db, { organizationId: harbor, firstName: 'Ida', lastName: 'Hart' });

  const perDevice = (await makeServiceType(db, { name: 'Managed Device', billedPer: 'DEVICE' })).id;
  const perUser = (await makeServiceType(db, { name: 'Managed User', billedPer: 'USER' })).id;
  const fixed = (await makeServiceType(db, { name: 'Firewall' })).id;
  // Due for its yearly review in ten days, so Annual Update lists it.
  const open = await makeAgreement(db, { organizationId: harbor, renewalDate: addIsoDays(today, 10) });
  const service = (serviceTypeId: number, quantity: string, over: Record<string, string> = {}) =>
    makeAgreementService(db, { agreementId: open.id, serviceTypeId, quantity, ...over });
  await service(perDevice, '7.00');
  await service(perUser, '4.00');
  await service(fixed, '10.00');
  // Not billed today: a per-device service that ended, one that starts next month, a one-time charge.
  await service(perDevice, '50.00', { endDate: addIsoDays(today, -40) });
  await service(perDevice, '60.00', { startDate: addIsoDays(today, 40) });
  await service(perDevice, '3.00', { billingFrequency: 'ONE_TIME' });
  // A closed agreement bills nothing.
  const closed = await makeAgreement(db, { organizationId: harbor, status: 'CLOSED' });
  await makeAgreementService(db, { agreementId: closed.id, serviceTypeId: perDevice, quantity: '20.00' });
});
afterAll(() => api?.close());

const run = async (key: string, query: string) => {
  const res = await admin.get(`/api/report/${key}?limit=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportResponse;
};
const figure = (r: ReportResponse, label: string) => r.summary.figures.find((f) => f.label === label)?.value;

describe('devices and users billed', () => {
  it('are the same numbers in User & Device Counts and Annual Update', async () => {
    const counts = await run('user-and-device-counts', `organization=${harbor}`);
    const annual = await run('annual-update', `organization=${harbor}&review=30`);
    expect(counts.rows).toHaveLength(1);
    expect(annual.rows).toHaveLength(1);
    const [c, a] = [counts.rows[0]!, annual.rows[0]!];
    expect({
      devices: c.devices,
      devicesBilled: c.devicesBilled,
      users: c.users,
      usersBilled: c.usersBilled,
    }).toEqual({ devices: 3, devicesBilled: 7, users: 2, usersBilled: 4 });
    expect({
      devices: a.devicesNow,
      devicesBilled: a.devicesBilled,
      users: a.usersNow,
      usersBilled: a.usersBilled,
    }).toEqual({ devices: 3, devicesBilled: 7, users: 2, usersBilled: 4 });
    expect(figure(counts, 'Billed devices')).toBe('7');
    expect(figure(counts, 'Billed users')).toBe('4');
    // Fewer devices and users counted than billed: nothing to raise at the review.
    expect(figure(annual, 'More devices than billed')).toBe('0');
    expect(figure(annual, 'More users than billed')).toBe('0');
  });
});
