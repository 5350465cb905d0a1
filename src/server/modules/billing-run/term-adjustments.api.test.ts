// Terms billed in advance and changed after posting, through the API: July 2026 posts a quarterly audit for
// 07/01–09/30 and a month of seats; then the audit is ended on 08/14 and the seats' end set back to 07/20. August's
// run credits exactly the days no longer in force, once; September's has nothing more to adjust; taking the audit's
// end away again charges back what November credited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { draftMonth, runInvoice } from '../../../../test/support/billing-run.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeOrganization,
  makePerson,
  makeServiceType,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { INVOICE_NEGATIVE, type Invoice } from '../../../shared/schemas/billing-run.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
const INVOICE = '/api/report/invoice';
const ids = { org: 0, lonely: 0, audit: 0, seats: 0, lonelyAudit: 0 };

const q = (sql: string, params: unknown[] = []) => api.db.pool.query(sql, params);

/** Drafts `period` and answers the client's invoice of it (undefined when it has nothing to bill). */
async function invoiceOf(period: string, organizationId: number): Promise<Invoice | undefined> {
  const run = await draftMonth(admin, period);
  expect(run.status.value).toBe('READY');
  return invoiceIn(run.id, organizationId);
}

const invoiceIn = (runId: number, organizationId: number) => runInvoice(admin, runId, organizationId);

async function post(invoice: Invoice): Promise<Invoice> {
  const approved = await admin.post(`${INVOICE}/${invoice.id}/approve`, { version: invoice.version });
  expect(approved.statusCode, approved.body).toBe(200);
  const posted = await admin.post(`${INVOICE}/${invoice.id}/post`, {
    version: approved.json().invoice.version,
  });
  expect(posted.statusCode, posted.body).toBe(200);
  return (await admin.get(`${INVOICE}/${invoice.id}`)).json().invoice;
}

const lines = (invoice: Invoice) => invoice.items.map((l) => [l.kind.value, l.description, l.amount]);

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  const user = await makeAdmin(db);
  admin = await api.signIn(user.email, TEST_PASSWORD);
  const org = await makeOrganization(db, { name: 'Quarter & Co' });
  ids.org = org.id;
  const contact = await makePerson(db, { organizationId: org.id, firstName: 'Ana', lastName: 'Quarter' });
  const agreement = await makeAgreement(db, {
    organizationId: org.id,
    number: 'AG-Q',
    startDate: '2026-01-01',
  });
  await q('UPDATE agreements SET billing_contact_id = $2 WHERE id = $1', [agreement.id, contact.id]);
  const audit = await makeServiceType(db, { name: 'Security Audit' });
  const seat = await makeServiceType(db, { name: 'Managed Seat' });
  const firewall = await makeServiceType(db, { name: 'Firewall' });
  const svc = (o: Parameters<typeof makeAgreementService>[1]) => makeAgreementService(db, o);
  ids.audit = (
    await svc({
      agreementId: agreement.id,
      serviceTypeId: audit.id,
      quantity: '1',
      unitPrice: '900.00',
      billingFrequency: 'QUARTERLY',
      startDate: '2026-04-01',
    })
  ).id;
  ids.seats = (
    await svc({
      agreementId: agreement.id,
      serviceTypeId: seat.id,
      quantity: '10',
      unitPrice: '35.47',
      startDate: '2026-01-01',
    })
  ).id;
  await svc({
    agreementId: agreement.id,
    serviceTypeId: firewall.id,
    quantity: '1',
    unitPrice: '1000.00',
    startDate: '2026-01-01',
  });
  // A client whose only service is a quarterly one: ended mid-term, its next invoice is nothing but the credit.
  const lonely = await makeOrganization(db, { name: 'Only Audits Ltd' });
  ids.lonely = lonely.id;
  const lonelyAgreement = await makeAgreement(db, { organizationId: lonely.id, startDate: '2026-01-01' });
  ids.lonelyAudit = (
    await svc({
      agreementId: lonelyAgreement.id,
      serviceTypeId: audit.id,
      quantity: '1',
      unitPrice: '300.00',
      billingFrequency: 'QUARTERLY',
      startDate: '2026-07-01',
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('a term billed in advance, changed after posting', () => {
  it('July bills the quarter and the month whole', async () => {
    const run = await draftMonth(admin, '2026-07');
    const july = (await invoiceIn(run.id, ids.org))!;
    expect(lines(july)).toEqual([
      ['RECURRING', 'Firewall', '1000.00'],
      ['RECURRING', 'Managed Seat', '354.70'],
      ['RECURRING', 'Security Audit', '900.00'],
    ]);
    expect((await post(july)).status.value).toBe('POSTED');
    const lonely = (await invoiceIn(run.id, ids.lonely))!;
    expect(lines(lonely)).toEqual([['RECURRING', 'Security Audit', '300.00']]);
    await post(lonely);
  });

  it('August credits the days no longer in force, once, with how it was worked out', async () => {
    await q('UPDATE agreement_services SET end_date = $2 WHERE id = $1', [ids.audit, '2026-08-14']);
    await q('UPDATE agreement_services SET end_date = $2 WHERE id = $1', [ids.seats, '2026-07-20']);
    await q('UPDATE agreement_services SET end_date = $2 WHERE id = $1', [ids.lonelyAudit, '2026-07-31']);
    const august = (await invoiceOf('2026-08', ids.org))!;
    // 900.00 × 45/92 = 440.22 now (07/01–08/14): −459.78; 354.70 × 20/31 = 228.84 now: −125.86.
    expect(lines(august)).toEqual([
      ['RECURRING', 'Firewall', '1000.00'],
      ['ADJUSTMENT', 'Managed Seat, adjusted for 07/01/2026–07/31/2026', '-125.86'],
      ['ADJUSTMENT', 'Security Audit, adjusted for 07/01/2026–09/30/2026', '-459.78'],
    ]);
    expect(august.total).toBe('414.36');
    const audit = august.items[2]!;
    expect(audit.kind.label).toBe('Term adjustment');
    expect(audit.detail).toMatch(
      /^Agreement AG-Q; Term 07\/01\/2026–09\/30\/2026; billed 92 of 92 days on INV-\d{5}; in force 45 of 92 days now \(07\/01\/2026–08\/14\/2026\)$/,
    );
    expect(audit.source).toMatchObject({ label: 'Agreement AG-Q' });

    // Drafted again: the same lines, not twice.
    const again = (await invoiceOf('2026-08', ids.org))!;
    expect(lines(again)).toEqual(lines(august));

    // Nothing but the credit: an invoice below zero, which cannot be approved.
    const lonely = (await invoiceOf('2026-08', ids.lonely))!;
    expect(lines(lonely)).toEqual([
      ['ADJUSTMENT', 'Security Audit, adjusted for 07/01/2026–09/30/2026', '-198.91'],
    ]);
    const refused = await admin.post(`${INVOICE}/${lonely.id}/approve`, { version: lonely.version });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(INVOICE_NEGATIVE);

    // Drafting the month again bumped its version: posted as it is now.
    await post((await admin.get(`${INVOICE}/${again.id}`)).json().invoice);
  });

  it('September adjusts nothing more; an end taken away charges back what was credited', async () => {
    const september = (await invoiceOf('2026-09', ids.org))!;
    expect(lines(september)).toEqual([['RECURRING', 'Firewall', '1000.00']]);

    await q('UPDATE agreement_services SET end_date = NULL WHERE id = $1', [ids.audit]);
    const redrafted = (await invoiceOf('2026-09', ids.org))!;
    expect(lines(redrafted)).toEqual([
      ['RECURRING', 'Firewall', '1000.00'],
      ['ADJUSTMENT', 'Security Audit, adjusted for 07/01/2026–09/30/2026', '459.78'],
    ]);
    expect(redrafted.items[1]!.detail).toContain('adjusted before by -$459.78; in force 92 of 92 days now');
    // Each term sums to what its days in force come to now: the audit's whole quarter, the seats' 20 days.
    const { rows } = await q(
      `SELECT l.agreement_service_id AS id, sum(l.amount_cents)::int AS cents
         FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
        WHERE i.organization_id = $1 AND i.status <> 'VOID' AND l.agreement_service_id = ANY($2::int[])
          AND COALESCE(l.term_from, i.period_from) = '2026-07-01'
        GROUP BY 1 ORDER BY 1`,
      [ids.org, [ids.audit, ids.seats]],
    );
    expect(rows).toEqual([
      { id: ids.audit, cents: 90000 },
      { id: ids.seats, cents: 22884 },
    ]);
  });

  it('voiding the invoice that carried the adjustments takes them back: the next run drafts what is still due', async () => {
    const { rows } = await q(
      `SELECT id, version FROM invoices WHERE organization_id = $1 AND status = 'POSTED' AND period_from = '2026-08-01'`,
      [ids.org],
    );
    const voided = await admin.post(`${INVOICE}/${rows[0].id}/void`, {
      reason: 'Adjusted on the wrong invoice',
      version: rows[0].version,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    // The audit runs its whole quarter again (nothing to adjust); the seats still ended on 07/20.
    const september = (await invoiceOf('2026-09', ids.org))!;
    expect(lines(september)).toEqual([
      ['RECURRING', 'Firewall', '1000.00'],
      ['ADJUSTMENT', 'Managed Seat, adjusted for 07/01/2026–07/31/2026', '-125.86'],
    ]);
  });

  it('a voided invoice bills nothing to adjust', async () => {
    const { rows } = await q(
      `SELECT id, version FROM invoices WHERE organization_id = $1 AND status = 'POSTED' AND period_from = '2026-07-01'`,
      [ids.lonely],
    );
    const voided = await admin.post(`${INVOICE}/${rows[0].id}/void`, {
      reason: 'Billed by mistake',
      version: rows[0].version,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await invoiceOf('2026-08', ids.lonely)).toBeUndefined();
  });
});
