// A run drafts its clients a batch at a time, each batch sized from the last one's time: every client is drafted once,
// whatever the sizes (130 clients: more than the first batch, and batches that grow or shrink), and the run's total
// is the sum of the invoices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { draftMonth } from '../../../../test/support/billing-run.js';
import { makeAdmin, makeServiceType, TEST_PASSWORD } from '../../../../test/support/factories.js';

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
