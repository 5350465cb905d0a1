// A recurring service is billed in advance for its term (a quarter's audit in its first month). When its dates change
// after the term was posted — an amendment ends it in the term's second month, an end date is set after the month
// was billed, an end date is taken away — a later month's run trues the term up: one line charging or crediting the
// difference between what the term's days in force come to now and what they came to when posted (the posted line's
// own quantity and price, the same rounding rule, so a biller's edit stays), less the adjustments already drafted or
// posted for it. Terms that started in the 12 months before the run's month are looked at; one read per batch.
import { formatMoney } from '../../../shared/format/money.js';
import {
  centsText,
  invoiceNumberText,
  lineCents,
  type Proration,
} from '../../../shared/schemas/billing-run.js';
import type { Queryable } from '../../platform/records.js';
import { type DraftLine, serviceSource } from './draft-line.js';
import { addDays, dayCount, inForce, monthDays, termEnd, usDate } from './terms.js';

export type BilledRow = {
  org_id: number;
  service_id: number;
  agreement_id: number;
  agreement_number: string;
  type_id: number;
  type_name: string;
  description: string | null;
  frequency: 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'ONE_TIME';
  start: string;
  end: string | null;
  agreement_start: string;
  agreement_end: string | null;
  kind: 'RECURRING' | 'DEVICES' | 'USERS' | 'ADJUSTMENT';
  number: number | null;
  term_from: string;
  term_to: string | null;
  quantity: string;
  unit_price: string;
  amount_cents: string;
  prorate_first: number | null;
  prorate_last: number | null;
  prorate_days: number | null;
};

/**
 * The batch's recurring lines of posted invoices whose term started in the year before the month and may bill wrong
 * now (not whole, its dates changed, or adjusted before), and the adjustments of those terms on any invoice not
 * voided, of another month. A line drafted before terms were kept has its invoice's month as its term's start.
 */
const BILLED = `
  SELECT i.organization_id AS org_id, s.id AS service_id, a.id AS agreement_id, a.number AS agreement_number,
         st.id AS type_id, st.name AS type_name, s.description, s.billing_frequency AS frequency,
         to_char(s.start_date, 'YYYY-MM-DD') AS start, to_char(s.end_date, 'YYYY-MM-DD') AS "end",
         to_char(a.start_date, 'YYYY-MM-DD') AS agreement_start, to_char(a.end_date, 'YYYY-MM-DD') AS agreement_end,
         l.kind, i.number, to_char(COALESCE(l.term_from, i.period_from), 'YYYY-MM-DD') AS term_from,
         to_char(l.term_to, 'YYYY-MM-DD') AS term_to, l.quantity::text AS quantity, l.unit_price::text AS unit_price,
         l.amount_cents::text AS amount_cents, l.prorate_first, l.prorate_last, l.prorate_days
    FROM invoices i
    JOIN invoice_lines l ON l.invoice_id = i.id
    JOIN agreement_services s ON s.id = l.agreement_service_id
    JOIN agreements a ON a.id = s.agreement_id
    JOIN service_types st ON st.id = s.service_type_id
   WHERE i.organization_id = ANY($1::int[]) AND i.kind = 'INVOICE' AND i.status <> 'VOID'
     AND i.period_from >= $2::date - interval '12 months'
     AND COALESCE(l.term_from, i.period_from) >= $2::date - interval '12 months'
     AND COALESCE(l.term_from, i.period_from) < $2::date
     AND ((l.kind IN ('RECURRING', 'DEVICES', 'USERS') AND i.status = 'POSTED'
           -- A whole term whose service and agreement still run all of it is billed right, unless adjusted before.
           AND (l.term_to IS NULL OR l.prorate_days IS NOT NULL
                OR s.start_date > l.term_from OR s.end_date < l.term_to
                OR a.start_date > l.term_from OR a.end_date < l.term_to
                OR EXISTS (SELECT 1 FROM invoice_lines x JOIN invoices xi ON xi.id = x.invoice_id
                            WHERE x.kind = 'ADJUSTMENT' AND x.agreement_service_id = l.agreement_service_id
                              AND x.term_from = l.term_from AND xi.kind = 'INVOICE' AND xi.status <> 'VOID')))
          OR (l.kind = 'ADJUSTMENT' AND i.period_from <> $2::date))
   ORDER BY i.organization_id, a.number, a.id, st.name, s.start_date, s.id, COALESCE(l.term_from, i.period_from), i.id,
            l.position`;

const prorationOf = (r: BilledRow): Proration | null =>
  r.prorate_days === null ? null : { first: r.prorate_first!, last: r.prorate_last!, days: r.prorate_days };

const daysOf = (p: Proration | null, termDays: number) => (p ? p.last - p.first + 1 : termDays);

/** The term a posted line billed: kept on the line, else worked out from its proration or the service's frequency. */
function termOf(r: BilledRow): { from: string; to: string; days: number } | null {
  const from = r.term_from;
  const to =
    r.term_to ??
    (r.prorate_days !== null
      ? addDays(from, r.prorate_days - 1)
      : r.frequency === 'ONE_TIME'
        ? null
        : termEnd(from, r.frequency));
  if (!to) return null;
  return { from, to, days: dayCount(from, to) };
}

/** The adjustment of one term of one service (its lines in `rows`), or null when the term is billed right. */
export function termAdjustment(rows: BilledRow[]): DraftLine | null {
  const r = rows[0]!;
  const term = termOf(rows.find((x) => x.kind !== 'ADJUSTMENT') ?? r);
  if (!term) return null;
  const now = inForce(term.from, term.to, {
    start: r.start,
    end: r.end,
    agreementStart: r.agreement_start,
    agreementEnd: r.agreement_end,
  });
  let cents = 0n;
  let adjusted = 0n;
  const billed: string[] = [];
  for (const x of rows) {
    if (x.kind === 'ADJUSTMENT') {
      adjusted += BigInt(x.amount_cents);
      continue;
    }
    const was = prorationOf(x);
    cents +=
      (now ? lineCents(x.quantity, x.unit_price, now.proration) : 0n) -
      lineCents(x.quantity, x.unit_price, was);
    billed.push(
      `billed ${daysOf(was, term.days)} of ${term.days} days on ${invoiceNumberText('INVOICE', x.number)}`,
    );
  }
  cents -= adjusted;
  if (cents === 0n) return null;
  const name = r.description ? `${r.type_name}: ${r.description}` : r.type_name;
  const span = `${usDate(term.from)}–${usDate(term.to)}`;
  const detail = [
    `Agreement ${r.agreement_number}`,
    `Term ${span}`,
    ...billed,
    adjusted !== 0n && `adjusted before by ${formatMoney(centsText(adjusted))}`,
    now
      ? `in force ${daysOf(now.proration, term.days)} of ${term.days} days now (${usDate(now.from)}–${usDate(now.to)})`
      : 'in force on none of its days now',
  ].filter(Boolean);
  return {
    kind: 'ADJUSTMENT',
    description: `${name}, adjusted for ${span}`,
    quantity: '1.00',
    unitPrice: centsText(cents < 0n ? -cents : cents),
    amountCents: cents,
    proration: null,
    term: { from: term.from, to: term.to },
    detail: detail.join('; '),
    warning: null,
    ...serviceSource(r),
  };
}

/** The term adjustments of a batch's clients for the month `period`, by client. */
export async function termAdjustments(
  db: Queryable,
  orgIds: number[],
  period: string,
): Promise<Map<number, DraftLine[]>> {
  const { rows } = await db.query<BilledRow>(BILLED, [orgIds, monthDays(period).from]);
  const groups = new Map<string, BilledRow[]>();
  for (const r of rows) {
    const key = `${r.org_id}:${r.service_id}:${r.term_from}`;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const byOrg = new Map<number, DraftLine[]>();
  for (const group of groups.values()) {
    const line = termAdjustment(group);
    const org = group[0]!.org_id;
    if (line) byOrg.set(org, [...(byOrg.get(org) ?? []), line]);
  }
  return byOrg;
}
