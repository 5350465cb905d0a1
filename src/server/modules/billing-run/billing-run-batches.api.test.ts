// A run drafts its clients a batch at a time, each batch sized from the last one's time: every client is drafted once,
// whatever the sizes (130 clients: more than the first batch, and batches that grow or shrink), and the run's total
// is the sum of the invoices. A batch that cannot be written stops the run with the batches before it kept whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { draftMonth } from '../../../../test/support/billing-run.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeOrganization,
  makeServiceType,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
const CLIENTS = 130;

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  admin = await api.signIn((await makeAdmin(db)).email, TEST_PASSWORD);
  const seat = await makeServiceType(db, { name: 'Batch Seat' });
  // Client n: an agreement with n seats at 10.01 from the first of September.
  await db.query(
    `WITH o AS (INSERT INTO organizations (name, sales_status) SELECT 'Batch Client ' || g, 'CLIENT'
                  FROM generate_series(1, $1::int) g RETURNING id, name),
          a AS (INSERT INTO agreements (organization_id, number, title, type, start_date)
                SELECT id, 'BATCH-' || id, 'Managed', 'MANAGED', DATE '2026-09-01' FROM o RETURNING id, organization_id)
     INSERT INTO agreement_services (agreement_id, service_type_id, quantity, unit_price, billing_frequency, start_date)
     SELECT a.id, $2, split_part(o.name, ' ', 3)::int, 10.01, 'MONTHLY', DATE '2026-09-01'
       FROM a JOIN o ON o.id = a.organization_id`,
    [CLIENTS, seat.id],
  );
});
afterAll(() => api?.close());

describe('a run of many clients', () => {
  it('drafts every client once, in batches, the total the sum of the invoices', async () => {
    const run = await draftMonth(admin, '2026-10');
    expect(run.status.value).toBe('READY');
    expect([run.clients, run.done, run.invoices.draft]).toEqual([CLIENTS, CLIENTS, CLIENTS]);
    // Σ n × 10.01 for n = 1..130 = 8,515 × 10.01.
    expect(run.total).toBe('85235.15');
    const seen = new Set<number>();
    for (let start = 0; start < CLIENTS; start += 100) {
      const page = (
        await admin.get(`/api/report/billing-run/${run.id}/invoices?start=${start}&limit=100`)
      ).json();
      expect(page.total).toBe(CLIENTS);
      for (const item of page.items) seen.add(item.organization.value);
    }
    expect(seen.size).toBe(CLIENTS);
  });
});

describe('a run that fails part way', () => {
  it('keeps the batches written before, marks the run failed, and drafts every client when run again', async () => {
    const db = api.db.pool;
    // The last client (after the first batch, whatever the sizes) cannot be written: its invoice is refused.
    const seat = await makeServiceType(db, { name: 'Failing Seat' });
    const org = await makeOrganization(db, { name: 'Zz Refused Client' });
    const agreement = await makeAgreement(db, { organizationId: org.id, startDate: '2026-09-01' });
    await makeAgreementService(db, { agreementId: agreement.id, serviceTypeId: seat.id, unitPrice: '5' });
    await db.query(`CREATE FUNCTION refuse_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
                      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await db.query(`CREATE TRIGGER refuse_invoice BEFORE INSERT ON invoices FOR EACH ROW
                      WHEN (NEW.organization_id = ${org.id}) EXECUTE FUNCTION refuse_invoice()`);
    try {
      const failed = await draftMonth(admin, '2026-11');
      expect(failed.status.value).toBe('FAILED');
      expect(failed.error).toBe(
        'The run stopped with an error. Draft the invoices again; if it fails again, see the jobs screen.',
      );
      expect(failed.done).toBeGreaterThanOrEqual(25);
      expect(failed.done).toBeLessThan(failed.clients);
      // Whole batches only: an invoice for every client counted done, none for the client refused.
      const { rows } = await db.query(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE organization_id = $2)::int AS refused
           FROM invoices WHERE run_id = $1`,
        [failed.id, org.id],
      );
      expect(rows[0]).toEqual({ n: failed.done, refused: 0 });
    } finally {
      await db.query('DROP TRIGGER refuse_invoice ON invoices; DROP FUNCTION refuse_invoice()');
    }
    const again = await draftMonth(admin, '2026-11');
    expect(again.status.value).toBe('READY');
    expect([again.done, again.invoices.draft]).toEqual([again.clients, again.clients]);
  });
});

describe('what a run says instead of failing', () => {
  it('refuses a second run while one drafts, and frees the month of a run whose process stopped', async () => {
    const db = api.db.pool;
    // A run left drafting by a process that stopped (no job of its own).
    await db.query(`INSERT INTO billing_runs (period, status) VALUES (DATE '2026-08-01', 'RUNNING')`);
    const second = await admin.post('/api/report/billing-run', { period: '2026-09' });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(
      'A billing run for August 2026 is in progress. Wait for it to finish.',
    );
    // Read, it is found stopped: marked failed, with what to do; the next run may start.
    const runs = (await admin.get('/api/report/billing-run')).json().runs as {
      period: string;
      status: { value: string };
      error: string;
    }[];
    expect(runs.find((r) => r.period === '2026-08')).toMatchObject({
      status: { value: 'FAILED' },
      error: 'The run stopped before it finished. Draft the invoices again.',
    });
    expect((await draftMonth(admin, '2026-09')).status.value).toBe('READY');
  });

  it('bills nothing for a service with no price or a count of zero, and says so on the line', async () => {
    const db = api.db.pool;
    const org = await makeOrganization(db, { name: 'Zero Count Co' });
    const agreement = await makeAgreement(db, { organizationId: org.id, startDate: '2026-01-01' });
    const free = await makeServiceType(db, { name: 'Free Monitoring' });
    const perDevice = await makeServiceType(db, { name: 'Per Device Care', billedPer: 'DEVICE' });
    await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: free.id,
      quantity: '3',
      unitPrice: '0',
    });
    await makeAgreementService(db, {
      agreementId: agreement.id,
      serviceTypeId: perDevice.id,
      quantity: '10',
      unitPrice: '12.50',
    });
    const run = await draftMonth(admin, '2026-07');
    const list = (await admin.get(`/api/report/billing-run/${run.id}/invoices?limit=200`)).json();
    const mine = list.items.find((i: { organization: { value: number } }) => i.organization.value === org.id);
    const invoice = (await admin.get(`/api/report/invoice/${mine.id}`)).json().invoice;
    expect(
      invoice.items.map((l: { description: string; amount: string; warning: string }) => [
        l.description,
        l.amount,
        l.warning,
      ]),
    ).toEqual([
      ['Free Monitoring', '0.00', 'No price: Free Monitoring has a unit price of $0.00 on the agreement.'],
      ['Per Device Care', '0.00', 'No devices counted as of 07/31/2026: the line bills nothing.'],
    ]);
    expect(mine.warnings).toBe(3); // the two lines and no billing contact
    expect(invoice.total).toBe('0.00');
  });
});
