// Winning an opportunity: an accepted proposal becomes an agreement in one step (monthly lines as services, the
// proposal PDF as its document, linked both ways, both timelines, the opportunity at the won stage with history);
// winning without an accepted proposal, with a free-text monthly line, twice, or from a stale screen changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeOpportunity,
  makeServiceType,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { ALREADY_WON, NUMBER_USED, WIN_NEEDS_ACCEPTED } from '../../../shared/schemas/opportunity.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Wendy', lastName: 'Winner' });
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

type Line = {
  serviceTypeId: number | null;
  description: string;
  quantity: string;
  unitPrice: string;
  recurrence: string;
};

/** A proposal of the opportunity, straight into the tables (the proposal API has its own tests). */
async function makeProposal(
  opportunityId: number,
  status: string,
  lines: Line[],
): Promise<{ id: number; number: string }> {
  const number = `PR-W${opportunityId}-${Math.floor(Math.random() * 1e6)}`;
  const { rows } = await api.db.pool.query<{ id: number }>(
    `INSERT INTO proposals (opportunity_id, number, title, status, terms) VALUES ($1, $2, 'Managed services for Zoë Łukasiewicz', $3, '<p>Net 30.</p>') RETURNING id`,
    [opportunityId, number, status],
  );
  const id = rows[0]!.id;
  for (const [position, l] of lines.entries())
    await api.db.pool.query(
      `INSERT INTO proposal_lines (proposal_id, position, service_type_id, description, quantity, unit_price, recurrence)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, position, l.serviceTypeId, l.description, l.quantity, l.unitPrice, l.recurrence],
    );
  return { id, number };
}

const version = async (id: number) =>
  (await user.get(`/api/manage/opportunity/${id}`)).json().opportunity.version;

describe('win', () => {
  it('creates the agreement with the monthly lines as services and the proposal PDF, linked both ways', async () => {
    const desk = await makeServiceType(api.db.pool, { name: `Managed Desktop ${Date.now()}` });
    const o = await makeOpportunity(api.db.pool, { amount: '12000.00' });
    const p = await makeProposal(o.id, 'ACCEPTED', [
      {
        serviceTypeId: null,
        description: 'Onboarding',
        quantity: '1',
        unitPrice: '1500.00',
        recurrence: 'ONE_TIME',
      },
      {
        serviceTypeId: desk.id,
        description: 'Front office',
        quantity: '25',
        unitPrice: '45.50',
        recurrence: 'MONTHLY',
      },
    ]);
    const res = await user.post(`/api/manage/opportunity/${o.id}/win`, {
      version: await version(o.id),
      proposal: p.id,
      agreementNumber: '',
      startDate: '03/01/2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { agreement } = res.json();
    expect(agreement.number).toMatch(/^AG-/);

    const a = (await user.get(`/api/manage/agreement/${agreement.id}`)).json().agreement;
    expect(a).toMatchObject({
      title: expect.any(String),
      startDate: '03/01/2026',
      renewalDate: '03/01/2027',
    });
    expect(a.opportunity).toEqual({ value: o.id, label: o.number });
    expect(a.organization.value).toBe(o.organizationId);

    const services = (await user.get(`/api/manage/agreement/${agreement.id}/service?show=all`)).json().items;
    expect(services).toHaveLength(1);
    expect(services[0]).toMatchObject({ quantity: '25.00', unitPrice: '45.50', description: 'Front office' });
    const asOf = (await user.get(`/api/manage/agreement/${agreement.id}/as-of?date=03/15/2026`)).json();
    expect(asOf.monthlyValue).toBe('1137.50');

    const docs = (await user.get(`/api/manage/agreement/${agreement.id}/document`)).json().items;
    expect(docs).toHaveLength(1);
    expect(docs[0].title).toBe(`Proposal ${p.number} (accepted)`);
    const file = await user.get(`/api/manage/agreement/${agreement.id}/document/${docs[0].id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const won = (await user.get(`/api/manage/opportunity/${o.id}`)).json().opportunity;
    expect(won.outcome.value).toBe('WON');
    expect(won.agreement).toEqual({ value: agreement.id, label: agreement.number });
    const history = (await user.get(`/api/history/opportunity/${o.id}`)).json();
    const fields = JSON.stringify(history);
    expect(fields).toContain(agreement.number);

    const oppActivity = (await user.get(`/api/manage/opportunity/${o.id}/activity`)).json().items;
    expect(oppActivity[0]).toMatchObject({ kind: { value: 'WON' } });
    expect(oppActivity[0].text).toContain(agreement.number);
    const agreementActivity = (await user.get(`/api/manage/agreement/${agreement.id}/activity`)).json().items;
    expect(agreementActivity.map((x: { text: string }) => x.text).join('\n')).toContain(o.number);

    // Twice: refused, nothing more created.
    const again = await user.post(`/api/manage/opportunity/${o.id}/win`, {
      version: won.version,
      proposal: p.id,
      startDate: '03/01/2026',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().form.errors).toContain(ALREADY_WON);
    const { rows } = await api.db.pool.query(
      'SELECT count(*)::int AS n FROM agreements WHERE opportunity_id = $1',
      [o.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('refuses without an accepted proposal, a proposal of another opportunity, or a free-text monthly line', async () => {
    const o = await makeOpportunity(api.db.pool);
    const other = await makeOpportunity(api.db.pool);
    const draft = await makeProposal(o.id, 'SENT', [
      { serviceTypeId: null, description: 'Setup', quantity: '1', unitPrice: '100', recurrence: 'ONE_TIME' },
    ]);
    const elsewhere = await makeProposal(other.id, 'ACCEPTED', []);
    const untyped = await makeProposal(o.id, 'ACCEPTED', [
      {
        serviceTypeId: null,
        description: 'Backup seats',
        quantity: '10',
        unitPrice: '5',
        recurrence: 'MONTHLY',
      },
    ]);
    const v = await version(o.id);
    for (const proposal of [draft.id, elsewhere.id]) {
      const res = await user.post(`/api/manage/opportunity/${o.id}/win`, {
        version: v,
        proposal,
        startDate: '03/01/2026',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().form.fields.proposal).toEqual([WIN_NEEDS_ACCEPTED]);
    }
    const res = await user.post(`/api/manage/opportunity/${o.id}/win`, {
      version: v,
      proposal: untyped.id,
      startDate: '03/01/2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.proposal[0]).toContain('Line 1 (Backup seats)');
    const { rows } = await api.db.pool.query(
      'SELECT (SELECT count(*)::int FROM agreements WHERE opportunity_id = $1) AS a, outcome FROM opportunities WHERE id = $1',
      [o.id],
    );
    expect(rows[0]).toEqual({ a: 0, outcome: 'OPEN' });
  });

  it('refuses a stale screen (409), a used agreement number and a bad date, leaving nothing half-made', async () => {
    const type = await makeServiceType(api.db.pool);
    const o = await makeOpportunity(api.db.pool);
    const p = await makeProposal(o.id, 'ACCEPTED', [
      { serviceTypeId: type.id, description: 'Seats', quantity: '2', unitPrice: '10', recurrence: 'MONTHLY' },
    ]);
    const v = await version(o.id);
    const stale = await user.post(`/api/manage/opportunity/${o.id}/win`, {
      version: v + 5,
      proposal: p.id,
      startDate: '03/01/2026',
    });
    expect(stale.statusCode).toBe(409);
    const taken = await api.db.pool.query<{ number: string }>('SELECT number FROM agreements LIMIT 1');
    if (taken.rows[0]) {
      const used = await user.post(`/api/manage/opportunity/${o.id}/win`, {
        version: v,
        proposal: p.id,
        agreementNumber: taken.rows[0].number,
        startDate: '03/01/2026',
      });
      expect(used.statusCode).toBe(400);
      expect(used.json().form.fields.agreementNumber).toEqual([NUMBER_USED]);
    }
    const bad = await user.post(`/api/manage/opportunity/${o.id}/win`, {
      version: v,
      proposal: p.id,
      startDate: '13/45/2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.startDate).toBeDefined();
    const missing = await user.post('/api/manage/opportunity/999999/win', {
      version: 0,
      proposal: p.id,
      startDate: '03/01/2026',
    });
    expect(missing.statusCode).toBe(404);
    const { rows } = await api.db.pool.query(
      'SELECT count(*)::int AS n FROM agreements WHERE opportunity_id = $1',
      [o.id],
    );
    expect(rows[0].n).toBe(0);
  });
});
