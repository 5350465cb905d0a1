// Sales settings, opportunities: administrators only (403 before validation), the defaults before the first save,
// stages keeping their ids through renames, moves and additions, a stage in use that cannot be removed, a new
// outcome reaching the stage's opportunities, row messages, the 409, and the field history.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import { makeAdmin, makeOpportunity, makeUser, TEST_PASSWORD } from '../../../../test/support/factories.js';
import {
  OPPORTUNITY_SETTINGS_DEFAULTS,
  STAGES_NEED_OUTCOMES,
} from '../../../shared/schemas/sales-settings.js';

const PATH = '/api/admin/sales-settings-opportunity';
const HISTORY = '/api/history/opportunitySettings/1';
let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
let otherAdmin: Awaited<ReturnType<typeof api.signIn>>;
let tech: Awaited<ReturnType<typeof api.signIn>>;
let adminId: number;
beforeAll(async () => {
  api = await setupApi();
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Admin' });
  adminId = a.id;
  admin = await api.signIn(a.email, TEST_PASSWORD);
  const b = await makeAdmin(api.db.pool, { firstName: 'Bo', lastName: 'Boss' });
  otherAdmin = await api.signIn(b.email, TEST_PASSWORD);
  const t = await makeUser(api.db.pool, { firstName: 'Tess', lastName: 'Tech' });
  tech = await api.signIn(t.email, TEST_PASSWORD);
});
afterAll(() => api?.close());

type Stage = { id: number | null; name: string; probability: number | string; outcome: string };
type Settings = { stages: Stage[]; sources: string[]; lostReasons: string[]; version: number };
type Item = { field: string; fieldLabel: string; oldValue: string | null; newValue: string | null };

const current = async () => (await admin.get(PATH)).json().opportunitySettings as Settings;
const save = (s: Partial<Settings> & { version: number }, who = admin) =>
  who.post(PATH, {
    version: s.version,
    stages: s.stages ?? OPPORTUNITY_SETTINGS_DEFAULTS.stages,
    sources: s.sources ?? OPPORTUNITY_SETTINGS_DEFAULTS.sources,
    lostReasons: s.lostReasons ?? OPPORTUNITY_SETTINGS_DEFAULTS.lostReasons,
  });
const historyItems = async () => {
  const res = await admin.get(`${HISTORY}?limit=100`);
  expect(res.statusCode).toBe(200);
  return res.json().history.items as Item[];
};
const outcomes = async (ids: number[]) =>
  (
    await api.db.pool.query<{ id: number; outcome: string }>(
      'SELECT id, outcome FROM opportunities WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    )
  ).rows.map((r) => r.outcome);

// The tests build on each other: one settings row, saved again and again.
describe('sales settings, opportunities', () => {
  it('administrators read the defaults before the first save; others get 403, anonymous 401', async () => {
    const res = await admin.get(PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      opportunitySettings: {
        ...OPPORTUNITY_SETTINGS_DEFAULTS,
        version: 0,
        updated: null,
        updatedBy: null,
      },
      can: { save: true },
    });
    expect((await tech.get(PATH)).statusCode).toBe(403);
    expect((await api.anonymous.get(PATH)).statusCode).toBe(401);
    expect((await tech.get(HISTORY)).statusCode).toBe(403);
  });

  it('refuses a technician save with 403 before validating the body, and saves nothing', async () => {
    for (const body of [
      { version: 0, stages: [], sources: [], lostReasons: [] },
      { stages: 'x' },
      undefined,
    ]) {
      const res = await tech.post(PATH, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access Denied.');
    }
    const { rows } = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM settings WHERE key = 'opportunity_settings'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('names the row of each bad stage and asks for an open, a won and a lost stage', async () => {
    const res = await save({
      version: 0,
      stages: [
        { id: 1, name: ' ', probability: 10, outcome: 'OPEN' },
        { id: 2, name: 'Discovery', probability: 140, outcome: 'OPEN' },
        { id: 3, name: 'discovery', probability: 'many', outcome: 'MAYBE' },
      ],
      sources: ['Referral', 'referral'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please review the page for field entry errors, shown in red.');
    expect(res.json().form.fields).toEqual({
      stages: [
        'Stage 1: Enter a name.',
        'Stage 2: Enter a probability from 0 to 100.',
        'Stage 3: Another stage has this name.',
        'Stage 3: Enter a probability from 0 to 100.',
        'Stage 3: Choose open, won or lost.',
        STAGES_NEED_OUTCOMES,
      ],
      sources: ['Choice 2: This choice is listed twice.'],
    });
    expect((await current()).version).toBe(0);
  });

  it('renames, reorders and adds stages: the kept ones keep their ids, a new one takes the next id', async () => {
    const res = await save({
      version: 0,
      stages: [
        { id: 1, name: 'Qualification', probability: 10, outcome: 'OPEN' },
        { id: 3, name: 'Proposal Sent', probability: '45', outcome: 'OPEN' },
        { id: 2, name: 'Discovery', probability: 25, outcome: 'OPEN' },
        { id: null, name: 'Verbal Yes', probability: 90, outcome: 'OPEN' },
        { id: 4, name: 'Negotiation', probability: 75, outcome: 'OPEN' },
        { id: 5, name: 'Won', probability: 100, outcome: 'WON' },
        { id: 6, name: 'Lost', probability: 0, outcome: 'LOST' },
      ],
      sources: ['Referral', ' Website ', '', 'Trade Show'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().opportunitySettings;
    expect(saved.stages.map((s: Stage) => [s.id, s.name, s.probability])).toEqual([
      [1, 'Qualification', 10],
      [3, 'Proposal Sent', 45],
      [2, 'Discovery', 25],
      [7, 'Verbal Yes', 90],
      [4, 'Negotiation', 75],
      [5, 'Won', 100],
      [6, 'Lost', 0],
    ]);
    expect(saved.sources).toEqual(['Referral', 'Website', 'Trade Show']);
    expect(saved).toMatchObject({ version: 1, updatedBy: { value: adminId, label: 'Ada Admin' } });
    expect(await current()).toEqual(saved);
  });

  it('records readable history under OpportunitySettings', async () => {
    const res = await admin.get(HISTORY);
    expect(res.json().history).toMatchObject({
      objectClass: 'OpportunitySettings',
      title: 'Sales Settings: Opportunities',
    });
    const items = await historyItems();
    expect(items.map((i) => [i.fieldLabel, i.oldValue, i.newValue]).sort()).toEqual([
      [
        'Sources',
        'Existing Client, Referral, Website, Outage, Event, Cold Call',
        'Referral, Website, Trade Show',
      ],
      [
        'Stages',
        'Qualification 10% · Discovery 25% · Proposal 50% · Negotiation 75% · Won 100% (won) · Lost 0% (lost)',
        'Qualification 10% · Proposal Sent 45% · Discovery 25% · Verbal Yes 90% · Negotiation 75% · ' +
          'Won 100% (won) · Lost 0% (lost)',
      ],
    ]);
    expect((await admin.get('/api/history/opportunitySettings/2')).statusCode).toBe(404);
  });

  it('refuses to remove a stage still used by opportunities, naming it and the count', async () => {
    for (let i = 0; i < 3; i++) await makeOpportunity(api.db.pool, { stageId: 4, probability: 75 });
    await makeOpportunity(api.db.pool, { stageId: 7, probability: 90 });
    const s = await current();
    const res = await save({
      ...s,
      stages: s.stages.filter((x) => x.id !== 4 && x.id !== 7 && x.id !== 2),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      stages: [
        'Stage "Verbal Yes" is used by 1 opportunity. Move it to another stage first.',
        'Stage "Negotiation" is used by 3 opportunities. Move them to another stage first.',
      ],
    });
    // An unused stage goes; its id is never handed out again.
    const ok = await save({ ...s, stages: s.stages.filter((x) => x.id !== 2) });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await save({
      ...ok.json().opportunitySettings,
      stages: [
        ...ok.json().opportunitySettings.stages,
        { id: null, name: 'Discovery', probability: 20, outcome: 'OPEN' },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().opportunitySettings.stages.at(-1)).toEqual({
      id: 8,
      name: 'Discovery',
      probability: 20,
      outcome: 'OPEN',
    });
  });

  it('refuses a row naming a stage id the settings do not have, or one stage twice', async () => {
    const s = await current();
    const res = await save({
      ...s,
      stages: [
        ...s.stages,
        { id: 99, name: 'Ghost', probability: 5, outcome: 'OPEN' },
        { ...s.stages[0]!, name: 'Twin' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields).toEqual({
      stages: [
        `Stage ${s.stages.length + 1}: This stage no longer exists. Reload the page and try again.`,
        `Stage ${s.stages.length + 2}: This stage is listed twice.`,
      ],
    });
  });

  it("changes the outcome of a stage's opportunities with the stage, in the same save", async () => {
    const open = await makeOpportunity(api.db.pool, { stageId: 1 });
    const negotiating = await makeOpportunity(api.db.pool, { stageId: 4, probability: 75 });
    const s = await current();
    const stages = s.stages.map((x) =>
      x.id === 4 ? { ...x, name: 'Closed Won (legacy)', outcome: 'WON' } : x,
    );
    const res = await save({ ...s, stages });
    expect(res.statusCode, res.body).toBe(200);
    expect(await outcomes([open.id, negotiating.id])).toEqual(['OPEN', 'WON']);
    const all = await api.db.pool.query(
      `SELECT count(*)::int AS n FROM opportunities WHERE stage_id = 4 AND outcome <> 'WON'`,
    );
    expect(all.rows[0].n).toBe(0);
    // And back again.
    const back = await save({ ...res.json().opportunitySettings, stages: s.stages });
    expect(back.statusCode).toBe(200);
    expect(await outcomes([open.id, negotiating.id])).toEqual(['OPEN', 'OPEN']);
    const [last] = await historyItems();
    expect(last).toMatchObject({ field: 'stages', fieldLabel: 'Stages' });
    expect(last!.oldValue).toContain('Closed Won (legacy) 75% (won)');
    // Each opportunity moved tells so in its own field history.
    const moved = (await admin.get(`/api/history/opportunity/${negotiating.id}`)).json().history;
    expect(
      moved.items.map((h: { field: string; oldValue: string; newValue: string }) => [
        h.field,
        h.oldValue,
        h.newValue,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['outcome', 'Open', 'Won'],
        ['outcome', 'Won', 'Open'],
      ]),
    );
  });

  it('a lost stage made open takes its lost reasons away, with history, so the next save is not refused', async () => {
    const lost = await makeOpportunity(api.db.pool, { stageId: 6, outcome: 'LOST', probability: 0 });
    await api.db.pool.query(`UPDATE opportunities SET lost_reason = 'Price' WHERE id = $1`, [lost.id]);
    const s = await current();
    const res = await save({
      ...s,
      stages: [
        ...s.stages.map((x) => (x.id === 6 ? { ...x, name: 'On Hold', outcome: 'OPEN' } : x)),
        { id: null, name: 'Lost for Good', probability: 0, outcome: 'LOST' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await api.db.pool.query('SELECT outcome, lost_reason FROM opportunities WHERE id = $1', [
      lost.id,
    ]);
    expect(rows[0]).toEqual({ outcome: 'OPEN', lost_reason: null });
    const history = (await admin.get(`/api/history/opportunity/${lost.id}`)).json().history.items;
    expect(history.map((h: { field: string; oldValue: string }) => [h.field, h.oldValue])).toEqual(
      expect.arrayContaining([
        ['outcome', 'Lost'],
        ['lostReason', 'Price'],
      ]),
    );
    const back = await save({ ...res.json().opportunitySettings, stages: s.stages });
    expect(back.statusCode).toBe(200);
  });

  it('a stale save gets 409 with the current settings and changes nothing, not even outcomes', async () => {
    const s = await current();
    const first = await save({ ...s, lostReasons: ['Price', 'Timing'] }, otherAdmin);
    expect(first.statusCode).toBe(200);
    const now = first.json().opportunitySettings;
    const negotiating = await makeOpportunity(api.db.pool, { stageId: 4, probability: 75 });
    const stale = await save({
      ...s,
      stages: s.stages.map((x) => (x.id === 4 ? { ...x, outcome: 'LOST' } : x)),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^This record was changed by Bo Boss at \d\d\/\d\d\/\d{4} /);
    expect(stale.json().current).toEqual(now);
    expect(await outcomes([negotiating.id])).toEqual(['OPEN']);
    const [last] = await historyItems();
    expect(last).toMatchObject({ fieldLabel: 'Lost Reasons', newValue: 'Price, Timing' });
  });

  it('refuses a save without a version', async () => {
    const s = await current();
    const res = await admin.post(PATH, { stages: s.stages, sources: s.sources, lostReasons: s.lostReasons });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.version).toHaveLength(1);
  });
});
