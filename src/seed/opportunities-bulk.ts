// Opportunities by the ten thousand, for benchmarks (the demo set has sixty): generated inside the database with
// generate_series, the way the agreements bench loads its 20,000 agreements, so 50,000 rows take seconds. The same
// rows on every run for the same seed; stages, outcomes and probabilities follow the opportunity settings' defaults.
import type pg from 'pg';
import { OPPORTUNITY_SETTINGS_DEFAULTS } from '../shared/schemas/sales-settings.js';
import { THEMES } from './opportunities-data.js';

export type BulkOpportunityOptions = {
  count: number;
  /** Who created them (and owns those whose organization has no active account manager). */
  actorId: number;
  /** Proposals per opportunity on average (0 to 3); each gets three lines. Default 1. */
  proposalsPerOpportunity?: number;
  /** Number prefix, kept apart from the demo's OP- and PR- numbers. Default 'OPB-' (proposals 'PRB-'). */
  prefix?: string;
  /** random() seed (-1 to 1) for the same rows on every run. Default 0.2027. */
  seed?: number;
};

/**
 * Inserts `count` opportunities over the existing organizations (there must be some), closing from a year ago to
 * half a year ahead, with their proposals and lines. Returns how many rows of each went in. Bulk loads should drop
 * the secondary indexes first and rebuild them after (bench/support.ts dropForLoad), as the agreements bench does.
 */
export async function seedOpportunitiesBulk(
  db: pg.PoolClient,
  options: BulkOpportunityOptions,
): Promise<{ opportunities: number; proposals: number; proposalLines: number }> {
  const prefix = options.prefix ?? 'OPB-';
  const proposalPrefix = prefix.replace(/^OP/, 'PR');
  const perOpportunity = Math.max(0, Math.min(3, options.proposalsPerOpportunity ?? 1));
  const stages = OPPORTUNITY_SETTINGS_DEFAULTS.stages;
  const { rows: any } = await db.query('SELECT 1 FROM organizations LIMIT 1');
  if (any.length === 0) throw new Error('seedOpportunitiesBulk needs organizations to sell to');
  await db.query('SELECT setseed($1)', [options.seed ?? 0.2027]);
  const pick = (array: string) => `(${array})[1 + floor(random() * cardinality(${array}))::int]`;
  const like = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;
  // Stage by weight: the early open stages most, then won, lost and the late open ones.
  const weights: Record<string, number> = { OPEN: 0, WON: 5, LOST: 4 };
  const stageIds = stages.flatMap(
    (s, i) => Array(s.outcome === 'OPEN' ? 8 - i : weights[s.outcome]!).fill(s.id) as number[],
  );
  const opportunities = await db.query(
    `WITH orgs AS (SELECT array_agg(id ORDER BY id) AS ids FROM organizations)
     INSERT INTO opportunities (organization_id, number, title, stage_id, outcome, owner_id, amount, probability,
                                close_date, source, lost_reason, created_by, updated_by)
     SELECT o.id, $1::text || (100000 + x.g), x.title || ' ' || x.g, s.id, s.outcome, coalesce(o.account_manager_id, $2),
            round((500 + random() * 60000)::numeric, 2), s.probability, current_date + x.days,
            ${pick('$3::text[]')}, CASE WHEN s.outcome = 'LOST' THEN ${pick('$4::text[]')} END, $2, $2
       FROM (SELECT g, ${pick('orgs.ids')} AS org, ${pick('$5::text[]')} AS title,
                    ${pick('$6::int[]')} AS stage, (random() * 545)::int - 365 AS days
               FROM orgs, generate_series(1, $7::int) g) x
       JOIN organizations o ON o.id = x.org
       JOIN (SELECT (st->>'id')::int AS id, st->>'outcome' AS outcome, (st->>'probability')::int AS probability
               FROM jsonb_array_elements($8::jsonb) st) s ON s.id = x.stage`,
    [
      prefix,
      options.actorId,
      OPPORTUNITY_SETTINGS_DEFAULTS.sources,
      OPPORTUNITY_SETTINGS_DEFAULTS.lostReasons,
      THEMES.map((t) => t.title),
      stageIds,
      options.count,
      JSON.stringify(stages),
    ],
  );
  const made = opportunities.rowCount ?? 0;
  if (perOpportunity === 0 || made === 0) return { opportunities: made, proposals: 0, proposalLines: 0 };
  // Each opportunity draws how many proposals it has (0 to 2 x the average, at most 3).
  const proposals = await db.query(
    `INSERT INTO proposals (opportunity_id, number, title, status, valid_until, created_by, updated_by)
     SELECT t.id, $1::text || (100000 + row_number() OVER (ORDER BY t.id, k)), t.title || ' proposal ' || k,
            CASE t.outcome WHEN 'WON' THEN 'ACCEPTED' WHEN 'LOST' THEN 'DECLINED'
                 ELSE ${pick(`ARRAY['DRAFT','SENT']`)} END,
            t.close_date + 30, $2, $2
       FROM (SELECT o.*, floor(random() * ($4::float8 * 2 + 1))::int AS n FROM opportunities o
              WHERE o.number LIKE $3) t
       CROSS JOIN generate_series(1, 3) k
      WHERE k <= t.n`,
    [proposalPrefix, options.actorId, like(prefix), perOpportunity],
  );
  const lines = await db.query(
    `INSERT INTO proposal_lines (proposal_id, position, description, quantity, unit_price, recurrence)
     SELECT p.id, k - 1, (ARRAY['Onboarding', 'Managed workstation, per device', 'Microsoft 365 seat'])[k],
            CASE WHEN k = 1 THEN 1 ELSE 1 + floor(random() * 40) END,
            (ARRAY[2500, 55, 22])[k] + round((random() * 10)::numeric, 2),
            CASE WHEN k = 1 THEN 'ONE_TIME' ELSE 'MONTHLY' END
       FROM proposals p CROSS JOIN generate_series(1, 3) k
      WHERE p.number LIKE $1`,
    [like(proposalPrefix)],
  );
  return { opportunities: made, proposals: proposals.rowCount ?? 0, proposalLines: lines.rowCount ?? 0 };
}
