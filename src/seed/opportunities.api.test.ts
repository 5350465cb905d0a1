// The demo opportunities on a real database: the first start with SD6_DEMO saves the sales roles (and e-signature
// settings) and writes
// opportunities in every stage whose outcome is their stage's, open ones closing around today (some overdue), won
// ones and their agreements naming each other, lost ones with a reason, some raised from outages; proposals with
// unique numbers, lines and rich-text terms, the amount of the latest one; real PDF files; a timeline; and global
// search finds them. The bulk loader for benchmarks writes consistent rows by the thousand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../test/support/api.js';
import { OPPORTUNITY_SETTINGS_DEFAULTS } from '../shared/schemas/sales-settings.js';
import { bootstrapDatabase, DEMO_PASSWORD } from './index.js';
import { seedOpportunitiesBulk } from './opportunities-bulk.js';
import { DEMO_ADMIN_EMAIL } from './staff.js';

let api: ApiHarness;
let admin: Awaited<ReturnType<typeof api.signIn>>;
beforeAll(async () => {
  api = await setupApi();
  await bootstrapDatabase(api.db, { adminPassword: 'demo admin password', demo: true });
  admin = await api.signIn(DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
});
afterAll(() => api?.close());

const rows = async <T>(sql: string, values: unknown[] = []) =>
  (await api.db.pool.query(sql, values)).rows as T[];
const one = async <T>(sql: string, values: unknown[] = []) => (await rows<T>(sql, values))[0]!;

describe('demo opportunities on first start', () => {
  it('saves the e-signature settings and the sales roles: a few owners, one approver', async () => {
    const esignature = (await admin.get('/api/admin/sales-settings-esignature')).json().esignatureSettings;
    expect(esignature).toMatchObject({ providerName: 'Dropbox Sign', reminderDays: 3 });
    const page = (await admin.get('/api/admin/sales-settings-roles')).json().salesRoleSettings;
    expect(page.owners.length).toBeGreaterThanOrEqual(2);
    expect(page.owners.length).toBeLessThanOrEqual(5);
    expect(page.approvers).toHaveLength(1);
    const owners = page.owners.map((o: { value: number }) => o.value);
    const outside = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM opportunities WHERE NOT owner_id = ANY($1::int[])',
      [owners],
    );
    expect(outside.n).toBe(0);
  });

  it('writes about sixty opportunities in every stage, each with its stage outcome and a unique number', async () => {
    const all = await rows<{
      id: number;
      number: string;
      stage_id: number;
      outcome: string;
      probability: number;
      close_days: number;
      lost_reason: string | null;
      source: string | null;
    }>(
      `SELECT id, number, stage_id, outcome, probability, close_date - current_date AS close_days, lost_reason, source
         FROM opportunities`,
    );
    expect(all.length).toBeGreaterThanOrEqual(50);
    expect(all.length).toBeLessThanOrEqual(75);
    expect(new Set(all.map((o) => o.number.toLowerCase())).size).toBe(all.length);
    for (const stage of OPPORTUNITY_SETTINGS_DEFAULTS.stages) {
      const inStage = all.filter((o) => o.stage_id === stage.id);
      expect(inStage.length, stage.name).toBeGreaterThan(2);
      for (const o of inStage) expect(o.outcome).toBe(stage.outcome);
    }
    const open = all.filter((o) => o.outcome === 'OPEN');
    expect(open.some((o) => o.close_days < 0)).toBe(true);
    expect(open.filter((o) => o.close_days >= 0).length).toBeGreaterThan(open.length / 2);
    for (const o of open) expect(Math.abs(o.close_days)).toBeLessThanOrEqual(130);
    for (const o of all) {
      // The number a new opportunity gets from its id.
      expect(o.number).toBe(`OP-${1000 + o.id}`);
      expect(o.lost_reason !== null).toBe(o.outcome === 'LOST');
      if (o.lost_reason) expect(OPPORTUNITY_SETTINGS_DEFAULTS.lostReasons).toContain(o.lost_reason);
      expect(OPPORTUNITY_SETTINGS_DEFAULTS.sources).toContain(o.source);
      if (o.outcome !== 'OPEN') expect(o.close_days).toBeLessThan(0);
    }
  });

  it('links each won opportunity and its agreement both ways, for the same organization', async () => {
    const won = await rows<{
      agreement_id: number | null;
      back: number | null;
      same_org: boolean;
      id: number;
    }>(
      `SELECT o.id, o.agreement_id, a.opportunity_id AS back, a.organization_id = o.organization_id AS same_org
         FROM opportunities o LEFT JOIN agreements a ON a.id = o.agreement_id WHERE o.outcome = 'WON'`,
    );
    expect(won.length).toBeGreaterThan(2);
    for (const w of won) {
      expect(w.agreement_id).not.toBeNull();
      expect(w.back).toBe(w.id);
      expect(w.same_org).toBe(true);
    }
    const stray = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM agreements a
        WHERE a.opportunity_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM opportunities o WHERE o.id = a.opportunity_id AND o.agreement_id = a.id)`,
    );
    expect(stray.n).toBe(0);
  });

  it('raises several from outages of the same organization, with the outage in the notes', async () => {
    const fromOutages = await rows<{ source: string; same_org: boolean; notes: string; outage: string }>(
      `SELECT o.source, x.organization_id = o.organization_id AS same_org, o.notes, x.title AS outage
         FROM opportunities o JOIN outages x ON x.id = o.outage_id`,
    );
    expect(fromOutages.length).toBeGreaterThanOrEqual(3);
    for (const o of fromOutages) {
      expect(o.source).toBe('Outage');
      expect(o.same_org).toBe(true);
      expect(o.notes).toContain(o.outage);
    }
  });

  it('gives proposals unique PR numbers, lines, terms, and the latest one sets the amount', async () => {
    const stats = await one<{ proposals: number; with_lines: number; numbers: number; bad: number }>(
      `SELECT count(*)::int AS proposals, count(DISTINCT lower(number))::int AS numbers,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM proposal_lines l WHERE l.proposal_id = p.id))::int AS with_lines,
              count(*) FILTER (WHERE number !~ '^PR-\\d{4}$' OR terms NOT LIKE '<p>%')::int AS bad
         FROM proposals p`,
    );
    expect(stats.proposals).toBeGreaterThan(40);
    expect(stats.numbers).toBe(stats.proposals);
    expect(stats.with_lines).toBe(stats.proposals);
    expect(stats.bad).toBe(0);
    const renumbered = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM proposals WHERE number <> 'PR-' || (1000 + id)`,
    );
    expect(renumbered.n).toBe(0);
    const withProposals = await one<{ n: number }>(
      'SELECT count(DISTINCT opportunity_id)::int AS n FROM proposals',
    );
    expect(withProposals.n).toBeGreaterThan(25);
    // One-time and monthly lines, priced to the cent; the accepted proposal of a won one is what it is worth.
    const kinds = await rows<{ recurrence: string }>(
      'SELECT DISTINCT recurrence FROM proposal_lines ORDER BY 1',
    );
    expect(kinds.map((k) => k.recurrence)).toEqual(['MONTHLY', 'ONE_TIME']);
    const mismatched = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM opportunities o
         JOIN proposals p ON p.opportunity_id = o.id AND p.status = 'ACCEPTED'
         JOIN LATERAL (SELECT sum(l.quantity * l.unit_price * CASE l.recurrence WHEN 'MONTHLY' THEN 12 ELSE 1 END) AS total
                         FROM proposal_lines l WHERE l.proposal_id = p.id) t ON true
        WHERE t.total <> o.amount`,
    );
    expect(mismatched.n).toBe(0);
    const statuses = await rows<{ outcome: string; status: string }>(
      `SELECT DISTINCT o.outcome, p.status FROM proposals p JOIN opportunities o ON o.id = p.opportunity_id
        WHERE p.id = (SELECT max(id) FROM proposals q WHERE q.opportunity_id = o.id)`,
    );
    expect(statuses.filter((s) => s.outcome === 'WON').map((s) => s.status)).toEqual(['ACCEPTED']);
    expect(statuses.filter((s) => s.outcome === 'LOST').map((s) => s.status)).toEqual(['DECLINED']);
    // Revisions are copies of the proposal before them, of the same opportunity.
    const copies = await one<{ n: number; wrong: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE c.opportunity_id <> p.opportunity_id)::int AS wrong
         FROM proposals p JOIN proposals c ON c.id = p.copied_from_id`,
    );
    expect(copies.n).toBeGreaterThan(3);
    expect(copies.wrong).toBe(0);
  });

  it('keeps documents as real PDF files and a timeline that starts with the creation, nothing in the future', async () => {
    const docs = await rows<{ head: string; size: number; length: number }>(
      `SELECT convert_from(substring(c.data from 1 for 5), 'SQL_ASCII') AS head, f.size::int AS size,
              length(c.data) AS length
         FROM opportunity_documents d JOIN files f ON f.id = d.file_id JOIN file_chunks c ON c.file_id = f.id`,
    );
    expect(docs.length).toBeGreaterThan(5);
    for (const d of docs) {
      expect(d.head).toBe('%PDF-');
      expect(d.size).toBe(d.length);
    }
    const timeline = await one<{
      without_created: number;
      future: number;
      before_created: number;
      kinds: string[];
    }>(
      `SELECT count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM activities a
                                                  WHERE a.opportunity_id = o.id AND a.kind = 'CREATED'))::int AS without_created,
              (SELECT count(*)::int FROM activities WHERE opportunity_id IS NOT NULL AND at > now()) AS future,
              (SELECT count(*)::int FROM activities a JOIN opportunities x ON x.id = a.opportunity_id
                WHERE a.at < x.created_at) AS before_created,
              (SELECT array_agg(DISTINCT kind ORDER BY kind) FROM activities WHERE opportunity_id IS NOT NULL) AS kinds
         FROM opportunities o`,
    );
    expect(timeline).toEqual({
      without_created: 0,
      future: 0,
      before_created: 0,
      kinds: ['CREATED', 'DOCUMENT', 'NOTE', 'PROPOSAL', 'STAGE', 'WON'],
    });
  });

  it('gives every proposal line a service type, so any accepted proposal can be won whole', async () => {
    const untyped = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM proposal_lines WHERE service_type_id IS NULL',
    );
    expect(untyped.n).toBe(0);
    // An open opportunity whose latest proposal (hardware, labour and monthly lines) the client accepts is won.
    const open = await one<{ id: number; version: number; proposal: number; lines: number }>(
      `SELECT o.id, o.version, p.id AS proposal,
              (SELECT count(*)::int FROM proposal_lines l WHERE l.proposal_id = p.id) AS lines
         FROM opportunities o JOIN proposals p ON p.opportunity_id = o.id
        WHERE o.outcome = 'OPEN' AND o.agreement_id IS NULL
          AND p.id = (SELECT max(id) FROM proposals q WHERE q.opportunity_id = o.id)
          AND EXISTS (SELECT 1 FROM proposal_lines l WHERE l.proposal_id = p.id AND l.recurrence = 'ONE_TIME')
        ORDER BY o.id LIMIT 1`,
    );
    await api.db.pool.query(`UPDATE proposals SET status = 'ACCEPTED' WHERE id = $1`, [open.proposal]);
    const today = new Date().toLocaleDateString('en-US', {
      month: '2-digit',
      day: '2-digit',
      year: 'numeric',
    });
    const won = await admin.post(`/api/manage/opportunity/${open.id}/win`, {
      version: open.version,
      proposal: open.proposal,
      startDate: today,
      closeDate: today,
    });
    expect(won.statusCode).toBe(200);
    const services = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM agreement_services WHERE agreement_id = $1',
      [won.json().agreement.id],
    );
    expect(services.n).toBe(open.lines);
  });

  it('is found by global search', async () => {
    const o = await one<{ id: number; number: string; title: string }>(
      `SELECT id, number, title FROM opportunities ORDER BY id LIMIT 1`,
    );
    const res = await admin.get(`/api/suggest/global-search/?term=${encodeURIComponent(o.number)}`);
    expect(res.json()[0]).toMatchObject({ route: `/manage/opportunity/${o.id}`, field_label: 'Number' });
  });
});

describe('seedOpportunitiesBulk', () => {
  it('writes thousands of consistent opportunities with proposals and lines, apart from the demo numbers', async () => {
    const client = await api.db.pool.connect();
    let counts: Awaited<ReturnType<typeof seedOpportunitiesBulk>>;
    try {
      const actor = await client.query<{ id: number }>('SELECT min(id) AS id FROM users');
      counts = await seedOpportunitiesBulk(client, { count: 2000, actorId: actor.rows[0]!.id });
    } finally {
      client.release();
    }
    expect(counts.opportunities).toBe(2000);
    expect(counts.proposals).toBeGreaterThan(1500);
    expect(counts.proposals).toBeLessThan(2500);
    expect(counts.proposalLines).toBe(counts.proposals * 3);
    const check = await one<{
      n: number;
      numbers: number;
      wrong_outcome: number;
      stages: number;
      lost_without: number;
    }>(
      `SELECT count(*)::int AS n, count(DISTINCT number)::int AS numbers,
              count(*) FILTER (WHERE (stage_id IN (1, 2, 3, 4) AND outcome <> 'OPEN') OR (stage_id = 5 AND outcome <> 'WON')
                                  OR (stage_id = 6 AND outcome <> 'LOST'))::int AS wrong_outcome,
              count(DISTINCT stage_id)::int AS stages,
              count(*) FILTER (WHERE outcome = 'LOST' AND lost_reason IS NULL)::int AS lost_without
         FROM opportunities WHERE number LIKE 'OPB-%'`,
    );
    expect(check).toEqual({ n: 2000, numbers: 2000, wrong_outcome: 0, stages: 6, lost_without: 0 });
    // Global search still answers over them.
    const res = await admin.get('/api/suggest/global-search/?term=OPB-100042');
    expect(res.json()[0]).toMatchObject({
      name: expect.stringMatching(/^OPB-100042 /),
      field_label: 'Number',
    });
  });
});
