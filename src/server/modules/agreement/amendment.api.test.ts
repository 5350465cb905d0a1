// Services and amendments of an agreement: the service rules (type, hours, dates, money), records of another
// agreement are 404, amendment numbering and copy, signing that applies the changes (as-of before and after, field
// history), the conflicts that refuse a signing whole, and signed amendments staying as signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAgreement,
  makeAgreementService,
  makeAmendmentType,
  makeServiceType,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { AMOUNT_NEGATIVE } from '../../../shared/format/money.js';
import { ROUNDING_INCREMENT_MESSAGE, ROUNDING_MINIMUM_MESSAGE } from '../../../shared/rounding.js';
import {
  AMENDMENT_LOCKED,
  COVERED_HOURS_BLOCK_ONLY,
  EFFECTIVE_OUTSIDE_AGREEMENT,
  SERVICE_OUTSIDE_AGREEMENT,
  SERVICE_TYPE_INACTIVE,
  SIGN_NEEDS_CHANGES,
  SIGN_NEEDS_DOCUMENT,
} from '../../../shared/schemas/agreement.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Sam', lastName: 'Sales' });
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const service = (serviceType: number, over: Record<string, unknown> = {}) => ({
  serviceType,
  description: 'Front office',
  quantity: '10',
  unitPrice: '$45.50',
  billingFrequency: 'MONTHLY',
  startDate: '02/01/2026',
  endDate: '',
  coveredHours: '',
  ...over,
});

describe('services', () => {
  it('adds, changes and removes a service with exact money, history and activity', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01' });
    const type = await makeServiceType(api.db.pool, { name: 'Managed Workstation' });
    const base = `/api/manage/agreement/${a.id}/service`;
    const blank = (await user.get(`${base}/create`)).json();
    expect(blank.formOptions.serviceType).toContainEqual({ value: type.id, label: 'Managed Workstation' });
    // A new service starts with its agreement, not today.
    expect(blank.service.startDate).toBe('01/01/2026');
    const created = await user.post(`${base}/create`, service(type.id));
    expect(created.statusCode, created.body).toBe(200);
    const s = created.json().service;
    expect(s).toMatchObject({
      quantity: '10.00',
      unitPrice: '45.50',
      monthly: '455.00',
      startDate: '02/01/2026',
    });
    const changed = await user.post(`${base}/${s.id}`, {
      ...service(type.id, { quantity: '12' }),
      version: 0,
    });
    expect(changed.json().service.monthly).toBe('546.00');
    const history = (await user.get(`/api/history/agreementService/${s.id}`)).json().history.items;
    expect(history).toContainEqual(
      expect.objectContaining({ field: 'quantity', oldValue: '10.00', newValue: '12.00' }),
    );
    const listed = (await user.get(base)).json().items;
    expect(listed.map((i: { id: number }) => i.id)).toEqual([s.id]);
    expect((await user.delete(`${base}/${s.id}?version=1`)).statusCode).toBe(200);
    const activity = (await user.get(`/api/manage/agreement/${a.id}/activity`)).json().items;
    expect(activity.map((x: { text: string }) => x.text)).toEqual([
      'Service removed: Managed Workstation (Front office) × 12 @ $45.50 Monthly',
      'Service changed: Managed Workstation: quantity 10 → 12',
      'Service added: Managed Workstation (Front office) × 10 @ $45.50 Monthly',
    ]);
  });

  it('refuses bad values with field errors and writes nothing', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const type = await makeServiceType(api.db.pool);
    const inactive = await makeServiceType(api.db.pool, { active: false });
    const base = `/api/manage/agreement/${a.id}/service`;
    const fields = async (body: Record<string, unknown>) =>
      (await user.post(`${base}/create`, body)).json().form.fields;
    expect(await fields(service(type.id, { quantity: '-1', unitPrice: '1.234' }))).toEqual({
      quantity: [AMOUNT_NEGATIVE],
      unitPrice: ['Please use no more than 2 decimals.'],
    });
    expect((await fields(service(type.id, { unitPrice: 'abc' }))).unitPrice).toEqual([
      'Please enter an amount like 1,250.00.',
    ]);
    expect(
      (await fields(service(type.id, { startDate: '03/01/2026', endDate: '02/01/2026' }))).endDate,
    ).toEqual(['The end date cannot be before the start date.']);
    expect(await fields(service(inactive.id))).toEqual({ serviceType: [SERVICE_TYPE_INACTIVE] });
    expect(await fields(service(type.id, { coveredHours: '10' }))).toEqual({
      coveredHours: [COVERED_HOURS_BLOCK_ONLY],
    });
    expect(await fields(service(type.id, { endDate: '01/31/2027' }))).toEqual({
      startDate: [SERVICE_OUTSIDE_AGREEMENT],
    });
    expect((await user.get(base)).json().items).toEqual([]);
  });

  it('keeps a billable-time rounding rule with its history; out-of-range minutes get a clear message', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01' });
    const type = await makeServiceType(api.db.pool, { name: 'Block Hours (rounding)', blockHours: true });
    const base = `/api/manage/agreement/${a.id}/service`;
    const bad = await user.post(
      `${base}/create`,
      service(type.id, { roundingMinimum: '500', roundingIncrement: '0' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields).toEqual({
      roundingMinimum: [ROUNDING_MINIMUM_MESSAGE],
      roundingIncrement: [ROUNDING_INCREMENT_MESSAGE],
    });
    const created = await user.post(
      `${base}/create`,
      service(type.id, { coveredHours: '10', roundingMinimum: '30', roundingIncrement: '15' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const s = created.json().service;
    expect(s).toMatchObject({ roundingMinimum: 30, roundingIncrement: 15 });
    const changed = await user.post(`${base}/${s.id}`, {
      ...service(type.id, { coveredHours: '10', roundingMinimum: '', roundingIncrement: '6' }),
      version: 0,
    });
    expect(changed.json().service).toMatchObject({ roundingMinimum: null, roundingIncrement: 6 });
    const history = (await user.get(`/api/history/agreementService/${s.id}`)).json().history.items;
    expect(history).toContainEqual(
      expect.objectContaining({ fieldLabel: 'Rounding Increment (min)', oldValue: '15', newValue: '6' }),
    );
  });

  it('keeps services of another agreement out of reach (404)', async () => {
    const a = await makeAgreement(api.db.pool);
    const b = await makeAgreement(api.db.pool);
    const s = await makeAgreementService(api.db.pool, { agreementId: b.id });
    expect((await user.get(`/api/manage/agreement/${a.id}/service/${s.id}`)).statusCode).toBe(404);
    expect((await user.delete(`/api/manage/agreement/${a.id}/service/${s.id}?version=0`)).statusCode).toBe(
      404,
    );
    expect((await user.get(`/api/manage/agreement/2147483647/service`)).statusCode).toBe(404);
  });
});

describe('amendments', () => {
  const amendment = (over: Record<string, unknown> = {}) => ({
    number: '',
    amendmentType: 0,
    effectiveDate: '07/01/2026',
    status: 'DRAFT',
    description: 'Five more workstations; end the legacy backup',
    document: null,
    changes: [],
    ...over,
  });

  it('numbers a draft, copies it, signs it: services split at the effective date, with history', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01' });
    const kind = await makeAmendmentType(api.db.pool, { name: 'Add Services' });
    const ws = await makeServiceType(api.db.pool, { name: 'Workstation' });
    const fw = await makeServiceType(api.db.pool, { name: 'Firewall' });
    const workstations = await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      serviceTypeId: ws.id,
      quantity: '10',
      unitPrice: '50',
      startDate: '2026-01-01',
    });
    const backup = await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      unitPrice: '80',
      startDate: '2026-01-01',
    });
    const base = `/api/manage/agreement/${a.id}/amendment`;
    const changes = [
      { kind: 'CHANGE', service: workstations.id, quantity: '15' },
      { kind: 'END', service: { value: backup.id, label: 'Backup' } },
      { kind: 'ADD', serviceType: fw.id, quantity: '1', unitPrice: '120', billingFrequency: 'MONTHLY' },
    ];
    const created = await user.post(`${base}/create`, amendment({ amendmentType: kind.id, changes }));
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json().amendment;
    expect(draft.number).toMatch(/^AM-\d+$/);
    expect(draft.changeRows.map((r: { before: unknown; after: unknown }) => [r.before, r.after])).toEqual([
      [
        { quantity: '10.00', unitPrice: '50.00', monthly: '500.00' },
        { quantity: '15.00', unitPrice: '50.00', monthly: '750.00' },
      ],
      [{ quantity: '1.00', unitPrice: '80.00', monthly: '80.00' }, null],
      [null, { quantity: '1.00', unitPrice: '120.00', monthly: '120.00' }],
    ]);
    const second = (await user.post(`${base}/create`, amendment({ amendmentType: kind.id }))).json()
      .amendment;
    expect(Number(second.number.slice(3))).toBe(Number(draft.number.slice(3)) + 1);

    // Copy carries type, description and changes into a new draft.
    const copy = (await user.get(`${base}/create?amendmentCopyId=${draft.id}`)).json().amendment;
    expect(copy).toMatchObject({
      id: 0,
      number: null,
      amendmentType: { value: kind.id },
      status: { value: 'DRAFT' },
    });
    expect(copy.description).toBe(draft.description);
    expect(copy.changes).toHaveLength(3);

    const signed = await user.post(`${base}/${draft.id}`, {
      ...amendment({ amendmentType: kind.id, changes, number: draft.number }),
      status: 'SIGNED',
      version: 0,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().amendment.signedBy.label).toBe('Sam Sales');

    const asOf = async (date: string) =>
      (await user.get(`/api/manage/agreement/${a.id}/as-of?date=${date}`)).json();
    expect((await asOf('06/30/2026')).monthlyValue).toBe('580.00');
    expect((await asOf('07/01/2026')).monthlyValue).toBe('870.00');
    const july = (await asOf('07/01/2026')).services.map(
      (s: { serviceType: { label: string }; quantity: string }) => [s.serviceType.label, s.quantity],
    );
    expect(july).toEqual([
      ['Firewall', '1.00'],
      ['Workstation', '15.00'],
    ]);
    const wsHistory = (await user.get(`/api/history/agreementService/${workstations.id}`)).json().history
      .items;
    expect(wsHistory).toContainEqual(
      expect.objectContaining({ field: 'endDate', oldValue: null, newValue: '06/30/2026' }),
    );
    const amendmentHistory = (await user.get(`/api/history/amendment/${draft.id}`)).json().history.items;
    expect(amendmentHistory).toContainEqual(
      expect.objectContaining({ field: 'status', oldValue: 'Draft', newValue: 'Signed' }),
    );

    // Signed: the before side is what the services were at signing, and nothing can change any more.
    const reloaded = (await user.get(`${base}/${draft.id}`)).json().amendment;
    expect(reloaded.changeRows[0].before.quantity).toBe('10.00');
    const locked = await user.post(`${base}/${draft.id}`, {
      ...amendment({ amendmentType: kind.id }),
      version: 1,
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().form.errors).toContain(AMENDMENT_LOCKED);
    expect((await user.delete(`${base}/${draft.id}?version=1`)).statusCode).toBe(400);
    const activity = (await user.get(`/api/manage/agreement/${a.id}/activity`)).json().items;
    expect(activity[0].text).toBe(
      `Amendment ${draft.number} signed: its service changes apply from 07/01/2026`,
    );
  });

  it('refuses a signing that conflicts with the services, whole, and the other signing rules', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const kind = await makeAmendmentType(api.db.pool);
    const ended = await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
    });
    const open = await makeAgreementService(api.db.pool, { agreementId: a.id, startDate: '2026-01-01' });
    const base = `/api/manage/agreement/${a.id}/amendment`;
    const sign = (over: Record<string, unknown>) =>
      user.post(`${base}/create`, amendment({ amendmentType: kind.id, status: 'SIGNED', ...over }));
    const conflict = await sign({
      changes: [
        { kind: 'END', service: ended.id },
        { kind: 'CHANGE', service: open.id, unitPrice: '1' },
        { kind: 'END', service: open.id },
      ],
    });
    expect(conflict.statusCode).toBe(400);
    expect(conflict.json().form.fields.changes).toEqual([
      'Change 1: This service has already ended before the effective date.',
      'Change 3: This service is already changed by change 2.',
    ]);
    expect((await user.get(base)).json().items).toEqual([]);
    expect((await user.get(`/api/manage/agreement/${a.id}/as-of?date=07/01/2026`)).json().monthlyValue).toBe(
      '100.00',
    );

    expect((await sign({ changes: [] })).json().form.fields.changes).toEqual([SIGN_NEEDS_CHANGES]);
    expect((await sign({ effectiveDate: '01/01/2027' })).json().form.fields.effectiveDate).toEqual([
      EFFECTIVE_OUTSIDE_AGREEMENT,
    ]);
    const rows = await sign({
      changes: [{ kind: 'ADD', quantity: 'x' }, { kind: 'CHANGE' }, { kind: 'NOPE' }],
    });
    expect(rows.json().form.fields.changes).toEqual([
      'Change 1: Choose a service type.',
      'Change 1: Quantity: Please enter an amount like 1,250.00.',
      'Change 1: Unit price: This value should not be blank.',
      'Change 1: Choose a billing frequency.',
      'Change 2: Choose a service.',
      'Change 3: Choose what the change does.',
    ]);

    await api.db.pool.query(
      `INSERT INTO settings (key, value) VALUES ('amendment_settings', '{"signingNeedsDocument": true}')
       ON CONFLICT (key) DO UPDATE SET value = settings.value || '{"signingNeedsDocument": true}'`,
    );
    try {
      const needsDoc = await sign({ changes: [{ kind: 'END', service: open.id }] });
      expect(needsDoc.json().form.fields.document).toEqual([SIGN_NEEDS_DOCUMENT]);
    } finally {
      await api.db.pool.query(
        `UPDATE settings SET value = value || '{"signingNeedsDocument": false}' WHERE key = 'amendment_settings'`,
      );
    }
  });
});
