// What an agreement is worth: the monthly recurring value and covered hours of the services in force on a day, and
// the one-time charges of that day's month, computed in SQL numeric (exact, rounded to cents per service as
// `monthlyAmount` and `lineAmount` in shared/format/money.ts do).
import { type BillingFrequency, sumAmounts } from '../../../shared/format/money.js';
import { type AsOf, BILLING_FREQUENCIES } from '../../../shared/schemas/agreement.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import { prepared } from '../../db/prepared.js';
import type { Queryable } from '../../platform/records.js';

/** A service row's monthly amount (alias s). One-time charges add nothing each month. */
export const MONTHLY_SQL = `CASE s.billing_frequency
    WHEN 'MONTHLY' THEN round(s.quantity * s.unit_price, 2)
    WHEN 'QUARTERLY' THEN round(s.quantity * s.unit_price / 3, 2)
    WHEN 'ANNUAL' THEN round(s.quantity * s.unit_price / 12, 2)
    ELSE 0 END`;

/**
 * The recurring service (alias s) of the agreement (alias `agreement`) is in force on the date parameter: a service
 * without an end date runs until its agreement ends. A one-time charge is never in force: it is counted once, in the
 * month of its date (`chargedInMonth`), whatever its end date says.
 */
export const inForce = (dateParam: string, agreement: string) =>
  `s.billing_frequency <> 'ONE_TIME' AND s.start_date <= ${dateParam}
   AND (s.end_date IS NULL OR s.end_date >= ${dateParam})
   AND (${agreement}.end_date IS NULL OR ${agreement}.end_date >= ${dateParam})`;

/** The one-time charge (alias s) falls in the calendar month of the date parameter: its start date is its day. */
export const chargedInMonth = (dateParam: string) =>
  `s.billing_frequency = 'ONE_TIME' AND date_trunc('month', s.start_date) = date_trunc('month', ${dateParam})`;

export type Figures = { monthlyValue: string; coveredHours: string };

/** Figures of several agreements on one day, in one query (a list page's rows). */
export async function figuresOf(
  db: Queryable,
  agreementIds: number[],
  isoDate: string,
): Promise<Map<number, Figures>> {
  const out = new Map<number, Figures>();
  if (agreementIds.length === 0) return out;
  const { rows } = await db.query<{ agreement_id: number; monthly: string; hours: string }>(
    prepared(
      `SELECT s.agreement_id, sum(${MONTHLY_SQL})::numeric(14,2)::text AS monthly,
            coalesce(sum(s.covered_hours), 0)::numeric(10,2)::text AS hours
       FROM agreement_services s JOIN agreements ag ON ag.id = s.agreement_id
      WHERE s.agreement_id = ANY($1::int[]) AND ${inForce('$2::date', 'ag')}
      GROUP BY s.agreement_id`,
      [agreementIds, isoDate],
    ),
  );
  for (const r of rows) out.set(r.agreement_id, { monthlyValue: r.monthly, coveredHours: r.hours });
  return out;
}

type AsOfRow = {
  id: number | null;
  type_id: number;
  type_name: string;
  description: string | null;
  quantity: string;
  unit_price: string;
  billing_frequency: BillingFrequency;
  start_date: string;
  end_date: string | null;
  covered_hours: string | null;
  monthly: string;
  amount: string;
};

/**
 * The services in force on one day (MM/dd/yyyy), with their monthly amounts and the totals, and the one-time charges
 * of that day's month with theirs; null when there is no such agreement. One statement: the agreement row answers
 * "does it exist" and carries its services.
 */
export async function asOf(db: Queryable, agreementId: number, date: string): Promise<AsOf | null> {
  const { rows } = await db.query<AsOfRow>(
    prepared(
      `SELECT s.id, st.id AS type_id, st.name AS type_name, s.description, s.quantity::text AS quantity,
            s.unit_price::text AS unit_price, s.billing_frequency,
            to_char(s.start_date, 'MM/DD/YYYY') AS start_date, to_char(s.end_date, 'MM/DD/YYYY') AS end_date,
            s.covered_hours::text AS covered_hours, (${MONTHLY_SQL})::numeric(14,2)::text AS monthly,
            round(s.quantity * s.unit_price, 2)::numeric(14,2)::text AS amount
       FROM agreements ag
       LEFT JOIN agreement_services s
         ON s.agreement_id = ag.id
        AND ((${inForce("to_date($2, 'MM/DD/YYYY')", 'ag')}) OR (${chargedInMonth("to_date($2, 'MM/DD/YYYY')")}))
       LEFT JOIN service_types st ON st.id = s.service_type_id
      WHERE ag.id = $1
      ORDER BY st.name, s.start_date, s.id`,
      [agreementId, date],
    ),
  );
  if (rows.length === 0) return null;
  const present = (r: AsOfRow) => ({
    id: r.id as number,
    serviceType: { value: r.type_id, label: r.type_name },
    description: r.description,
    quantity: r.quantity,
    unitPrice: r.unit_price,
    billingFrequency: {
      value: r.billing_frequency,
      label: codeLabel(BILLING_FREQUENCIES, r.billing_frequency) ?? r.billing_frequency,
    },
    startDate: r.start_date,
    endDate: r.end_date,
    coveredHours: r.covered_hours,
    monthly: r.monthly,
    amount: r.amount,
  });
  const services = rows.filter((r) => r.id !== null && r.billing_frequency !== 'ONE_TIME');
  const charges = rows.filter((r) => r.id !== null && r.billing_frequency === 'ONE_TIME');
  return {
    date,
    services: services.map(present),
    // Exact sums of the exact per-service amounts (BigInt hundredths), the same as SQL's.
    monthlyValue: sumAmounts(services.map((r) => r.monthly)),
    coveredHours: sumAmounts(services.flatMap((r) => (r.covered_hours ? [r.covered_hours] : []))),
    oneTimeCharges: charges.map(present),
    oneTime: sumAmounts(charges.map((r) => r.amount)),
  };
}
