// What an agreement is worth: the monthly recurring value and covered hours of the services in force on a day,
// computed in SQL numeric (exact, rounded to cents per service as `monthlyAmount` in shared/format/money.ts does).
import { sumAmounts } from '../../../shared/format/money.js';
import { type AsOf, BILLING_FREQUENCIES } from '../../../shared/schemas/agreement.js';
import { codeLabel } from '../../../shared/schemas/fields.js';
import type { Queryable } from '../../platform/records.js';

/** A service row's monthly amount (alias s). One-time charges add nothing each month. */
export const MONTHLY_SQL = `CASE s.billing_frequency
    WHEN 'MONTHLY' THEN round(s.quantity * s.unit_price, 2)
    WHEN 'QUARTERLY' THEN round(s.quantity * s.unit_price / 3, 2)
    WHEN 'ANNUAL' THEN round(s.quantity * s.unit_price / 12, 2)
    ELSE 0 END`;

/** The service (alias s) of the agreement (alias `agreement`) is in force on the date parameter: a service without
 * an end date runs until its agreement ends. */
export const inForce = (dateParam: string, agreement: string) =>
  `s.start_date <= ${dateParam} AND (s.end_date IS NULL OR s.end_date >= ${dateParam})
   AND (${agreement}.end_date IS NULL OR ${agreement}.end_date >= ${dateParam})`;

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
    `SELECT s.agreement_id, sum(${MONTHLY_SQL})::numeric(14,2)::text AS monthly,
            coalesce(sum(s.covered_hours), 0)::numeric(10,2)::text AS hours
       FROM agreement_services s JOIN agreements ag ON ag.id = s.agreement_id
      WHERE s.agreement_id = ANY($1::int[]) AND ${inForce('$2::date', 'ag')}
      GROUP BY s.agreement_id`,
    [agreementIds, isoDate],
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
  billing_frequency: string;
  start_date: string;
  end_date: string | null;
  covered_hours: string | null;
  monthly: string;
};

/**
 * The services in force on one day (MM/dd/yyyy), with their monthly amounts and the totals; null when there is no
 * such agreement. One statement: the agreement row answers "does it exist" and carries its services.
 */
export async function asOf(db: Queryable, agreementId: number, date: string): Promise<AsOf | null> {
  const { rows } = await db.query<AsOfRow>(
    `SELECT s.id, st.id AS type_id, st.name AS type_name, s.description, s.quantity::text AS quantity,
            s.unit_price::text AS unit_price, s.billing_frequency,
            to_char(s.start_date, 'MM/DD/YYYY') AS start_date, to_char(s.end_date, 'MM/DD/YYYY') AS end_date,
            s.covered_hours::text AS covered_hours, (${MONTHLY_SQL})::numeric(14,2)::text AS monthly
       FROM agreements ag
       LEFT JOIN agreement_services s
         ON s.agreement_id = ag.id AND ${inForce("to_date($2, 'MM/DD/YYYY')", 'ag')}
       LEFT JOIN service_types st ON st.id = s.service_type_id
      WHERE ag.id = $1
      ORDER BY st.name, s.start_date, s.id`,
    [agreementId, date],
  );
  if (rows.length === 0) return null;
  const services = rows.filter((r) => r.id !== null);
  return {
    date,
    services: services.map((r) => ({
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
    })),
    // Exact sums of the exact per-service amounts (BigInt hundredths), the same as SQL's.
    monthlyValue: sumAmounts(services.map((r) => r.monthly)),
    coveredHours: sumAmounts(services.flatMap((r) => (r.covered_hours ? [r.covered_hours] : []))),
  };
}
