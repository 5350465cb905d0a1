// A month-end billing run through the API: every kind of line drafted for October 2026 (a whole month, a service
// starting mid-month, an amendment's split, a quarterly term, devices and users counted as of 10/31, a one-time
// charge, block hours with overage, a 1.5× case), then review, approval, posting and voiding.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { runInvoice, waitForDraft } from '../../../../test/support/billing-run.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeCase,
  makeEquipment,
  makeOrganization,
  makePerson,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import type { BillingRun, Invoice } from '../../../shared/schemas/billing-run.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let adminId: number;
const RUN = '/api/report/billing-run';
const INVOICE = '/api/report/invoice';
const ids = { dental: 0, clinic: 0, blockCase: 0, multiCase: 0, runningCase: 0 };

const q = (sql: string, params: unknown[] = []) => api.db.pool.query(sql, params);

const drafted = (id: number) => waitForDraft(admin, id);

async function invoiceOf(runId: number, organizationId: number): Promise<Invoice> {
  return (await runInvoice(admin, runId, organizationId))!;
}

const amounts = (invoice: Invoice) =>
  invoice.items.map((l) => [l.kind.value, l.description, l.quantity, l.amount]);

/** A device or person created before October ended, whose Active changed on `changedAt` (history as the app writes it). */
async function backdate(table: 'equipment' | 'people', id: number, created: string) {
  await q(`UPDATE ${table} SET created_at = $2 WHERE id = $1`, [id, created]);
}
async function activeChanged(entity: 'equipment' | 'person', id: number, at: string, from: boolean) {
  await q(
    `INSERT INTO field_history (entity, entity_id, field, old_value, new_value, at) VALUES ($1, $2, 'active', $3, $4, $5)`,
    [entity, id, from ? 'Yes' : 'No', from ? 'No' : 'Yes', at],
  );
}

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  const user = await makeAdmin(db);
  adminId = user.id;
  admin = await api.signIn(user.email, TEST_PASSWORD);
  const tech = await makeUser(db);

  // Ōsaka Dental: a managed agreement with every kind of recurring line, devices, users and block hours.
  const dental = await makeOrganization(db, { name: 'Ōsaka Dental, "Ltd"' });
  ids.dental = dental.id;
  const contact = await makePerson(db, {
    organizationId: dental.id,
    firstName: 'Kenji',
    lastName: 'Sato',
    email: 'kenji@example.jp',
  });
  const staffer = await makePerson(db, { organizationId: dental.id, firstName: 'Aiko', lastName: 'Ito' });
  const leaver = await makePerson(db, {
    organizationId: dental.id,
    firstName: 'Left',
    lastName: 'Early',
    active: false,
  });
  for (const p of [contact, staffer, leaver]) await backdate('people', p.id, '2026-09-01T12:00:00Z');
  await activeChanged('person', leaver.id, '2026-10-10T12:00:00Z', true);
  const agreement = await makeAgreement(db, {
    organizationId: dental.id,
    number: 'AG-DENTAL',
    startDate: '2026-01-01',
  });
  await q('UPDATE agreements SET billing_contact_id = $2 WHERE id = $1', [agreement.id, contact.id]);
  const seat = await makeServiceType(db, { name: 'Managed Seat' });
  const backup = await makeServiceType(db, { name: 'Cloud Backup' });
  const firewall = await makeServiceType(db, { name: 'Firewall' });
  const audit = await makeServiceType(db, { name: 'Security Audit' });
  const perDevice = await makeServiceType(db, { name: 'Device Monitoring', billedPer: 'DEVICE' });
  const perUser = await makeServiceType(db, { name: 'Mailbox', billedPer: 'USER' });
  const onboarding = await makeServiceType(db, { name: 'Onboarding' });
  const block = await makeServiceType(db, { name: 'Block Hours', blockHours: true });
  const svc = (o: Parameters<typeof makeAgreementService>[1]) => makeAgreementService(db, o);
  await svc({
    agreementId: agreement.id,
    serviceTypeId: seat.id,
    quantity: '25',
    unitPrice: '35.47',
    startDate: '2026-01-01',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: backup.id,
    quantity: '1',
    unitPrice: '310.00',
    startDate: '2026-10-12',
  });
  // An amendment's split: 100.00 through 10/15, then 130.00.
  await svc({
    agreementId: agreement.id,
    serviceTypeId: firewall.id,
    quantity: '1',
    unitPrice: '100.00',
    startDate: '2026-01-01',
    endDate: '2026-10-15',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: firewall.id,
    quantity: '1',
    unitPrice: '130.00',
    startDate: '2026-10-16',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: audit.id,
    quantity: '1',
    unitPrice: '900.00',
    billingFrequency: 'QUARTERLY',
    startDate: '2026-07-01',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: audit.id,
    quantity: '1',
    unitPrice: '4800.00',
    billingFrequency: 'ANNUAL',
    startDate: '2026-03-01',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: perDevice.id,
    quantity: '10',
    unitPrice: '12.50',
    startDate: '2026-01-01',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: perUser.id,
    quantity: '9',
    unitPrice: '8.00',
    startDate: '2026-01-01',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: onboarding.id,
    quantity: '1',
    unitPrice: '1500.00',
    billingFrequency: 'ONE_TIME',
    startDate: '2026-10-05',
    endDate: '2026-10-05',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: onboarding.id,
    quantity: '1',
    unitPrice: '700.00',
    billingFrequency: 'ONE_TIME',
    startDate: '2026-11-02',
    endDate: '2026-11-02',
  });
  await svc({
    agreementId: agreement.id,
    serviceTypeId: block.id,
    quantity: '1',
    unitPrice: '950.00',
    startDate: '2026-01-01',
    coveredHours: '10',
  });

  // Devices as of 10/31: one active, one virtual, one retired after the month, one retired in it, one new since.
  const device = (name: string, active = true) =>
    makeEquipment(db, { organizationId: dental.id, name, active });
  const live = await device('DENTAL-PC1');
  const vm = await device('DENTAL-VM');
  await q('UPDATE equipment SET virtual = true WHERE id = $1', [vm.id]);
  const retiredAfter = await device('DENTAL-PC2', false);
  const retiredIn = await device('DENTAL-PC3', false);
  for (const d of [live, vm, retiredAfter, retiredIn])
    await backdate('equipment', d.id, '2026-09-01T12:00:00Z');
  await activeChanged('equipment', retiredAfter.id, '2026-11-05T12:00:00Z', true);
  await activeChanged('equipment', retiredIn.id, '2026-10-20T12:00:00Z', true);
  await device('DENTAL-NEW');

  // 12 hours in October against 10 covered: 2 hours over at the block rate (950 / 10 = 95.00).
  const blockCase = await makeCase(db, { organizationId: dental.id, title: 'Server, migration; "phase 1"' });
  ids.blockCase = blockCase.id;
  const blockTask = await makeTask(db, { caseId: blockCase.id, title: 'Migrate' });
  for (const day of ['2026-10-06', '2026-10-07'])
    await makeSlip(db, {
      taskId: blockTask.id,
      userId: tech.id,
      workDate: day,
      startTime: '08:00',
      stopTime: '14:00',
    });

  // Ürümqi Clinic: no agreement, no contact; a case at 1.5× (default rate 150.00) and one with a timer running.
  const clinic = await makeOrganization(db, { name: 'Ürümqi Clinic' });
  ids.clinic = clinic.id;
  const multi = await makeCase(db, { organizationId: clinic.id, title: 'After-hours outage' });
  ids.multiCase = multi.id;
  const multiTask = await makeTask(db, { caseId: multi.id, title: 'Restore' });
  await makeSlip(db, {
    taskId: multiTask.id,
    userId: tech.id,
    workDate: '2026-10-10',
    startTime: '20:00',
    stopTime: '22:00',
    rateMultiplier: '1.5',
  });
  await makeSlip(db, {
    taskId: multiTask.id,
    userId: tech.id,
    workDate: '2026-10-11',
    startTime: '09:00',
    stopTime: '10:00',
  });
  const running = await makeCase(db, { organizationId: clinic.id, title: 'Still working' });
  ids.runningCase = running.id;
  const runningTask = await makeTask(db, { caseId: running.id, title: 'Ongoing' });
  await makeSlip(db, {
    taskId: runningTask.id,
    userId: tech.id,
    workDate: '2026-10-30',
    startTime: '09:00',
    stopTime: '10:00',
  });
  await makeSlip(db, {
    taskId: runningTask.id,
    userId: tech.id,
    workDate: '2026-10-31',
    startTime: '09:00',
    stopTime: null,
  });
});
afterAll(() => api?.close());

let runId = 0;

describe('drafting October 2026', () => {
  it('refuses a month not begun and a malformed one, with the field named', async () => {
    const future = await admin.post(RUN, { period: '2099-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().form.fields.period).toEqual([
      'This month has not begun yet. Choose this month or an earlier one.',
    ]);
    for (const period of ['2026-13', 'October', '', '2026-1']) {
      const bad = await admin.post(RUN, { period });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().form.fields.period).toEqual(['Please choose a month (YYYY-MM).']);
    }
  });

  it('drafts an invoice per client with something to bill, in a background job', async () => {
    const started = await admin.post(RUN, { period: '2026-10' });
    expect(started.statusCode).toBe(200);
    runId = started.json().run.id;
    const run = await drafted(runId);
    expect(run.status.value).toBe('READY');
    expect(run.periodLabel).toBe('October 2026');
    expect(run.done).toBe(run.clients);
    expect(run.invoices.draft).toBe(2);
    expect(run.skipped).toEqual([{ id: ids.runningCase, title: `#${ids.runningCase} Still working` }]);
  });

  it('bills each kind of line exactly, rounded per line, the total the sum of the lines', async () => {
    const invoice = await invoiceOf(runId, ids.dental);
    expect(invoice.contact).toBe('Kenji Sato');
    expect(invoice.contactEmail).toBe('kenji@example.jp');
    expect(invoice.billTo).toBe('Ōsaka Dental, "Ltd"');
    expect([invoice.periodFrom, invoice.periodTo]).toEqual(['10/01/2026', '10/31/2026']);
    expect(amounts(invoice)).toEqual([
      ['RECURRING', 'Block Hours', '1.00', '950.00'],
      ['RECURRING', 'Cloud Backup', '1.00', '200.00'],
      ['RECURRING', 'Firewall', '1.00', '48.39'],
      ['RECURRING', 'Firewall', '1.00', '67.10'],
      ['RECURRING', 'Managed Seat', '25.00', '886.75'],
      ['RECURRING', 'Security Audit', '1.00', '900.00'],
      ['DEVICES', 'Device Monitoring', '2.00', '25.00'],
      ['USERS', 'Mailbox', '2.00', '16.00'],
      ['ONE_TIME', 'Onboarding', '1.00', '1500.00'],
      ['TIME', `#${ids.blockCase} Server, migration; "phase 1"`, '1.00', '190.00'],
    ]);
    // The amendment's split adds up to exactly a month at each price's share: 48.39 + 67.10.
    const backup = invoice.items[1]!;
    expect(backup.proration).toEqual({ first: 12, last: 31, days: 31 });
    expect(backup.detail).toContain('Prorated: 10/12/2026–10/31/2026, 20 of 31 days');
    expect(invoice.items[5]!.detail).toContain('Quarterly: 10/01/2026–12/31/2026');
    expect(invoice.items[0]!.detail).toContain(
      'Block hours in October 2026: 10:00 covered, 12:00 used, 2:00 over',
    );
    expect(invoice.items[6]!.detail).toContain(
      '2 active devices, virtual ones excluded as of 10/31/2026 (the agreement says 10)',
    );
    expect(invoice.items[6]!.source).toEqual({
      label: 'Devices of Ōsaka Dental, "Ltd"',
      href: `/manage/organization/${ids.dental}/equipment`,
    });
    expect(invoice.items[7]!.detail).toContain('2 active users as of 10/31/2026');
    expect(invoice.items[9]!.detail).toBe(
      '12:00 worked → 12:00 billable; 10:00 by block hours; 2:00 at $95.00/h',
    );
    expect(invoice.items[9]!.source).toEqual({
      label: `Case #${ids.blockCase}`,
      href: `/manage/case/${ids.blockCase}`,
    });
    const sum = invoice.items.reduce((t, l) => t + BigInt(l.amount.replace('.', '')), 0n);
    expect(invoice.total).toBe('4783.24');
    expect(sum).toBe(478324n);
    expect(invoice.warningsText).toEqual([]);
  });

  it('prices a 1.5× case as the bill list does, and says a client has no billing contact', async () => {
    const invoice = await invoiceOf(runId, ids.clinic);
    // 2:00 at 1.5× = 3:00 billable + 1:00 → 4:00 at 150.00 = 600.00.
    expect(amounts(invoice)).toEqual([['TIME', `#${ids.multiCase} After-hours outage`, '1.00', '600.00']]);
    expect(invoice.items[0]!.detail).toBe('3:00 worked → 4:00 billable; 4:00 at $150.00/h; 1.5× on 3:00');
    expect(invoice.warningsText).toEqual([
      'No billing contact: choose one on the agreement, or a primary contact on the organization.',
    ]);
    const bill = await admin.get(`/api/report/bill-list/${ids.multiCase}/lines`);
    expect(bill.json().lines.totals.amount).toBe('600.00');
  });

  it('drafts the same invoices when run again', async () => {
    const before = await invoiceOf(runId, ids.dental);
    const again = await admin.post(RUN, { period: '2026-10' });
    expect(again.json().run.id).toBe(runId);
    await drafted(runId);
    const after = await invoiceOf(runId, ids.dental);
    expect(after.id).toBe(before.id);
    expect(amounts(after)).toEqual(amounts(before));
    expect(after.items.map((l) => [l.detail, l.warning, l.proration])).toEqual(
      before.items.map((l) => [l.detail, l.warning, l.proration]),
    );
    // The run's total is the sum of its invoices, to the cent.
    const run = (await admin.get(`${RUN}/${runId}`)).json().run as BillingRun;
    const list = (await admin.get(`${RUN}/${runId}/invoices`)).json();
    const cents = list.items.reduce(
      (t: bigint, i: { total: string }) => t + BigInt(i.total.replace('.', '')),
      0n,
    );
    expect(run.total).toBe('5383.24');
    expect(cents).toBe(538324n);
  });
});

describe('review, approval and posting', () => {
  it('changes a line keeping the original, adds a credit, and writes both to history', async () => {
    let invoice = await invoiceOf(runId, ids.dental);
    const seat = invoice.items[4]!;
    const edited = await admin.put(`${INVOICE}/${invoice.id}/line/${seat.id}`, {
      description: 'Managed Seat (24 after one left)',
      quantity: '24',
      unitPrice: '35.47',
      version: invoice.version,
    });
    expect(edited.statusCode).toBe(200);
    invoice = edited.json().invoice;
    expect(invoice.items[4]).toMatchObject({
      quantity: '24.00',
      amount: '851.28',
      original: { description: 'Managed Seat', quantity: '25.00', unitPrice: '35.47', amount: '886.75' },
    });
    const credit = await admin.post(`${INVOICE}/${invoice.id}/line`, {
      kind: 'CREDIT',
      description: 'Goodwill, outage =SUM(A1)',
      quantity: '1',
      unitPrice: '$50',
      version: invoice.version,
    });
    invoice = credit.json().invoice;
    expect(invoice.items.at(-1)).toMatchObject({ kind: { value: 'CREDIT' }, amount: '-50.00', position: 11 });
    expect(invoice.total).toBe('4697.77');
    const history = (await admin.get(`/api/history/invoice/${invoice.id}`)).json();
    const fields = history.history.items.map((h: { field: string }) => h.field);
    expect(fields).toEqual(expect.arrayContaining(['Line 5 Quantity', 'Line 5 Description', 'Line 11']));
  });

  it('refuses a stale version, a line of another invoice and bad amounts with clear messages', async () => {
    const invoice = await invoiceOf(runId, ids.dental);
    const other = await invoiceOf(runId, ids.clinic);
    const stale = await admin.post(`${INVOICE}/${invoice.id}/approve`, { version: invoice.version - 1 });
    expect(stale.statusCode).toBe(409);
    const foreign = await admin.put(`${INVOICE}/${invoice.id}/line/${other.items[0]!.id}`, {
      description: 'x',
      quantity: '1',
      unitPrice: '1',
      version: invoice.version,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('This line is not on this invoice. Reload the page.');
    const bad = await admin.post(`${INVOICE}/${invoice.id}/line`, {
      kind: 'CHARGE',
      description: '',
      quantity: '-1',
      unitPrice: '1.234',
      version: invoice.version,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields).toMatchObject({
      description: [expect.any(String)],
      quantity: ['Please enter an amount of 0 or more.'],
      unitPrice: ['Please use no more than 2 decimals.'],
    });
    const noVersion = await admin.post(`${INVOICE}/${invoice.id}/approve`, {});
    expect(noVersion.statusCode).toBe(400);
  });

  it('posts an approved invoice once, numbered, its case billed and locked; a posted invoice never changes', async () => {
    let invoice = await invoiceOf(runId, ids.dental);
    const early = await admin.post(`${INVOICE}/${invoice.id}/post`, { version: invoice.version });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Approve this invoice before posting it.');
    invoice = (await admin.post(`${INVOICE}/${invoice.id}/approve`, { version: invoice.version })).json()
      .invoice;
    expect(invoice.status.value).toBe('APPROVED');
    const edit = await admin.post(`${INVOICE}/${invoice.id}/line`, {
      kind: 'CHARGE',
      description: 'x',
      quantity: '1',
      unitPrice: '1',
      version: invoice.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('An approved invoice cannot be changed. Take the approval back first.');
    // Two posts at once: one posts, the other finds it posted.
    const [a, b] = await Promise.all([
      admin.post(`${INVOICE}/${invoice.id}/post`, { version: invoice.version }),
      admin.post(`${INVOICE}/${invoice.id}/post`, { version: invoice.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    invoice = (await admin.get(`${INVOICE}/${invoice.id}`)).json().invoice;
    expect(invoice.status.value).toBe('POSTED');
    expect(invoice.number).toMatch(/^INV-\d{5}$/);
    expect(invoice.can).toMatchObject({ edit: false, void: true });
    const billed = await q('SELECT billed_at IS NOT NULL AS billed FROM cases WHERE id = $1', [
      ids.blockCase,
    ]);
    expect(billed.rows[0].billed).toBe(true);
    const snapshot = await q('SELECT amount::text, invoice_id FROM billed_cases WHERE case_id = $1', [
      ids.blockCase,
    ]);
    expect(snapshot.rows[0]).toEqual({ amount: '190.00', invoice_id: invoice.id });
    // Undo Billing leaves a case an invoice billed alone.
    const undo = await admin.post(`/api/report/bill-list/${ids.blockCase}/unbill`);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(
      `This case was billed on invoice ${invoice.number}. Void the invoice to bill the case again.`,
    );
    // The database itself refuses to change a posted invoice or its lines.
    await expect(
      q(`UPDATE invoice_lines SET amount_cents = 1 WHERE invoice_id = $1`, [invoice.id]),
    ).rejects.toThrow(/posted/);
    await expect(q(`UPDATE invoices SET bill_to = 'x' WHERE id = $1`, [invoice.id])).rejects.toThrow(
      /posted/,
    );
    await expect(q(`DELETE FROM invoices WHERE id = $1`, [invoice.id])).rejects.toThrow(/posted/);
    // Nor lines added to it or taken from it, in a statement that also touches a draft's lines (checked per statement).
    const draft = await q(`SELECT id FROM invoices WHERE status = 'DRAFT' ORDER BY id LIMIT 1`);
    const copyLines = `INSERT INTO invoice_lines (invoice_id, position, kind, description, quantity, unit_price, amount_cents)
       SELECT invoice_id, position + 100, kind, description, quantity, unit_price, amount_cents FROM invoice_lines
        WHERE invoice_id = ANY($1::int[])`;
    await expect(q(copyLines, [[draft.rows[0].id, invoice.id]])).rejects.toThrow(/posted/);
    await expect(
      q(`DELETE FROM invoice_lines WHERE invoice_id = ANY($1::int[])`, [[draft.rows[0].id, invoice.id]]),
    ).rejects.toThrow(/posted/);
    // A draft's lines alone change as before.
    expect((await q(copyLines, [[draft.rows[0].id]])).rowCount).toBeGreaterThan(0);
    await q(`DELETE FROM invoice_lines WHERE invoice_id = $1 AND position > 100`, [draft.rows[0].id]);
  });

  it('refuses to post an invoice whose time changed since it was drafted, and gives its number back', async () => {
    let invoice = await invoiceOf(runId, ids.clinic);
    invoice = (await admin.post(`${INVOICE}/${invoice.id}/approve`, { version: invoice.version })).json()
      .invoice;
    const task = await q('SELECT id FROM tasks WHERE case_id = $1', [ids.multiCase]);
    await makeSlip(api.db.pool, {
      taskId: task.rows[0].id,
      userId: adminId,
      workDate: '2026-10-12',
      startTime: '09:00',
      stopTime: '09:30',
    });
    const counter = (await q(`SELECT last FROM invoice_counters WHERE kind = 'INVOICE'`)).rows[0].last;
    const refused = await admin.post(`${INVOICE}/${invoice.id}/post`, { version: invoice.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `The time of case #${ids.multiCase} changed since this invoice was drafted. Rebuild the invoice, check it and approve it again.`,
    );
    expect((await q(`SELECT last FROM invoice_counters WHERE kind = 'INVOICE'`)).rows[0].last).toBe(counter);
    expect(
      (await q('SELECT billed_at FROM cases WHERE id = $1', [ids.multiCase])).rows[0].billed_at,
    ).toBeNull();
    const rebuilt = (
      await admin.post(`${INVOICE}/${invoice.id}/rebuild`, { version: invoice.version })
    ).json().invoice;
    expect(rebuilt.status.value).toBe('DRAFT');
    expect(rebuilt.total).toBe('675.00');
    const approved = (
      await admin.post(`${INVOICE}/${invoice.id}/approve`, { version: rebuilt.version })
    ).json().invoice;
    const posted = await admin.post(`${RUN}/${runId}/post`);
    expect(posted.json()).toMatchObject({ posted: 1, failed: [] });
    const final = (await admin.get(`${INVOICE}/${approved.id}`)).json().invoice;
    expect(Number(final.number.slice(4))).toBe(counter + 1);
  });

  it('refuses a new run of a month whose every invoice is posted, and posting with none approved', async () => {
    const none = await admin.post(`${RUN}/${runId}/post`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      'No invoice of this run is approved. Approve the invoices to post first.',
    );
    const again = await admin.post(RUN, { period: '2026-10' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'Every client billed for October 2026 has a posted invoice. Void an invoice to bill its client again.',
    );
  });

  it('voids a posted invoice with a credit note taking back every line, and frees its cases', async () => {
    const invoice = await invoiceOf(runId, ids.dental);
    const noReason = await admin.post(`${INVOICE}/${invoice.id}/void`, { version: invoice.version });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().form.fields.reason).toEqual(['Please enter the reason for voiding this invoice.']);
    const voided = await admin.post(`${INVOICE}/${invoice.id}/void`, {
      reason: 'Wrong seat count',
      version: invoice.version,
    });
    expect(voided.statusCode).toBe(200);
    const after = voided.json().invoice as Invoice;
    expect(after).toMatchObject({
      status: { value: 'VOID' },
      voidReason: 'Wrong seat count',
      total: invoice.total,
    });
    expect(after.creditNote?.label).toMatch(/^CN-\d{5}$/);
    const credit = (await admin.get(`${INVOICE}/${after.creditNote!.value}`)).json().invoice as Invoice;
    expect(credit).toMatchObject({
      kind: { value: 'CREDIT_NOTE' },
      status: { value: 'POSTED' },
      total: `-${invoice.total}`,
    });
    expect(credit.items.map((l) => l.amount)).toEqual(
      invoice.items.map((l) => (l.amount.startsWith('-') ? l.amount.slice(1) : `-${l.amount}`)),
    );
    expect(
      (await q('SELECT billed_at FROM cases WHERE id = $1', [ids.blockCase])).rows[0].billed_at,
    ).toBeNull();
    // The month can be drafted again for the voided client only.
    const again = await admin.post(RUN, { period: '2026-10' });
    expect(again.statusCode).toBe(200);
    const run = await drafted(runId);
    expect(run.invoices).toMatchObject({ draft: 1, posted: 1, void: 1 });
  });

  it('answers hostile input with a 400 or 404 and a message, never a 500', async () => {
    const invoice = await invoiceOf(runId, ids.dental);
    const line = invoice.items[0]!;
    const cases: [string, () => Promise<{ statusCode: number; body: string }>, number][] = [
      ['an id past the integer columns', () => admin.get(`${INVOICE}/99999999999`), 404],
      ['a run that is not', () => admin.get(`${RUN}/424242/invoices`), 404],
      ['a line id of letters', () => admin.put(`${INVOICE}/${invoice.id}/line/abc`, { version: 0 }), 404],
      ['a NUL in the month', () => admin.post(RUN, { period: '2026-1\u00000' }), 400],
      ['a month as a number', () => admin.post(RUN, { period: 202610 }), 400],
      [
        'a NUL in a description',
        () =>
          admin.post(`${INVOICE}/${invoice.id}/line`, {
            kind: 'CHARGE',
            description: 'x\u0000y',
            quantity: '1',
            unitPrice: '1',
            version: invoice.version,
          }),
        400,
      ],
      [
        'a quantity too large for its column',
        () =>
          admin.put(`${INVOICE}/${invoice.id}/line/${line.id}`, {
            description: 'x',
            quantity: '123456789',
            unitPrice: '1',
            version: invoice.version,
          }),
        400,
      ],
      [
        'a kind not added by hand',
        () =>
          admin.post(`${INVOICE}/${invoice.id}/line`, {
            kind: 'TIME',
            description: 'x',
            quantity: '1',
            unitPrice: '1',
            version: invoice.version,
          }),
        400,
      ],
      [
        'a reason too long',
        () =>
          admin.post(`${INVOICE}/${invoice.id}/void`, { reason: 'x'.repeat(501), version: invoice.version }),
        400,
      ],
      ['a status not in the list', () => admin.get(`${RUN}/${runId}/invoices?status=PAID`), 400],
      ['a negative start', () => admin.get(`${RUN}/${runId}/invoices?start=-1`), 400],
    ];
    for (const [what, call, status] of cases) {
      const res = await call();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(JSON.parse(res.body).message, what).toEqual(expect.any(String));
    }
  });

  it('lets only administrators in', async () => {
    const tech = await makeUser(api.db.pool);
    const caller = await api.signIn(tech.email, TEST_PASSWORD);
    expect((await caller.get(RUN)).statusCode).toBe(403);
    expect((await caller.post(RUN, { period: 'nonsense' })).statusCode).toBe(403);
    expect((await caller.get(`${INVOICE}/1`)).statusCode).toBe(403);
  });
});
