// What winning carries over from an accepted proposal: every line (monthly lines as monthly services, one-time lines
// as one-time charges on the agreement's start date), the first-year value that becomes the opportunity's amount, and
// what blocks the win. The dialog's preview and the win itself read the same plan, so what it promises is what it does.
import { toHundredths } from '../../../shared/format/money.js';
import {
  FIRST_YEAR_TOO_BIG,
  type ProposalTotals,
  proposalTotals,
  untypedLineMessage,
  type WinProposal,
} from '../../../shared/schemas/opportunity.js';
import type { Queryable } from '../../platform/records.js';
import { MAX_LINES } from '../proposal/index.js';

export type WinLine = {
  position: number;
  service_type_id: number | null;
  description: string | null;
  quantity: string;
  unit_price: string;
  recurrence: string;
};

export type WinPlan = {
  monthly: WinLine[];
  oneTime: WinLine[];
  totals: ProposalTotals;
  problems: string[];
};

/** The largest opportunity amount (numeric(12,2)), in hundredths. */
const AMOUNT_MAX = 999_999_999_999n;
/** Accepted proposals the dialog offers (one is usual; a few when a quote was redone). */
const MAX_ACCEPTED = 25;

export function planWin(lines: readonly WinLine[]): WinPlan {
  const totals = proposalTotals(
    lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unit_price, recurrence: l.recurrence })),
  );
  // Every agreement service has a type (billing and the reports group by it), so an untyped line is named, not guessed.
  const problems = lines
    .filter((l) => l.service_type_id === null)
    .map((l) => untypedLineMessage(l.position, l.description, l.recurrence));
  if (toHundredths(totals.firstYear) > AMOUNT_MAX) problems.push(FIRST_YEAR_TOO_BIG);
  return {
    monthly: lines.filter((l) => l.recurrence === 'MONTHLY'),
    oneTime: lines.filter((l) => l.recurrence === 'ONE_TIME'),
    totals,
    problems,
  };
}

/** The lines of some proposals, in order, in one query. */
export async function loadWinLines(db: Queryable, proposalIds: number[]): Promise<Map<number, WinLine[]>> {
  const out = new Map<number, WinLine[]>(proposalIds.map((id) => [id, []]));
  if (proposalIds.length === 0) return out;
  const { rows } = await db.query<WinLine & { proposal_id: number }>(
    `SELECT l.proposal_id, l.position, l.service_type_id, l.description, l.quantity::text AS quantity,
            l.unit_price::text AS unit_price, l.recurrence
       FROM proposal_lines l WHERE l.proposal_id = ANY($1::int[])
      ORDER BY l.proposal_id, l.position LIMIT ${MAX_LINES * MAX_ACCEPTED}`,
    [proposalIds],
  );
  for (const { proposal_id, ...line } of rows) out.get(proposal_id)?.push(line);
  return out;
}

/** The accepted proposals of one opportunity with what winning each would create (newest first). */
export async function acceptedProposals(db: Queryable, opportunityId: number): Promise<WinProposal[]> {
  const { rows } = await db.query<{ id: number; number: string; title: string }>(
    `SELECT id, number, title FROM proposals WHERE opportunity_id = $1 AND status = 'ACCEPTED'
      ORDER BY id DESC LIMIT ${MAX_ACCEPTED}`,
    [opportunityId],
  );
  const lines = await loadWinLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const plan = planWin(lines.get(r.id) ?? []);
    return {
      ...r,
      totals: plan.totals,
      monthlyLines: plan.monthly.length,
      oneTimeLines: plan.oneTime.length,
      problems: plan.problems,
    };
  });
}
