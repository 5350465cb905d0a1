// Opportunities: create (number assigned or typed), copy and start from an outage, update with field history (stage
// names) and activity, the 409, every refused input as a field error that writes nothing, the close-date warning,
// list filters, sorts and keyset paging, totals of the filtered set to the cent, and refused deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAgreement,
  makeOpportunity,
  makeOrganization,
  makeOutage,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { AMOUNT_NEGATIVE } from '../../../shared/format/money.js';
import { BLANK } from '../../../shared/schemas/messages.js';
import {
  ALREADY_WON,
  CLOSE_DATE_PAST_WARNING,
  CLOSE_RANGE_REVERSED,
  LOST_REASON_LOST_ONLY,
  NUMBER_USED,
  OWNER_NOT_SALES,
  PROBABILITY_RANGE,
  STAGE_UNKNOWN,
} from '../../../shared/schemas/opportunity.js';
import { LOST_REASON_UNKNOWN, OUTAGE_GONE, SOURCE_UNKNOWN, WON_NOT_DELETED } from './opportunity.routes.js';

let api: ApiHarness;
let user: Awaited<ReturnType<typeof api.signIn>>;
let userId: number;
beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Sam', lastName: 'Seller' });
  userId = u.id;
  user = await api.signIn(u.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

const BASE = '/api/manage/opportunity';
const form = (organization: number, over: Record<string, unknown> = {}) => ({
  organization,
  number: '',
  title: 'Replace firewall',
  stage: 1,
  owner: null,
  amount: '4,500.00',
  probability: 10,
  closeDate: '',
  source: 'Referral',
  lostReason: '',
  notes: '',
  ...over,
});

type Activity = { kind: { value: string }; text: string };
const activityTexts = async (id: number) =>
  ((await user.get(`${BASE}/${id}/activity`)).json().items as Activity[]).map((a) => a.text);
const count = async () =>
  (await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM opportunities')).rows[0]!.n;
/** MM/DD/YYYY of today plus `days` (UTC, as the tests run). */
const day = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
async function saveSettings(key: string, value: unknown) {
  await api.db.pool.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, JSON.stringify(value)],
  );
}

describe('opportunity basics', () => {
  it('creates with an assigned number, updates the stage with history and activity, refuses a stale version, deletes', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Fabrikam Clinic' });
    const created = await user.post(`${BASE}/create`, form(org.id, { owner: userId, probability: 33 }));
    expect(created.statusCode, created.body).toBe(200);
    const o = created.json().opportunity;
    expect(o).toMatchObject({
      number: `OP-${1000 + o.id}`,
      title: 'Replace firewall',
      organization: { value: org.id, label: 'Fabrikam Clinic' },
      stage: { value: 1, label: 'Qualification' },
      outcome: { value: 'OPEN', label: 'Open' },
      owner: { value: userId, label: 'Sam Seller' },
      amount: '4500.00',
      probability: 33,
      weighted: '1485.00',
      source: 'Referral',
      agreement: null,
      outage: null,
      version: 0,
      warnings: {},
    });
    const loaded = (await user.get(`${BASE}/${o.id}`)).json();
    expect(loaded.can).toEqual({ save: true, delete: true });
    expect(loaded.opportunity.weighted).toBe('1485.00');
    expect(loaded.formOptions.stage[0]).toEqual({
      value: 1,
      label: 'Qualification',
      probability: 10,
      outcome: 'OPEN',
    });
    expect(loaded.formOptions.owner).toContainEqual({ value: userId, label: 'Sam Seller' });
    expect(loaded.formOptions.source).toContainEqual({ value: 'Outage', label: 'Outage' });

    const moved = await user.post(`${BASE}/${o.id}`, {
      ...form(org.id, { number: o.number, owner: userId }),
      stage: 3,
      probability: 50,
      version: 0,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().opportunity).toMatchObject({ version: 1, stage: { label: 'Proposal' } });
    const stale = await user.post(`${BASE}/${o.id}`, {
      ...form(org.id, { number: o.number }),
      title: 'Other',
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.title).toBe('Replace firewall');

    const history = (await user.get(`/api/history/opportunity/${o.id}`)).json().history;
    expect(history.objectClass).toBe('Opportunity');
    type Row = { field: string; oldValue: string | null; newValue: string | null };
    const changed = (field: string) => history.items.find((h: Row) => h.field === field && h.oldValue);
    expect(changed('stage')).toMatchObject({ oldValue: 'Qualification', newValue: 'Proposal' });
    expect(changed('probability')).toMatchObject({ oldValue: '33', newValue: '50' });
    const first = history.items.find((h: Row) => h.field === 'number');
    expect(first).toMatchObject({ oldValue: null, newValue: o.number });

    expect(await activityTexts(o.id)).toEqual([
      'Stage changed from Qualification to Proposal',
      `Opportunity ${o.number} created: Replace firewall`,
    ]);

    const removed = await user.delete(`${BASE}/${o.id}?version=1`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await user.get(`${BASE}/${o.id}`)).statusCode).toBe(404);
  });

  it('keeps a typed number and refuses one already used (any case)', async () => {
    const org = await makeOrganization(api.db.pool);
    const typed = await user.post(`${BASE}/create`, form(org.id, { number: 'Deal-77' }));
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().opportunity.number).toBe('Deal-77');
    const before = await count();
    const used = await user.post(`${BASE}/create`, form(org.id, { number: 'DEAL-77' }));
    expect(used.statusCode).toBe(400);
    expect(used.json().form.fields.number).toEqual([NUMBER_USED]);
    expect(await count()).toBe(before);
    // A blank number on a saved opportunity is refused, not replaced.
    const o = typed.json().opportunity;
    const blank = await user.post(`${BASE}/${o.id}`, { ...form(org.id), number: '', version: 0 });
    expect(blank.json().form.fields.number).toEqual([BLANK]);
  });

  it('assigns the next free number when OP-<1000 + id> was typed by hand already', async () => {
    const org = await makeOrganization(api.db.pool);
    // The id the next insert takes (nothing else writes to this database meanwhile).
    const { rows } = await api.db.pool.query<{ next: number }>(
      `SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::int AS next FROM opportunities_id_seq`,
    );
    const next = rows[0]!.next;
    await makeOpportunity(api.db.pool, { organizationId: org.id, number: `OP-${1000 + next + 1}` });
    const created = await user.post(`${BASE}/create`, form(org.id));
    const o = created.json().opportunity;
    expect(o.id).toBe(next + 1);
    expect(o.number).toBe(`OP-${1000 + o.id}-2`);
  });
});

describe('refused input', () => {
  it('answers every bad field with its message and writes nothing', async () => {
    const org = await makeOrganization(api.db.pool);
    const before = await count();
    const blank = await user.post(`${BASE}/create`, {
      organization: '',
      title: ' ',
      stage: '',
      amount: '',
      probability: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().form.fields).toEqual({
      organization: [BLANK],
      title: [BLANK],
      stage: [BLANK],
      amount: [BLANK],
      probability: [BLANK],
    });

    const ranges = await user.post(
      `${BASE}/create`,
      form(org.id, { probability: 101, amount: '-5', closeDate: '13/45/2026' }),
    );
    expect(ranges.statusCode).toBe(400);
    expect(ranges.json().form.fields.probability).toEqual([PROBABILITY_RANGE]);
    expect(ranges.json().form.fields.amount).toEqual([AMOUNT_NEGATIVE]);
    expect(ranges.json().form.fields.closeDate).toHaveLength(1);
    expect(
      (await user.post(`${BASE}/create`, form(org.id, { probability: 'x' }))).json().form.fields,
    ).toEqual({
      probability: [PROBABILITY_RANGE],
    });

    const rules = await user.post(
      `${BASE}/create`,
      form(org.id, { stage: 99, lostReason: 'Price', source: 'Carrier pigeon' }),
    );
    expect(rules.statusCode).toBe(400);
    expect(rules.json().form.fields).toEqual({ stage: [STAGE_UNKNOWN], source: [SOURCE_UNKNOWN] });
    const lostOnOpen = await user.post(`${BASE}/create`, form(org.id, { stage: 2, lostReason: 'Price' }));
    expect(lostOnOpen.json().form.fields).toEqual({ lostReason: [LOST_REASON_LOST_ONLY] });
    const unknownReason = await user.post(`${BASE}/create`, form(org.id, { stage: 6, lostReason: 'Aliens' }));
    expect(unknownReason.json().form.fields).toEqual({ lostReason: [LOST_REASON_UNKNOWN] });

    const noOrg = await user.post(`${BASE}/create`, form(2_147_483_000));
    expect(noOrg.statusCode).toBe(400);
    expect(noOrg.json().form.fields.organization).toHaveLength(1);
    const noOutage = await user.post(`${BASE}/create`, form(org.id, { outageId: 2_147_483_000 }));
    expect(noOutage.json().form.fields).toEqual({ outageId: [OUTAGE_GONE] });
    const longNumber = await user.post(`${BASE}/create`, form(org.id, { number: 'x'.repeat(41) }));
    expect(longNumber.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('takes owners from the sales roles once they are saved; a saved owner may stay', async () => {
    const org = await makeOrganization(api.db.pool);
    const other = await makeUser(api.db.pool, { firstName: 'Olga', lastName: 'Other' });
    const o = (await user.post(`${BASE}/create`, form(org.id, { owner: other.id }))).json().opportunity;
    await saveSettings('sales_role_settings', { owners: [userId], approvers: [] });
    try {
      const refused = await user.post(`${BASE}/create`, form(org.id, { owner: other.id }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().form.fields).toEqual({ owner: [OWNER_NOT_SALES] });
      const options = (await user.get(`${BASE}/create`)).json().formOptions.owner;
      expect(options).toEqual([{ value: userId, label: 'Sam Seller' }]);
      const kept = await user.post(`${BASE}/${o.id}`, {
        ...form(org.id, { owner: other.id, number: o.number }),
        title: 'Kept owner',
        version: 0,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json().opportunity.owner.label).toBe('Olga Other');
    } finally {
      await api.db.pool.query(`DELETE FROM settings WHERE key = 'sales_role_settings'`);
    }
  });

  it('warns (and still saves) when an open opportunity is more than 30 days past its close date', async () => {
    const org = await makeOrganization(api.db.pool);
    const late = await user.post(`${BASE}/create`, form(org.id, { closeDate: day(-45) }));
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().opportunity.warnings).toEqual({ closeDate: [CLOSE_DATE_PAST_WARNING] });
    const recent = await user.post(`${BASE}/create`, form(org.id, { closeDate: day(-10) }));
    expect(recent.json().opportunity.warnings).toEqual({});
    const lost = await user.post(
      `${BASE}/create`,
      form(org.id, { closeDate: day(-45), stage: 6, probability: 0, lostReason: 'Price' }),
    );
    expect(lost.json().opportunity).toMatchObject({ outcome: { value: 'LOST' }, warnings: {} });
    expect((await user.get(`${BASE}/${late.json().opportunity.id}`)).json().opportunity.warnings).toEqual({
      closeDate: [CLOSE_DATE_PAST_WARNING],
    });
  });

  it('shows renamed stages by their new name, and keeps a saved lost reason the settings dropped', async () => {
    const org = await makeOrganization(api.db.pool);
    const lost = (
      await user.post(`${BASE}/create`, form(org.id, { stage: 6, probability: 0, lostReason: 'Timing' }))
    ).json().opportunity;
    await saveSettings('opportunity_settings', {
      stages: [
        { id: 1, name: 'Lead', probability: 5, outcome: 'OPEN' },
        { id: 5, name: 'Won', probability: 100, outcome: 'WON' },
        { id: 6, name: 'Closed Lost', probability: 0, outcome: 'LOST' },
      ],
      nextStageId: 7,
      sources: ['Referral'],
      lostReasons: ['Price'],
    });
    try {
      const loaded = (await user.get(`${BASE}/${lost.id}`)).json();
      expect(loaded.opportunity.stage).toEqual({ value: 6, label: 'Closed Lost' });
      expect(loaded.formOptions.stage.map((s: { label: string }) => s.label)).toEqual([
        'Lead',
        'Won',
        'Closed Lost',
      ]);
      const kept = await user.post(`${BASE}/${lost.id}`, {
        ...form(org.id, { number: lost.number, stage: 6, probability: 0, lostReason: 'Timing' }),
        version: 0,
      });
      expect(kept.statusCode, kept.body).toBe(200);
      const gone = await user.post(`${BASE}/create`, form(org.id, { stage: 3 }));
      expect(gone.json().form.fields.stage).toEqual([STAGE_UNKNOWN]);
    } finally {
      await api.db.pool.query(`DELETE FROM settings WHERE key = 'opportunity_settings'`);
    }
  });
});

describe('copy and outage', () => {
  it('prefills a copy from another opportunity and names it in the activity', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Copy Corp' });
    const source = (
      await user.post(
        `${BASE}/create`,
        form(org.id, { stage: 4, probability: 80, amount: '1200', owner: userId, notes: 'Two sites' }),
      )
    ).json().opportunity;
    const blank = (await user.get(`${BASE}/create?oppCopyId=${source.id}`)).json().opportunity;
    expect(blank).toMatchObject({
      id: 0,
      organization: { value: org.id, label: 'Copy Corp' },
      title: 'Copy of Replace firewall',
      stage: { value: 4, label: 'Negotiation' },
      probability: 80,
      amount: '1200.00',
      owner: { value: userId },
      notes: 'Two sites',
      number: null,
      oppCopyId: source.id,
    });
    const copy = await user.post(`${BASE}/create`, {
      ...form(org.id, { stage: 4, probability: 80, amount: '1200' }),
      title: blank.title,
      oppCopyId: source.id,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const c = copy.json().opportunity;
    expect(c.number).toBe(`OP-${1000 + c.id}`);
    expect(await activityTexts(c.id)).toEqual([
      `Opportunity ${c.number} created: Copy of Replace firewall (copy of ${source.number})`,
    ]);
    // An unknown or malformed copy id prefills nothing.
    expect((await user.get(`${BASE}/create?oppCopyId=2147483000`)).json().opportunity.title).toBe('');
    expect((await user.get(`${BASE}/create?oppCopyId=abc`)).statusCode).toBe(200);
  });

  it('starts an opportunity from an outage: organization, title and description; keeps the outage', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Outage Org' });
    const outage = await makeOutage(api.db.pool, { organizationId: org.id, title: 'Server room flooded' });
    await api.db.pool.query('UPDATE outages SET description = $2 WHERE id = $1', [
      outage.id,
      'Replace the failed file server.',
    ]);
    const blank = (await user.get(`${BASE}/create?outageId=${outage.id}`)).json().opportunity;
    expect(blank).toMatchObject({
      organization: { value: org.id, label: 'Outage Org' },
      title: 'Server room flooded',
      notes: 'Replace the failed file server.',
      source: 'Outage',
      outage: { value: outage.id, label: 'Server room flooded' },
      outageId: outage.id,
    });
    const saved = await user.post(`${BASE}/create`, {
      ...form(org.id, { source: 'Outage' }),
      title: blank.title,
      notes: blank.notes,
      outageId: outage.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const o = saved.json().opportunity;
    expect(o.outage).toEqual({ value: outage.id, label: 'Server room flooded' });
    expect(await activityTexts(o.id)).toEqual([
      `Opportunity ${o.number} created: Server room flooded (from outage Server room flooded)`,
    ]);
    // Later saves keep the outage whatever they carry.
    const later = await user.post(`${BASE}/${o.id}`, {
      ...form(org.id, { number: o.number }),
      outageId: null,
      version: 0,
    });
    expect(later.json().opportunity.outage).toEqual({ value: outage.id, label: 'Server room flooded' });

    const many = await makeOutage(api.db.pool, { title: 'Email down everywhere' });
    const manyBlank = (await user.get(`${BASE}/create?outageId=${many.id}`)).json().opportunity;
    expect(manyBlank).toMatchObject({ organization: null, title: 'Email down everywhere' });
  });
});

describe('list and totals', () => {
  it('filters by organization, stage, owner, outcome, close dates and text; sorts; totals to the cent', async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Listworth Legal' });
    const owner = await makeUser(api.db.pool, { firstName: 'Lia', lastName: 'List' });
    const make = (over: Parameters<typeof makeOpportunity>[1]) =>
      makeOpportunity(api.db.pool, { organizationId: org.id, ...over });
    await make({
      number: 'LL-1',
      title: 'Backup',
      amount: '100.01',
      probability: 33,
      closeDate: '2026-03-01',
    });
    await make({
      number: 'LL-2',
      title: 'Antivirus',
      amount: '0.05',
      probability: 50,
      stageId: 2,
      ownerId: owner.id,
      closeDate: '2026-05-15',
    });
    await make({
      number: 'LL-3',
      title: 'Laptops',
      amount: '2500',
      probability: 100,
      stageId: 5,
      outcome: 'WON',
    });
    await make({
      number: 'LL-4',
      title: 'Phones',
      amount: '999.99',
      probability: 0,
      stageId: 6,
      outcome: 'LOST',
    });
    const numbers = async (q: string) =>
      (await user.get(`${BASE}?organization=${org.id}&${q}`))
        .json()
        .items.map((i: { number: string }) => i.number);
    expect(await numbers('')).toEqual(['LL-1', 'LL-2']);
    expect(await numbers('outcome=all&sort=number')).toEqual(['LL-1', 'LL-2', 'LL-3', 'LL-4']);
    expect(await numbers('outcome=WON')).toEqual(['LL-3']);
    expect(await numbers('outcome=LOST')).toEqual(['LL-4']);
    expect(await numbers('stage=2')).toEqual(['LL-2']);
    expect(await numbers(`owner=${owner.id}`)).toEqual(['LL-2']);
    expect(await numbers('closeFrom=04/01/2026')).toEqual(['LL-2']);
    expect(await numbers('closeTo=2026-04-01')).toEqual(['LL-1']);
    expect(await numbers('closeFrom=03/01/2026&closeTo=05/15/2026')).toEqual(['LL-1', 'LL-2']);
    expect(await numbers('q=antivir')).toEqual(['LL-2']);
    expect(await numbers('q=ll-1')).toEqual(['LL-1']);
    expect(await numbers('q=listworth&outcome=all&sort=title')).toEqual(['LL-2', 'LL-1', 'LL-3', 'LL-4']);
    expect(await numbers('outcome=all&sort=amount&dir=desc')).toEqual(['LL-3', 'LL-4', 'LL-1', 'LL-2']);
    // Close date first; none sorts last.
    expect(await numbers('outcome=all')).toEqual(['LL-1', 'LL-2', 'LL-3', 'LL-4']);

    const rows = (await user.get(`${BASE}?organization=${org.id}`)).json().items;
    expect(rows[1]).toMatchObject({
      stage: { value: 2, label: 'Discovery' },
      owner: { value: owner.id, label: 'Lia List' },
      amount: '0.05',
      probability: 50,
      weighted: '0.03',
      closeDate: '05/15/2026',
    });
    const totals = async (q: string) => (await user.get(`${BASE}/totals?organization=${org.id}&${q}`)).json();
    // 100.01 × 33% = 33.0033 → 33.00; 0.05 × 50% = 0.025 → 0.03: each row's cents, added exactly.
    expect(await totals('')).toEqual({ count: 2, amount: '100.06', weighted: '33.03' });
    expect(await totals('outcome=all')).toEqual({ count: 4, amount: '3600.05', weighted: '2533.03' });
    expect(await totals('outcome=all&q=phones')).toEqual({ count: 1, amount: '999.99', weighted: '0.00' });
    expect(await totals('stage=999')).toEqual({ count: 0, amount: '0.00', weighted: '0.00' });

    expect((await user.get(`${BASE}?outcome=maybe`)).statusCode).toBe(400);
    expect((await user.get(`${BASE}?closeFrom=13/45/2026`)).statusCode).toBe(400);
    expect((await user.get(`${BASE}/totals?sort=owner`)).statusCode).toBe(400);
    // A reversed range says so, on the list and its totals, rather than answering with nothing.
    for (const path of [BASE, `${BASE}/totals`]) {
      const reversed = await user.get(`${path}?closeFrom=12/31/2026&closeTo=01/01/2026`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().form.fields.closeTo).toEqual([CLOSE_RANGE_REVERSED]);
    }
  });

  it('adds large amounts exactly', async () => {
    const org = await makeOrganization(api.db.pool);
    for (const amount of ['9999999999.99', '9999999999.99', '0.01'])
      await makeOpportunity(api.db.pool, { organizationId: org.id, amount, probability: 99 });
    // 9999999999.99 × 99% = 9899999999.9901 → 9899999999.99 (twice); 0.01 × 99% = 0.0099 → 0.01.
    expect((await user.get(`${BASE}/totals?organization=${org.id}`)).json()).toEqual({
      count: 3,
      amount: '19999999999.99',
      weighted: '19799999999.99',
    });
  });

  it('pages with Load More (keyset) on every sort without gaps or repeats', async () => {
    const org = await makeOrganization(api.db.pool);
    for (let i = 0; i < 7; i += 1)
      await makeOpportunity(api.db.pool, {
        organizationId: org.id,
        number: `PG-${i}`,
        title: `Deal ${i}`,
        amount: String(100 * (i % 3)),
        closeDate: i % 2 ? `2026-0${i + 1}-01` : null,
      });
    for (const sort of ['number', 'title', 'closeDate', 'amount']) {
      const all = (await user.get(`${BASE}?organization=${org.id}&sort=${sort}`)).json().items;
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const url: string = `${BASE}?organization=${org.id}&sort=${sort}&limit=3${after ? `&after=${after}` : ''}`;
        const page = (await user.get(url)).json();
        seen.push(...page.items.map((i: { number: string }) => i.number));
        after = page.next;
      } while (after);
      expect(seen).toEqual(all.map((i: { number: string }) => i.number));
      expect(seen).toHaveLength(7);
    }
  });
});

describe('delete and won', () => {
  it('refuses to delete one with documents or proposals, or a won one; a won one keeps its stage', async () => {
    const withDocument = await makeOpportunity(api.db.pool);
    await api.db.pool.query(
      `INSERT INTO opportunity_documents (opportunity_id, title, kind) VALUES ($1, 'Quote', 'QUOTE')`,
      [withDocument.id],
    );
    const withProposal = await makeOpportunity(api.db.pool);
    await api.db.pool.query(
      `INSERT INTO proposals (opportunity_id, number, title) VALUES ($1, $2, 'Proposal')`,
      [withProposal.id, `PR-${withProposal.id}`],
    );
    for (const o of [withDocument, withProposal]) {
      const shown = (await user.get(`${BASE}/${o.id}`)).json().deleteBlockedReason;
      const refused = await user.delete(`${BASE}/${o.id}?version=0`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/Mark it lost instead\.$/);
      // The screen offers Delete only to say why: the same words the refusal gives.
      expect(shown).toBe(refused.json().message);
      expect((await user.get(`${BASE}/${o.id}`)).statusCode).toBe(200);
    }
    const agreement = await makeAgreement(api.db.pool, { number: 'AG-WON-1' });
    const won = await makeOpportunity(api.db.pool, {
      organizationId: agreement.organizationId,
      stageId: 5,
      outcome: 'WON',
      probability: 100,
    });
    await api.db.pool.query('UPDATE opportunities SET agreement_id = $2 WHERE id = $1', [
      won.id,
      agreement.id,
    ]);
    const loaded = (await user.get(`${BASE}/${won.id}`)).json();
    expect(loaded.opportunity.agreement).toEqual({ value: agreement.id, label: 'AG-WON-1' });
    expect(loaded.deleteBlockedReason).toBe(WON_NOT_DELETED);
    const refused = await user.delete(`${BASE}/${won.id}?version=0`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(WON_NOT_DELETED);
    const reopened = await user.post(`${BASE}/${won.id}`, {
      ...form(won.organizationId, { number: won.number, stage: 2 }),
      version: 0,
    });
    expect(reopened.json().form.fields).toEqual({ stage: [ALREADY_WON] });
    const notes = await user.post(`${BASE}/${won.id}`, {
      ...form(won.organizationId, { number: won.number, stage: 5, probability: 100 }),
      notes: 'Signed in person',
      version: 0,
    });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json().opportunity.agreement).toEqual({ value: agreement.id, label: 'AG-WON-1' });
  });
});

describe('activity', () => {
  it('adds notes to the timeline; unknown opportunities are 404', async () => {
    const o = await makeOpportunity(api.db.pool);
    const note = await user.post(`${BASE}/${o.id}/activity`, { text: 'Called the office manager' });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().activity).toMatchObject({
      kind: { value: 'NOTE' },
      text: 'Called the office manager',
    });
    expect(await activityTexts(o.id)).toEqual(['Called the office manager']);
    expect((await user.get(`${BASE}/2147483000/activity`)).statusCode).toBe(404);
  });
});
