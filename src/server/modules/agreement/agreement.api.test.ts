// Agreements: create/read/update/delete with history and activity, the billing-contact and date rules, the 409,
// list filters, sort and keyset paging, the totals of the filtered set, the figures as of a day, activity notes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAgreement,
  makeAgreementService,
  makeOrganization,
  makePerson,
  makeServiceType,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { END_BEFORE_START, NUMBER_USED, PERSON_OF_ORGANIZATION } from '../../../shared/schemas/agreement.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Ava', lastName: 'Account' });
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/manage/agreement';
let seq = 0;
const form = (organization: number, over: Record<string, unknown> = {}) => ({
  organization,
  number: `T-${process.pid}-${++seq}`,
  title: 'Managed services',
  status: 'OPEN',
  type: 'MANAGED',
  startDate: '01/01/2026',
  endDate: '',
  renewalDate: '12/31/2026',
  termMonths: '12',
  billingContact: null,
  accountManager: null,
  notes: '',
  ...over,
});

type Activity = { kind: { value: string }; text: string; actor: { label: string } | null };

describe('agreement basics', () => {
  it('creates, reads, updates with history and activity, refuses a stale version, deletes', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Northwind Dental' });
    const created = await user.post(`${BASE}/create`, form(org.id, { number: 'NW-100' }));
    expect(created.statusCode, created.body).toBe(200);
    const a = created.json().agreement;
    expect(a).toMatchObject({
      number: 'NW-100',
      organization: { value: org.id, label: 'Northwind Dental' },
      status: { value: 'OPEN', label: 'Open' },
      type: { value: 'MANAGED', label: 'Managed Services' },
      startDate: '01/01/2026',
      renewalDate: '12/31/2026',
      termMonths: 12,
      version: 0,
    });
    const loaded = await user.get(`${BASE}/${a.id}`);
    expect(loaded.json().can).toEqual({ save: true, delete: true });
    // Nothing refers to it yet: Delete is offered.
    expect(loaded.json().deleteBlockedReason).toBeNull();

    const closed = await user.post(`${BASE}/${a.id}`, {
      ...form(org.id, { number: 'NW-100' }),
      status: 'CLOSED',
      version: 0,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().agreement.version).toBe(1);
    const stale = await user.post(`${BASE}/${a.id}`, {
      ...form(org.id, { number: 'NW-100' }),
      title: 'Other',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.title).toBe('Managed services');

    const history = (await user.get(`/api/history/agreement/${a.id}`)).json().history;
    const status = history.items.find(
      (h: { field: string; oldValue: string | null }) => h.field === 'status' && h.oldValue,
    );
    expect(status).toMatchObject({ oldValue: 'Open', newValue: 'Closed' });

    const activity = (await user.get(`${BASE}/${a.id}/activity`)).json().items as Activity[];
    expect(activity.map((x) => x.text)).toEqual([
      'Status changed from Open to Closed',
      'Agreement NW-100 created: Managed services',
    ]);
    expect(activity[0]!.actor?.label).toBe('Ava Account');

    const removed = await user.delete(`${BASE}/${a.id}?version=1`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await user.get(`${BASE}/${a.id}`)).statusCode).toBe(404);
  });

  it('gives clear field errors: blanks, dates out of order, a used number, a contact of another organization', async () => {
    const org = await makeOrganization(api.db.pool);
    const other = await makeOrganization(api.db.pool);
    const stranger = await makePerson(api.db.pool, { organizationId: other.id });
    const blank = await user.post(`${BASE}/create`, {
      organization: '',
      number: '',
      title: '',
      status: 'OPEN',
      type: 'MANAGED',
      startDate: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().form.fields).sort()).toEqual([
      'number',
      'organization',
      'startDate',
      'title',
    ]);

    const order = await user.post(
      `${BASE}/create`,
      form(org.id, { startDate: '06/01/2026', endDate: '05/31/2026' }),
    );
    expect(order.json().form.fields.endDate).toEqual([END_BEFORE_START]);

    await makeAgreement(api.db.pool, { number: 'DUP-1' });
    const used = await user.post(`${BASE}/create`, form(org.id, { number: 'dup-1' }));
    expect(used.statusCode).toBe(400);
    expect(used.json().form.fields.number).toEqual([NUMBER_USED]);

    const contact = await user.post(`${BASE}/create`, form(org.id, { billingContact: stranger.id }));
    expect(contact.json().form.fields.billingContact).toEqual([PERSON_OF_ORGANIZATION]);
  });

  it('refuses dates that would leave services outside the agreement, and deleting one that has services', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01' });
    await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      startDate: '2026-02-01',
      endDate: '2026-12-31',
    });
    const shown = await user.get(`${BASE}/${a.id}`);
    const record = shown.json().agreement;
    const body = {
      ...form(a.organizationId, { number: a.number }),
      startDate: '03/01/2026',
      endDate: '06/30/2026',
      version: record.version,
    };
    const refused = await user.post(`${BASE}/${a.id}`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().form.fields.startDate[0]).toMatch(/^1 service starts before this date/);
    expect(refused.json().form.fields.endDate[0]).toMatch(/^1 service runs past this end date/);
    const del = await user.delete(`${BASE}/${a.id}?version=${record.version}`);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toMatch(/Close it instead/);
    // The screen's reason for a disabled Delete is the refusal itself, and reading it deleted nothing.
    expect(shown.json().deleteBlockedReason).toBe(del.json().message);
    expect((await user.get(`${BASE}/${a.id}/service`)).json().items).toHaveLength(1);
  });
});

describe('figures', () => {
  it('sums the monthly value of the services in force on a day, exactly, one-time charges excluded', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01' });
    const block = await makeServiceType(api.db.pool, { blockHours: true });
    await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      quantity: '10',
      unitPrice: '45.10',
      startDate: '2026-01-01',
    });
    await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      quantity: '1',
      unitPrice: '1000.00',
      billingFrequency: 'QUARTERLY',
      startDate: '2026-01-01',
    });
    await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      serviceTypeId: block.id,
      quantity: '1',
      unitPrice: '0.10',
      billingFrequency: 'ANNUAL',
      coveredHours: '8.5',
      startDate: '2026-03-01',
    });
    await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      quantity: '1',
      unitPrice: '999',
      billingFrequency: 'ONE_TIME',
      startDate: '2026-01-01',
    });
    await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      quantity: '3',
      unitPrice: '7',
      endDate: '2026-01-31',
      startDate: '2026-01-01',
    });

    const jan = (await user.get(`${BASE}/${a.id}/as-of?date=01/15/2026`)).json();
    // 451.00 + 333.33 + 21.00; the one-time charge is January's, once, and no part of the monthly value
    expect(jan.monthlyValue).toBe('805.33');
    expect(jan.services).toHaveLength(3);
    expect(jan.oneTime).toBe('999.00');
    expect(jan.oneTimeCharges).toMatchObject([{ amount: '999.00', billingFrequency: { value: 'ONE_TIME' } }]);
    const mar = (await user.get(`${BASE}/${a.id}/as-of?date=03/01/2026`)).json();
    // 451.00 + 333.33 + 0.01 (0.10/12 rounds up); the one-time charge (no end date) is not charged again
    expect(mar.monthlyValue).toBe('784.34');
    expect(mar.coveredHours).toBe('8.50');
    expect(mar).toMatchObject({ oneTime: '0.00', oneTimeCharges: [] });
    const before = (await user.get(`${BASE}/${a.id}/as-of?date=12/31/2025`)).json();
    expect(before).toMatchObject({ monthlyValue: '0.00', services: [], oneTime: '0.00' });
    expect((await user.get(`${BASE}/${a.id}/as-of?date=13/45/2026`)).statusCode).toBe(400);
    expect((await user.get(`${BASE}/2147483647/as-of`)).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('filters by organization, status, service type, renewal window and text; totals the filtered set', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Contoso Logistics' });
    const type = await makeServiceType(api.db.pool);
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const a = await makeAgreement(api.db.pool, { organizationId: org.id, number: 'CL-1', renewalDate: soon });
    const b = await makeAgreement(api.db.pool, {
      organizationId: org.id,
      number: 'CL-2',
      title: 'Backup plan',
    });
    const c = await makeAgreement(api.db.pool, { organizationId: org.id, number: 'CL-3', status: 'CLOSED' });
    await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      serviceTypeId: type.id,
      quantity: '2',
      unitPrice: '10.50',
    });
    await makeAgreementService(api.db.pool, { agreementId: b.id, quantity: '1', unitPrice: '100' });
    await makeAgreementService(api.db.pool, { agreementId: c.id, quantity: '1', unitPrice: '5' });
    const numbers = async (q: string) =>
      (await user.get(`${BASE}?organization=${org.id}&${q}`))
        .json()
        .items.map((i: { number: string }) => i.number);
    expect(await numbers('')).toEqual(['CL-1', 'CL-2']);
    expect(await numbers('status=all')).toEqual(['CL-1', 'CL-2', 'CL-3']);
    expect(await numbers('status=CLOSED')).toEqual(['CL-3']);
    expect(await numbers(`serviceType=${type.id}`)).toEqual(['CL-1']);
    expect(await numbers('renewalWithin=30')).toEqual(['CL-1']);
    expect(await numbers('q=backup')).toEqual(['CL-2']);
    expect(await numbers('q=contoso&sort=title&dir=desc')).toEqual(['CL-1', 'CL-2']);

    const rows = (await user.get(`${BASE}?organization=${org.id}`)).json().items;
    expect(rows.map((r: { monthlyValue: string }) => r.monthlyValue)).toEqual(['21.00', '100.00']);
    const totals = (await user.get(`${BASE}/totals?organization=${org.id}&status=all`)).json();
    expect(totals).toEqual({ count: 3, monthlyValue: '126.00', coveredHours: '0.00' });
    expect((await user.get(`${BASE}?renewalWithin=-1`)).statusCode).toBe(400);
  });

  it('pages with Load More (keyset) without gaps or repeats', async () => {
    const org = await makeOrganization(api.db.pool);
    for (let i = 0; i < 7; i += 1)
      await makeAgreement(api.db.pool, { organizationId: org.id, number: `PG-${i}` });
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const url: string = `${BASE}?organization=${org.id}&limit=3${after ? `&after=${after}` : ''}`;
      const page = (await user.get(url)).json();
      seen.push(...page.items.map((i: { number: string }) => i.number));
      after = page.next;
    } while (after);
    expect(seen).toEqual(['PG-0', 'PG-1', 'PG-2', 'PG-3', 'PG-4', 'PG-5', 'PG-6']);
  });
});

describe('activity', () => {
  it('adds notes newest first and pages them', async () => {
    const a = await makeAgreement(api.db.pool);
    for (const text of ['Called about renewal', 'Sent quote', 'Customer agreed']) {
      const note = await user.post(`${BASE}/${a.id}/activity`, { text });
      expect(note.statusCode, note.body).toBe(200);
      expect(note.json().activity).toMatchObject({ text, kind: { value: 'NOTE', label: 'Note' } });
    }
    const first = (await user.get(`${BASE}/${a.id}/activity?limit=2`)).json();
    expect(first.items.map((i: Activity) => i.text)).toEqual(['Customer agreed', 'Sent quote']);
    const second = (await user.get(`${BASE}/${a.id}/activity?limit=2&after=${first.next}`)).json();
    expect(second.items.map((i: Activity) => i.text)).toEqual(['Called about renewal']);
    expect(second.next).toBeNull();
    const blank = await user.post(`${BASE}/${a.id}/activity`, { text: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().form.fields.text).toEqual(['This value should not be blank.']);
    expect((await user.post(`${BASE}/2147483647/activity`, { text: 'x' })).statusCode).toBe(404);
  });
});
