// A proposal's lines: loaded for its form, its PDF and its totals, checked against the service types, and saved
// whole with the proposal (in its transaction, positions as the form orders them).
import type pg from 'pg';
import { formatMoney, formatQuantity, lineAmount } from '../../../shared/format/money.js';
import type { Option } from '../../../shared/schemas/common.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import {
  lineMessage,
  type ProposalForm,
  type ProposalLine,
  type ProposalTotals,
  RECURRENCES,
} from '../../../shared/schemas/opportunity.js';
import type { Queryable } from '../../platform/records.js';

export type LineInput = ProposalForm['lines'][number];

/** The most lines a proposal holds (the form's own limit). */
export const MAX_LINES = 200;

export const recurrenceOption = (value: string): Option => ({
  value,
  label: codeLabel(RECURRENCES, value) ?? value,
});

/** The lines of one proposal, in order. */
export async function loadLines(db: Queryable, proposalId: number): Promise<ProposalLine[]> {
  const { rows } = await db.query<{
    service_type_id: number | null;
    type_name: string | null;
    description: string | null;
    quantity: string;
    unit_price: string;
    recurrence: string;
  }>(
    `SELECT l.service_type_id, st.name AS type_name, l.description, l.quantity::text AS quantity,
            l.unit_price::text AS unit_price, l.recurrence
       FROM proposal_lines l LEFT JOIN service_types st ON st.id = l.service_type_id
      WHERE l.proposal_id = $1 ORDER BY l.position LIMIT ${MAX_LINES}`,
    [proposalId],
  );
  return rows.map((r) => ({
    serviceType: r.service_type_id === null ? null : { value: r.service_type_id, label: r.type_name ?? '' },
    description: r.description,
    quantity: r.quantity,
    unitPrice: r.unit_price,
    recurrence: recurrenceOption(r.recurrence),
    amount: lineAmount(r.quantity, r.unit_price),
  }));
}

/** "Managed Workstation (Front office)", or the description alone. */
export function lineName(line: Pick<ProposalLine, 'serviceType' | 'description'>): string {
  const type = line.serviceType?.label;
  if (type && line.description) return `${type} (${line.description})`;
  return type ?? line.description ?? '';
}

/** One readable line for field history: "Setup × 1 @ $500.00 One-time; Managed Workstation × 10 @ $50.00 Monthly". */
export function describeLines(lines: ProposalLine[]): string | null {
  if (lines.length === 0) return null;
  return lines
    .map(
      (l) =>
        `${lineName(l)} × ${formatQuantity(l.quantity)} @ ${formatMoney(l.unitPrice)} ${l.recurrence.label}`,
    )
    .join('; ');
}

/**
 * Problems of the lines' service types, each named by its line: a type that does not exist, or one made inactive
 * (allowed only where the proposal already used it before this save).
 */
export async function lineTypeProblems(
  tx: Queryable,
  proposalId: number | null,
  lines: LineInput[],
): Promise<string[]> {
  const ids = [...new Set(lines.flatMap((l) => (l.serviceType === null ? [] : [l.serviceType])))];
  if (ids.length === 0) return [];
  const { rows } = await tx.query<{ id: number; name: string; active: boolean; used: boolean }>(
    `SELECT st.id, st.name, st.active,
            EXISTS (SELECT 1 FROM proposal_lines l WHERE l.proposal_id = $2 AND l.service_type_id = st.id) AS used
       FROM service_types st WHERE st.id = ANY($1::int[])`,
    [ids, proposalId],
  );
  const types = new Map(rows.map((r) => [r.id, r]));
  return lines.flatMap((l, i) => {
    if (l.serviceType === null) return [];
    const type = types.get(l.serviceType);
    if (!type) return [lineMessage(i, 'This service type does not exist. Choose another.')];
    if (!type.active && !type.used)
      return [lineMessage(i, `The service type ${type.name} is inactive. Choose an active one.`)];
    return [];
  });
}

/** Replaces the proposal's lines with the form's, in the caller's transaction. */
export async function saveLines(tx: pg.PoolClient, proposalId: number, lines: LineInput[]): Promise<void> {
  await tx.query('DELETE FROM proposal_lines WHERE proposal_id = $1', [proposalId]);
  if (lines.length === 0) return;
  await tx.query(
    `INSERT INTO proposal_lines (proposal_id, position, service_type_id, description, quantity, unit_price, recurrence)
     SELECT $1, l.position, l.service_type_id, l.description, l.quantity::numeric, l.unit_price::numeric, l.recurrence
       FROM jsonb_to_recordset($2::jsonb) AS l(position int, service_type_id int, description text, quantity text,
            unit_price text, recurrence text)`,
    [
      proposalId,
      JSON.stringify(
        lines.map((l, position) => ({
          position,
          service_type_id: l.serviceType,
          description: l.description,
          quantity: l.quantity,
          unit_price: l.unitPrice,
          recurrence: l.recurrence,
        })),
      ),
    ],
  );
}

/**
 * One-time, monthly and first-year totals of many proposals in one query (a list page), exact: each line's amount
 * is rounded to the cent as lineAmount does (numeric rounds halves away from zero), then summed.
 */
export async function totalsOf(db: Queryable, proposalIds: number[]): Promise<Map<number, ProposalTotals>> {
  const totals = new Map<number, ProposalTotals>();
  if (proposalIds.length === 0) return totals;
  const { rows } = await db.query<{ id: number; one_time: string; monthly: string; first_year: string }>(
    `SELECT s.id, s.one_time::text AS one_time, s.monthly::text AS monthly,
            (s.one_time + 12 * s.monthly)::numeric(18,2)::text AS first_year
       FROM (SELECT l.proposal_id AS id,
                    coalesce(sum(round(l.quantity * l.unit_price, 2)) FILTER (WHERE l.recurrence = 'ONE_TIME'), 0)::numeric(18,2) AS one_time,
                    coalesce(sum(round(l.quantity * l.unit_price, 2)) FILTER (WHERE l.recurrence = 'MONTHLY'), 0)::numeric(18,2) AS monthly
               FROM proposal_lines l WHERE l.proposal_id = ANY($1::int[]) GROUP BY l.proposal_id) s`,
    [proposalIds],
  );
  for (const r of rows)
    totals.set(r.id, { oneTime: r.one_time, monthly: r.monthly, firstYear: r.first_year });
  return totals;
}

export const NO_TOTALS: ProposalTotals = { oneTime: '0.00', monthly: '0.00', firstYear: '0.00' };
