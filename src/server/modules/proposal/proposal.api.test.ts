// Proposals of an opportunity: numbering, lines with exact one-time / monthly / first-year totals (list and record),
// copy within the opportunity and never from another, line problems named by line, the status rules, terms kept to
// the editor's formats, stale saves, field history and the timeline, and the PDF (its text read back).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeOpportunity,
  makeOrganization,
  makeServiceType,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { BLANK } from '../../../shared/schemas/messages.js';
import {
  COPY_OTHER_OPPORTUNITY,
  LINE_NEEDS_WHAT,
  NUMBER_USED,
  PROPOSAL_NEEDS_LINES,
} from '../../../shared/schemas/opportunity.js';
import { COPY_MISSING, pdfFileName } from './proposal.routes.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Sam', lastName: 'Sales' });
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

type Line = Record<string, unknown>;
const oneTime = (over: Line = {}): Line => ({
  serviceType: null,
  description: 'Server installation',
  quantity: '1',
  unitPrice: '$2,500.00',
  recurrence: 'ONE_TIME',
  ...over,
});
const monthly = (serviceType: unknown, over: Line = {}): Line => ({
  serviceType,
  description: 'Front office',
  quantity: '10',
  unitPrice: '45.55',
  recurrence: 'MONTHLY',
  ...over,
});
const proposal = (over: Record<string, unknown> = {}) => ({
  version: 0,
  number: '',
  title: 'Server refresh',
  status: 'DRAFT',
  validUntil: '04/30/2026',
  terms: '<p>Net 30</p>',
  lines: [] as Line[],
  ...over,
});

const base = (opportunityId: number) => `/api/manage/opportunity/${opportunityId}/proposal`;

async function activity(opportunityId: number): Promise<string[]> {
  const { rows } = await api.db.pool.query<{ text: string }>(
    `SELECT text FROM activities WHERE opportunity_id = $1 AND kind = 'PROPOSAL' ORDER BY id`,
    [opportunityId],
  );
  return rows.map((r) => r.text);
}

/** The text of every page of a PDF, page by page. */
async function pdfText(bytes: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

describe('proposals', () => {
  it('creates a numbered proposal with one-time and monthly lines and exact totals', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const type = await makeServiceType(api.db.pool, { name: 'Managed Workstation' });
    const blank = (await user.get(`${base(opp.id)}/create`)).json();
    expect(blank.proposal).toMatchObject({ id: 0, number: null, status: { value: 'DRAFT' }, lines: [] });
    expect(blank.formOptions.serviceType).toContainEqual({ value: type.id, label: 'Managed Workstation' });
    expect(blank.formOptions.recurrence).toEqual([
      { value: 'ONE_TIME', label: 'One-time' },
      { value: 'MONTHLY', label: 'Monthly' },
    ]);

    const created = await user.post(
      `${base(opp.id)}/create`,
      proposal({ lines: [oneTime(), monthly({ value: type.id, label: 'Managed Workstation' })] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const p = created.json().proposal;
    expect(p.number).toBe(`PR-${1000 + p.id}`);
    expect(p.opportunity.value).toBe(opp.id);
    expect(p.lines).toEqual([
      {
        serviceType: null,
        description: 'Server installation',
        quantity: '1.00',
        unitPrice: '2500.00',
        recurrence: { value: 'ONE_TIME', label: 'One-time' },
        amount: '2500.00',
      },
      {
        serviceType: { value: type.id, label: 'Managed Workstation' },
        description: 'Front office',
        quantity: '10.00',
        unitPrice: '45.55',
        recurrence: { value: 'MONTHLY', label: 'Monthly' },
        amount: '455.50',
      },
    ]);
    expect(p.totals).toEqual({ oneTime: '2500.00', monthly: '455.50', firstYear: '7966.00' });

    // The list computes the same totals in the database.
    const listed = (await user.get(base(opp.id))).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: p.id, number: p.number, totals: p.totals });

    const history = (await user.get(`/api/history/proposal/${p.id}`)).json().history;
    expect(history.objectClass).toBe('Proposal');
    expect(history.items).toContainEqual(
      expect.objectContaining({
        field: 'lines',
        fieldLabel: 'Lines',
        oldValue: null,
        newValue:
          'Server installation × 1 @ $2,500.00 One-time; Managed Workstation (Front office) × 10 @ $45.55 Monthly',
      }),
    );
    expect(history.items).toContainEqual(expect.objectContaining({ field: 'number', newValue: p.number }));
    expect(await activity(opp.id)).toEqual([`Proposal ${p.number} created: Server refresh`]);
  });

  it('rounds each line to the cent alike in the list (database) and the record, and numbers around typed ones', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const lines = [
      oneTime({ quantity: '0.50', unitPrice: '0.05' }),
      monthly(null, { quantity: '0.50', unitPrice: '0.05' }),
      monthly(null, { quantity: '2.5', unitPrice: '0.03' }),
    ];
    // Someone typed the number the next proposal would be given (ids come from the sequence, gaps and all).
    const { rows } = await api.db.pool.query<{ next: number }>(
      'SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::int AS next FROM proposals_id_seq',
    );
    await user.post(`${base(opp.id)}/create`, proposal({ number: `pr-${1000 + rows[0]!.next + 1}` }));
    const p = (await user.post(`${base(opp.id)}/create`, proposal({ lines }))).json().proposal;
    expect(p.number).toBe(`PR-${1000 + p.id}-2`);
    expect(p.totals).toEqual({ oneTime: '0.03', monthly: '0.11', firstYear: '1.35' });
    const listed = (await user.get(base(opp.id))).json().items;
    expect(listed.find((i: { id: number }) => i.id === p.id).totals).toEqual(p.totals);
  });

  it('keeps a hand-typed number unique (any case) and writes nothing on refusal', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const first = await user.post(`${base(opp.id)}/create`, proposal({ number: 'Q-2026-7' }));
    expect(first.json().proposal.number).toBe('Q-2026-7');
    const again = await user.post(`${base(opp.id)}/create`, proposal({ number: 'q-2026-7', title: 'Other' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().form.fields).toEqual({ number: [NUMBER_USED] });
    expect((await user.get(base(opp.id))).json().items).toHaveLength(1);
    // A saved proposal keeps a number.
    const saved = first.json().proposal;
    const cleared = await user.post(`${base(opp.id)}/${saved.id}`, proposal({ number: '' }));
    expect(cleared.json().form.fields).toEqual({ number: [BLANK] });
  });

  it('copies a proposal of the same opportunity: lines, terms and title, as a new draft', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const source = (
      await user.post(
        `${base(opp.id)}/create`,
        proposal({ status: 'SENT', terms: '<h1>Terms</h1><p>Net 30</p>', lines: [oneTime(), monthly(null)] }),
      )
    ).json().proposal;
    const prefill = await user.get(`${base(opp.id)}/create?proposalCopyId=${source.id}`);
    expect(prefill.statusCode, prefill.body).toBe(200);
    const copy = prefill.json().proposal;
    expect(copy).toMatchObject({
      id: 0,
      number: null,
      title: 'Server refresh',
      status: { value: 'DRAFT' },
      terms: '<h1>Terms</h1><p>Net 30</p>',
      proposalCopyId: source.id,
      copiedFrom: { value: source.id, label: source.number },
      totals: source.totals,
    });
    expect(copy.lines).toEqual(source.lines);

    // The copy's form comes back with a changed price.
    const lines = copy.lines.map((l: Line, i: number) => (i === 1 ? { ...l, unitPrice: '50' } : l));
    const saved = await user.post(
      `${base(opp.id)}/create`,
      proposal({ title: copy.title, terms: copy.terms, lines, proposalCopyId: source.id }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const p = saved.json().proposal;
    expect(p.copiedFrom).toEqual({ value: source.id, label: source.number });
    expect(p.number).not.toBe(source.number);
    expect(p.totals).toEqual({ oneTime: '2500.00', monthly: '500.00', firstYear: '8500.00' });
    expect((await user.get(`${base(opp.id)}/${source.id}`)).json().proposal.totals.monthly).toBe('455.50');
    expect(await activity(opp.id)).toEqual([
      `Proposal ${source.number} created: Server refresh`,
      `Proposal ${p.number} copied from ${source.number}: Server refresh`,
    ]);
  });

  it('refuses to copy a proposal of another opportunity, on the prefill and on the save', async () => {
    const mine = await makeOpportunity(api.db.pool);
    const other = await makeOpportunity(api.db.pool);
    const foreign = (await user.post(`${base(other.id)}/create`, proposal({ lines: [oneTime()] }))).json()
      .proposal;
    const prefill = await user.get(`${base(mine.id)}/create?proposalCopyId=${foreign.id}`);
    expect(prefill.statusCode).toBe(400);
    expect(prefill.json()).toMatchObject({
      message: COPY_OTHER_OPPORTUNITY,
      form: { fields: { proposalCopyId: [COPY_OTHER_OPPORTUNITY] } },
    });
    const missing = await user.get(`${base(mine.id)}/create?proposalCopyId=2147483647`);
    expect(missing.json().form.fields).toEqual({ proposalCopyId: [COPY_MISSING] });

    const save = await user.post(
      `${base(mine.id)}/create`,
      proposal({ lines: [oneTime()], proposalCopyId: foreign.id }),
    );
    expect(save.statusCode).toBe(400);
    expect(save.json().form.fields).toEqual({ proposalCopyId: [COPY_OTHER_OPPORTUNITY] });
    // Nothing half-written: no proposal, no line, no timeline entry.
    expect((await user.get(base(mine.id))).json().items).toEqual([]);
    expect(await activity(mine.id)).toEqual([]);
  });

  it('names every line problem by its line, inactive service types included', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const active = await makeServiceType(api.db.pool, { name: 'Backup' });
    const inactive = await makeServiceType(api.db.pool, { name: 'Legacy Fax', active: false });
    const bad = await user.post(
      `${base(opp.id)}/create`,
      proposal({
        lines: [
          monthly(active.id),
          { quantity: 'x', unitPrice: '1.234', recurrence: 'MONTHLY' },
          monthly(inactive.id),
          monthly(2147483647),
        ],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.lines).toEqual([
      `Line 2: ${LINE_NEEDS_WHAT}`,
      'Line 2: Quantity: Please enter an amount like 1,250.00.',
      'Line 2: Unit price: Please use no more than 2 decimals.',
    ]);
    const types = await user.post(
      `${base(opp.id)}/create`,
      proposal({ lines: [monthly(active.id), monthly(inactive.id), monthly(2147483647)] }),
    );
    expect(types.json().form.fields.lines).toEqual([
      'Line 2: The service type Legacy Fax is inactive. Choose an active one.',
      'Line 3: This service type does not exist. Choose another.',
    ]);
    expect((await user.get(base(opp.id))).json().items).toEqual([]);

    // A type made inactive after the proposal used it stays on that proposal.
    const p = (await user.post(`${base(opp.id)}/create`, proposal({ lines: [monthly(active.id)] }))).json()
      .proposal;
    await api.db.pool.query('UPDATE service_types SET active = false WHERE id = $1', [active.id]);
    const kept = await user.post(
      `${base(opp.id)}/${p.id}`,
      proposal({ number: p.number, version: p.version, lines: [monthly(active.id, { quantity: '12' })] }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().proposal.totals.monthly).toBe('546.60');
  });

  it('needs a line before Sent or Accepted, and tells the timeline about status changes', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const empty = await user.post(`${base(opp.id)}/create`, proposal({ status: 'SENT' }));
    expect(empty.json().form.fields).toEqual({ status: [PROPOSAL_NEEDS_LINES] });
    const draft = (await user.post(`${base(opp.id)}/create`, proposal())).json().proposal;
    const accepted = await user.post(
      `${base(opp.id)}/${draft.id}`,
      proposal({ number: draft.number, version: 0, status: 'ACCEPTED' }),
    );
    expect(accepted.json().form.fields).toEqual({ status: [PROPOSAL_NEEDS_LINES] });
    const sent = await user.post(
      `${base(opp.id)}/${draft.id}`,
      proposal({ number: draft.number, version: 0, status: 'SENT', lines: [oneTime()] }),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().proposal.status).toEqual({ value: 'SENT', label: 'Sent' });
    // Declined may keep its lines or have none.
    const declined = await user.post(
      `${base(opp.id)}/${draft.id}`,
      proposal({ number: draft.number, version: 1, status: 'DECLINED' }),
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await activity(opp.id)).toEqual([
      `Proposal ${draft.number} created: Server refresh`,
      `Proposal ${draft.number} marked Sent`,
      `Proposal ${draft.number} marked Declined`,
    ]);
    const history = (await user.get(`/api/history/proposal/${draft.id}`)).json().history.items;
    expect(history).toContainEqual(
      expect.objectContaining({ field: 'status', oldValue: 'Sent', newValue: 'Declined' }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({
        field: 'lines',
        oldValue: 'Server installation × 1 @ $2,500.00 One-time',
        newValue: null,
      }),
    );
    const list = async (q: string) =>
      (await user.get(`${base(opp.id)}?${q}`)).json().items.map((i: { id: number }) => i.id);
    expect(await list('status=DECLINED')).toEqual([draft.id]);
    expect(await list('status=SENT')).toEqual([]);
    expect(await list(`q=${draft.number.toLowerCase()}`)).toEqual([draft.id]);
    expect(await list('q=server%20REF')).toEqual([draft.id]);
    expect(await list('q=nothing%20like%20it')).toEqual([]);
  });

  it('refuses a stale save with 409 and the current record, overwriting nothing', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const p = (await user.post(`${base(opp.id)}/create`, proposal({ lines: [oneTime()] }))).json().proposal;
    const mine = await user.post(
      `${base(opp.id)}/${p.id}`,
      proposal({ number: p.number, version: 0, title: 'Mine', lines: [oneTime()] }),
    );
    expect(mine.statusCode).toBe(200);
    const stale = await user.post(
      `${base(opp.id)}/${p.id}`,
      proposal({ number: p.number, version: 0, title: 'Stale', lines: [] }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: p.id, title: 'Mine', version: 1 });
    const now = (await user.get(`${base(opp.id)}/${p.id}`)).json().proposal;
    expect(now).toMatchObject({ title: 'Mine', version: 1 });
    expect(now.lines).toHaveLength(1);
  });

  it('keeps only the editor formats of the terms', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const p = (
      await user.post(
        `${base(opp.id)}/create`,
        proposal({
          terms:
            '<h1 style="x">Payment</h1><p onclick="x()">Net <b>30</b><script>alert(1)</script> <a href="javascript:x">days</a></p><p><br></p>',
        }),
      )
    ).json().proposal;
    expect(p.terms).toBe('<h1>Payment</h1><p>Net <strong>30</strong> days</p>');
    const history = (await user.get(`/api/history/proposal/${p.id}`)).json().history.items;
    expect(history).toContainEqual(
      expect.objectContaining({ field: 'terms', newValue: 'Payment\nNet 30 days' }),
    );
    const blank = (await user.post(`${base(opp.id)}/create`, proposal({ terms: '<p><br></p>' }))).json();
    expect(blank.proposal.terms).toBeNull();
  });

  it('keeps proposals of another opportunity out of reach (404)', async () => {
    const a = await makeOpportunity(api.db.pool);
    const b = await makeOpportunity(api.db.pool);
    const p = (await user.post(`${base(b.id)}/create`, proposal())).json().proposal;
    expect((await user.get(`${base(a.id)}/${p.id}`)).statusCode).toBe(404);
    expect((await user.post(`${base(a.id)}/${p.id}`, proposal({ number: 'X', version: 0 }))).statusCode).toBe(
      404,
    );
    expect((await user.delete(`${base(a.id)}/${p.id}?version=0`)).statusCode).toBe(404);
    expect((await user.get(`${base(a.id)}/${p.id}/pdf`)).statusCode).toBe(404);
    expect((await user.get(`${base(2147483647)}/create`)).statusCode).toBe(404);
    expect((await api.anonymous.get(`${base(b.id)}/${p.id}/pdf`)).statusCode).toBe(401);
    // Deleting one takes its lines with it and says so on the timeline.
    expect((await user.delete(`${base(b.id)}/${p.id}?version=0`)).statusCode).toBe(200);
    expect((await activity(b.id)).at(-1)).toBe(`Proposal ${p.number} deleted`);
  });
});

describe('proposal PDF', () => {
  it('downloads as a PDF whose text holds the number, lines, totals, terms and any name', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Łódź Dental Group' });
    const opp = await makeOpportunity(api.db.pool, { organizationId: org.id, title: 'Clinic refresh' });
    const type = await makeServiceType(api.db.pool, { name: 'Managed Server' });
    const p = (
      await user.post(
        `${base(opp.id)}/create`,
        proposal({
          title: 'Refresh for Zoë Łukasiewicz',
          status: 'SENT',
          terms: '<h1>Payment</h1><p>Net <strong>30</strong> days in €</p><ol><li>Deposit first</li></ol>',
          lines: [oneTime({ description: 'Rack install' }), monthly(type.id, { description: 'Backup' })],
        }),
      )
    ).json().proposal;
    const res = await user.get(`${base(opp.id)}/${p.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="${p.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(res.rawPayload)).join('\n');
    for (const expected of [
      `Proposal ${p.number}`,
      'Refresh for Zoë Łukasiewicz',
      'Łódź Dental Group',
      `${opp.number} · Clinic refresh`,
      '04/30/2026',
      'Rack install',
      'Managed Server (Backup)',
      '$2,500.00',
      '$455.50',
      '$7,966.00',
      'Payment',
      'in €',
      'Deposit first',
    ])
      expect(text).toContain(expected);
  });

  it('runs a long table onto more pages with its header on each', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const lines = Array.from({ length: 120 }, (_, i) =>
      oneTime({ description: `Workstation ${i + 1}`, unitPrice: '1.01' }),
    );
    const p = (await user.post(`${base(opp.id)}/create`, proposal({ lines }))).json().proposal;
    expect(p.totals.oneTime).toBe('121.20');
    const pages = await pdfText((await user.get(`${base(opp.id)}/${p.id}/pdf`)).rawPayload);
    expect(pages.length).toBeGreaterThan(2);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain(`${p.number} · Page ${i + 1} of ${pages.length}`);
      if (i < pages.length - 1) expect(page).toMatch(/Description\s+Qty\s+Unit price\s+Billing\s+Amount/);
    }
    const all = pages.join('\n');
    for (let n = 1; n <= 120; n++) expect(all).toMatch(new RegExp(`Workstation ${n}\\b`));
    expect(all).toContain('$121.20');
  });

  it('names the file safely', () => {
    expect(pdfFileName('PR-1001')).toBe('PR-1001.pdf');
    expect(pdfFileName('../Q 7/"x"')).toBe('Q-7-x.pdf');
    expect(pdfFileName('Zoë-1')).toBe('Zoë-1.pdf');
    expect(pdfFileName('///')).toBe('proposal.pdf');
  });
});
