// One-time charges on an agreement (onboarding, hardware): shown wherever the agreement's charges are, billed once in
// the month of their date, never part of the monthly recurring value, whatever their end date says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeOrganization,
  makeServiceType,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import type { ReportResponse } from '../../../shared/reports.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let agreementId: number;
let organizationId: number;
const BASE = '/api/manage/agreement';

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db)).email, TEST_PASSWORD);
  const org = await makeOrganization(db, { name: `Ōsaka Onboarding ${Date.now()}` });
  organizationId = org.id;
  const a = await makeAgreement(db, { organizationId, startDate: '2026-01-01' });
  agreementId = a.id;
  const seats = await makeServiceType(db, { name: 'Managed Seat' });
  const onboarding = await makeServiceType(db, { name: 'Onboarding' });
  const hardware = await makeServiceType(db, { name: 'Hardware' });
  await makeAgreementService(db, {
    agreementId,
    serviceTypeId: seats.id,
    quantity: '25',
    unitPrice: '35.47',
  });
  // As the win makes them: start = end = the agreement's start.
  await makeAgreementService(db, {
    agreementId,
    serviceTypeId: onboarding.id,
    unitPrice: '3703.68',
    billingFrequency: 'ONE_TIME',
    startDate: '2026-01-01',
    endDate: '2026-01-01',
  });
  // As a person may type one: a date and no end.
  await makeAgreementService(db, {
    agreementId,
    serviceTypeId: hardware.id,
    quantity: '3',
    unitPrice: '1249.99',
    billingFrequency: 'ONE_TIME',
    startDate: '2026-02-17',
    endDate: null,
  });
});
afterAll(() => api?.close());

const asOf = async (date: string) => (await admin.get(`${BASE}/${agreementId}/as-of?date=${date}`)).json();

describe('one-time charges', () => {
  it('are counted once, in the month of their date, beside the monthly value', async () => {
    const jan = await asOf('01/20/2026');
    expect(jan.monthlyValue).toBe('886.75');
    expect(jan.services.map((s: { serviceType: { label: string } }) => s.serviceType.label)).toEqual([
      'Managed Seat',
    ]);
    expect(jan.oneTime).toBe('3703.68');
    expect(jan.oneTimeCharges).toMatchObject([{ serviceType: { label: 'Onboarding' }, amount: '3703.68' }]);
    // February: the seats again, the hardware (dated mid-month, no end date) once; March: the seats only.
    const feb = await asOf('02/01/2026');
    expect([feb.monthlyValue, feb.oneTime]).toEqual(['886.75', '3749.97']);
    expect(feb.oneTimeCharges).toHaveLength(1);
    const mar = await asOf('03/31/2026');
    expect([mar.monthlyValue, mar.oneTime, mar.oneTimeCharges]).toEqual(['886.75', '0.00', []]);
  });

  it('show their amount in the service list and add nothing to the monthly value of the list and its totals', async () => {
    const services = (await admin.get(`${BASE}/${agreementId}/service?show=all`)).json().items as {
      billingFrequency: { value: string };
      monthly: string;
      amount: string;
    }[];
    expect(
      services
        .map((s) => [s.billingFrequency.value, s.monthly, s.amount])
        .sort((x, y) => Number(x[2]) - Number(y[2])),
    ).toEqual([
      ['MONTHLY', '886.75', '886.75'],
      ['ONE_TIME', '0.00', '3703.68'],
      ['ONE_TIME', '0.00', '3749.97'],
    ]);
    const list = (await admin.get(`${BASE}?organization=${organizationId}`)).json().items;
    expect(list.map((a: { monthlyValue: string }) => a.monthlyValue)).toEqual(['886.75']);
    const totals = (await admin.get(`${BASE}/totals?organization=${organizationId}`)).json();
    expect(totals).toMatchObject({ count: 1, monthlyValue: '886.75' });
  });

  it('appear in the services activity report of the period of their date only', async () => {
    const services = async (from: string, to: string) => {
      const res = await admin.get(
        `/api/report/services-activity?limit=100&clients=all&organization=${organizationId}&from=${from}&to=${to}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json() as ReportResponse;
      return r.rows
        .filter((row) => row.agreement)
        .map((row) => `${row.service} ${row.frequency}`)
        .sort();
    };
    expect(await services('01/01/2026', '01/31/2026')).toEqual([
      'Managed Seat Monthly',
      'Onboarding One-time',
    ]);
    expect(await services('02/01/2026', '02/28/2026')).toEqual(['Hardware One-time', 'Managed Seat Monthly']);
    expect(await services('05/01/2026', '05/31/2026')).toEqual(['Managed Seat Monthly']);
  });
});
