// The lines a month bills a batch of clients, read in six statements whatever the batch's size (services, counts,
// time, block hours, contacts, terms posted before) and put together here: recurring services by their terms
// (prorated by day), services billed per device or per user with the count as of the month's last day, adjustments
// of terms posted before whose service's dates changed since (term-adjustments.ts), one-time charges dated in the
// month, and time and materials per case not billed yet from the kept figures of the bill list (wip_days, brought up
// to date first).
// Every amount is rounded once, per line (lineCents); the invoice's total is the sum of its lines.
import { formatHours } from '../../../shared/format/figures.js';
import { formatMoney, formatQuantity, toHundredths } from '../../../shared/format/money.js';
import { pathFor } from '../../../shared/routes/index.js';
import {
  type LineKind,
  lineCents,
  NO_CONTACT,
  noDevices,
  noPrice,
  noUsers,
  type Proration,
  periodLabel,
} from '../../../shared/schemas/billing-run.js';
import type { Queryable } from '../../platform/records.js';
import { type VirtualDevices, virtualCondition } from '../rmm-settings/index.js';
import { type DraftLine, serviceSource } from './draft-line.js';
import { termAdjustments } from './term-adjustments.js';
import { monthDays, termLine, usDate } from './terms.js';

export type { DraftLine };

export type DraftInvoice = {
  organizationId: number;
  billTo: string;
  address: string | null;
  contactId: number | null;
  contactName: string | null;
  contactEmail: string | null;
  lines: DraftLine[];
};

export type DraftContext = {
  /** "YYYY-MM". */
  period: string;
  timeZone: string;
  virtual: VirtualDevices;
};

/** A case left out of the month: a timer still runs on it. */
export type SkippedCase = { id: number; title: string };

type ServiceRow = {
  org_id: number;
  agreement_id: number;
  agreement_number: string;
  service_id: number;
  type_id: number;
  type_name: string;
  billed_per: 'DEVICE' | 'USER' | null;
  block_hours: boolean;
  description: string | null;
  quantity: string;
  unit_price: string;
  frequency: 'MONTHLY' | 'QUARTERLY' | 'ANNUAL' | 'ONE_TIME';
  start: string;
  end: string | null;
  agreement_start: string;
  agreement_end: string | null;
  covered_hours: string | null;
};

/** Services of the batch's agreements that may bill in the month (recurring ones in force, one-time ones dated in it). */
const SERVICES = `
  SELECT a.organization_id AS org_id, a.id AS agreement_id, a.number AS agreement_number, s.id AS service_id,
         st.id AS type_id, st.name AS type_name, st.billed_per, st.block_hours, s.description,
         s.quantity::text AS quantity, s.unit_price::text AS unit_price, s.billing_frequency AS frequency,
         to_char(s.start_date, 'YYYY-MM-DD') AS start, to_char(s.end_date, 'YYYY-MM-DD') AS "end",
         to_char(a.start_date, 'YYYY-MM-DD') AS agreement_start, to_char(a.end_date, 'YYYY-MM-DD') AS agreement_end,
         s.covered_hours::text AS covered_hours
    FROM agreements a
    JOIN agreement_services s ON s.agreement_id = a.id
    JOIN service_types st ON st.id = s.service_type_id
   WHERE a.organization_id = ANY($1::int[])
     AND ((s.billing_frequency = 'ONE_TIME' AND s.start_date BETWEEN $2::date AND $3::date)
          OR (s.billing_frequency <> 'ONE_TIME' AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)
              AND s.start_date <= $3::date AND a.start_date <= $3::date
              AND (s.end_date IS NULL OR s.end_date >= $2::date) AND (a.end_date IS NULL OR a.end_date >= $2::date)))
   ORDER BY a.organization_id, a.number, a.id, st.name, s.start_date, s.id`;

/**
 * Devices and people of the batch's clients as of the month's last day: created by then and active then (the first
 * change of Active after that day says what it was; none, it is what it is now), devices not virtual by the RMM
 * settings.
 */
function countsSql(virtual: string): string {
  const activeAt = (entity: string, alias: string) => `COALESCE((
      SELECT h.old_value = 'Yes' FROM field_history h
       WHERE h.entity = '${entity}' AND h.entity_id = ${alias}.id AND h.field = 'active' AND h.at >= $3::timestamptz
       ORDER BY h.id LIMIT 1), ${alias}.active)`;
  return `
  SELECT o.id AS org_id,
         (SELECT count(*)::int FROM equipment e
           WHERE e.organization_id = o.id AND e.created_at < $3::timestamptz AND ${activeAt('equipment', 'e')}
             AND NOT ((${virtual}) IS TRUE)) AS devices,
         (SELECT count(*)::int FROM people p
           WHERE p.organization_id = o.id AND p.created_at < $3::timestamptz AND ${activeAt('person', 'p')}) AS users
    FROM organizations o WHERE o.id = ANY($1::int[]) AND o.id = ANY($2::int[])`;
}

type CountRow = { org_id: number; devices: number; users: number };

type TimeRow = {
  org_id: number;
  case_id: number;
  title: string;
  minutes: number;
  billable: number;
  covered: number;
  amount: string;
  rate: string | null;
  /** [multiplier, billable minutes] of the case's time at a multiplier other than 1. */
  multis: [string, number][] | null;
  running: boolean;
};

/**
 * Cases of the batch not billed yet with finished time on or before the month's last day: all their time (a case is
 * billed whole, as Mark Billed bills it), from the kept figures. A case with a timer running is reported, not billed.
 */
const TIME = `
  WITH k AS (
    SELECT d.org_id, d.case_id, d.multi, d.rate, sum(d.minutes)::int AS minutes, sum(d.billable)::int AS billable,
           sum(d.covered)::int AS covered, sum(d.amount) AS amount, min(d.work_date) AS first_date
      FROM wip_days d WHERE d.org_id = ANY($1::int[])
     GROUP BY d.org_id, d.case_id, d.multi, d.rate)
  SELECT k.org_id, k.case_id, c.title, sum(k.minutes)::int AS minutes, sum(k.billable)::int AS billable,
         sum(k.covered)::int AS covered, sum(k.amount)::numeric(14,2)::text AS amount,
         CASE WHEN min(k.rate) FILTER (WHERE k.billable > k.covered) = max(k.rate) FILTER (WHERE k.billable > k.covered)
              THEN (min(k.rate) FILTER (WHERE k.billable > k.covered))::text END AS rate,
         json_agg(json_build_array(k.multi::text, k.billable) ORDER BY k.multi) FILTER (WHERE k.multi <> 1) AS multis,
         EXISTS (SELECT 1 FROM tasks t JOIN slips s ON s.task_id = t.id
                  WHERE t.case_id = k.case_id AND s.stop_time IS NULL) AS running
    FROM k JOIN cases c ON c.id = k.case_id AND c.billed_at IS NULL
   GROUP BY k.org_id, k.case_id, c.title
  HAVING min(k.first_date) <= $2::date
   ORDER BY k.org_id, k.case_id`;

type BlockRow = { org_id: number; used: number; covered: number };

/** Billable minutes of the month at a multiplier, and the block minutes that covered them, billed or not. */
const BLOCK_USE = `
  SELECT x.org_id, sum(x.used)::int AS used, sum(x.covered)::int AS covered FROM (
    SELECT d.org_id, d.billable AS used, d.covered FROM wip_days d
     WHERE d.org_id = ANY($1::int[]) AND d.work_date BETWEEN $2::date AND $3::date AND d.multi > 0
    UNION ALL
    SELECT b.organization_id, b.billable_minutes, b.covered_minutes FROM billed_slips b
     WHERE b.organization_id = ANY($1::int[]) AND b.work_date BETWEEN $2::date AND $3::date
       AND b.multiplier > 0) x
   GROUP BY x.org_id`;

type ContactRow = {
  org_id: number;
  name: string;
  address: string | null;
  contact_id: number | null;
  contact_name: string | null;
  contact_email: string | null;
};

/** The billing contact: of the client's agreement in force in the month first by number, else its primary contact. */
const CONTACTS = `
  SELECT o.id AS org_id, o.name, o.address, p.id AS contact_id, p.first_name || ' ' || p.last_name AS contact_name,
         p.email AS contact_email
    FROM organizations o
    LEFT JOIN LATERAL (
      SELECT a.billing_contact_id AS id FROM agreements a
       WHERE a.organization_id = o.id AND a.billing_contact_id IS NOT NULL AND a.start_date <= $3::date
         AND (a.end_date IS NULL OR a.end_date >= $2::date) AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)
       ORDER BY a.number, a.id LIMIT 1) bc ON true
    LEFT JOIN people p ON p.id = COALESCE(bc.id, o.primary_contact_id)
   WHERE o.id = ANY($1::int[])`;

const serviceName = (r: ServiceRow) => (r.description ? `${r.type_name}: ${r.description}` : r.type_name);
const agreementSource = (r: ServiceRow) => `Agreement ${r.agreement_number}`;

function prorationText(from: string, to: string, p: Proration | null): string | null {
  if (!p) return null;
  const days = p.last - p.first + 1;
  return `Prorated: ${usDate(from)}–${usDate(to)}, ${days} of ${p.days} days`;
}

const FREQUENCY_WORD = { MONTHLY: null, QUARTERLY: 'Quarterly', ANNUAL: 'Annual' } as const;

/** A recurring service's line for the month (its quantity counted for per-device and per-user services). */
function serviceLine(r: ServiceRow, ctx: DraftContext, counts: CountRow | undefined): DraftLine | null {
  if (r.frequency === 'ONE_TIME') {
    return {
      ...serviceSource(r),
      kind: 'ONE_TIME',
      description: serviceName(r),
      quantity: r.quantity,
      unitPrice: r.unit_price,
      amountCents: lineCents(r.quantity, r.unit_price, null),
      proration: null,
      term: null,
      detail: `${agreementSource(r)}, dated ${usDate(r.start)}`,
      warning: toHundredths(r.unit_price) === 0n ? noPrice(r.type_name) : null,
    };
  }
  const term = termLine(
    {
      frequency: r.frequency,
      start: r.start,
      end: r.end,
      agreementStart: r.agreement_start,
      agreementEnd: r.agreement_end,
    },
    ctx.period,
  );
  if (!term) return null;
  const end = usDate(monthDays(ctx.period).to);
  const perUnit = r.billed_per === 'DEVICE' ? 'DEVICES' : r.billed_per === 'USER' ? 'USERS' : null;
  const counted =
    perUnit === 'DEVICES' ? (counts?.devices ?? 0) : perUnit === 'USERS' ? (counts?.users ?? 0) : null;
  const quantity = counted === null ? r.quantity : `${counted}.00`;
  const parts = [
    agreementSource(r),
    FREQUENCY_WORD[r.frequency] &&
      `${FREQUENCY_WORD[r.frequency]}: ${usDate(term.termFrom)}–${usDate(term.termTo)}`,
    counted !== null &&
      `${counted} ${perUnit === 'DEVICES' ? 'active devices, virtual ones excluded' : 'active users'} as of ${end} (the agreement says ${formatQuantity(r.quantity)})`,
    prorationText(term.from, term.to, term.proration),
  ].filter(Boolean);
  const warning =
    toHundredths(r.unit_price) === 0n
      ? noPrice(r.type_name)
      : counted === 0
        ? perUnit === 'DEVICES'
          ? noDevices(end)
          : noUsers(end)
        : null;
  return {
    ...serviceSource(r),
    kind: perUnit ?? 'RECURRING',
    description: serviceName(r),
    quantity,
    unitPrice: r.unit_price,
    amountCents: lineCents(quantity, r.unit_price, term.proration),
    proration: term.proration,
    term: { from: term.termFrom, to: term.termTo },
    detail: parts.join('; '),
    warning,
  };
}

/** "6:30 worked → 7:00 billable; 4:00 by block hours; 3:00 at $95.00/h; 1.5× on 1:30". */
function timeDetail(r: TimeRow): string {
  const charged = r.billable - r.covered;
  const parts = [`${formatHours(r.minutes)} worked → ${formatHours(r.billable)} billable`];
  if (r.covered > 0) parts.push(`${formatHours(r.covered)} by block hours`);
  if (charged > 0)
    parts.push(`${formatHours(charged)} at ${r.rate ? `${formatMoney(r.rate)}/h` : 'several rates'}`);
  for (const [multi, billable] of r.multis ?? [])
    parts.push(
      Number(multi) === 0
        ? `no charge on ${formatHours(billable)}`
        : `${Number(multi)}× on ${formatHours(billable)}`,
    );
  return parts.join('; ');
}

function timeLine(r: TimeRow): DraftLine {
  return {
    kind: 'TIME',
    description: `#${r.case_id} ${r.title}`,
    quantity: '1.00',
    unitPrice: r.amount,
    amountCents: toHundredths(r.amount),
    proration: null,
    term: null,
    detail: timeDetail(r),
    warning: null,
    serviceTypeId: null,
    agreementId: null,
    agreementServiceId: null,
    caseId: r.case_id,
    minutes: r.minutes,
    billableMinutes: r.billable,
    coveredMinutes: r.covered,
  };
}

/** Covered minutes of a block-hours service in the month, as the bill list covers them (rounded down). */
function coveredMinutes(r: ServiceRow, ctx: DraftContext): number {
  const term = termLine(
    {
      frequency: 'MONTHLY',
      start: r.start,
      end: r.end,
      agreementStart: r.agreement_start,
      agreementEnd: r.agreement_end,
    },
    ctx.period,
  );
  if (!term || !r.covered_hours) return 0;
  const [days, length] = term.proration
    ? [term.proration.last - term.proration.first + 1, term.proration.days]
    : [1, 1];
  // hours × quantity × 60 × days / month days, in hundredths throughout (exact), then rounded down.
  const scaled = toHundredths(r.covered_hours) * toHundredths(r.quantity) * 60n * BigInt(days);
  return Number(scaled / (10_000n * BigInt(length)));
}

/** The block-hours note of a client's block-hours line: covered, used and over in the month. */
function blockNote(covered: number, use: BlockRow | undefined, period: string): string {
  const used = use?.used ?? 0;
  const over = Math.max(0, used - (use?.covered ?? 0));
  const overText =
    over > 0 ? `, ${formatHours(over)} over (charged on the cases below at the block-hours rate)` : '';
  return `Block hours in ${periodLabel(period)}: ${formatHours(covered)} covered, ${formatHours(used)} used${overText}`;
}

/**
 * The draft invoices of the clients `orgIds` for the month (those with nothing to bill get none), and the cases left
 * out because a timer still runs on them. Reads only; the caller writes.
 */
export async function draftInvoices(
  db: Queryable,
  orgIds: number[],
  ctx: DraftContext,
): Promise<{ invoices: DraftInvoice[]; skipped: SkippedCase[] }> {
  const { from, to } = monthDays(ctx.period);
  const { rows: services } = await db.query<ServiceRow>(SERVICES, [orgIds, from, to]);
  const counted = [
    ...new Set(services.filter((s) => s.billed_per && s.frequency !== 'ONE_TIME').map((s) => s.org_id)),
  ];
  const virtual = virtualCondition('e', ctx.virtual, 4);
  const endInstant = await periodEnd(db, to, ctx.timeZone);
  // One after another: the reader may be a transaction's one connection.
  const counts = counted.length
    ? await db.query<CountRow>(countsSql(virtual.condition), [orgIds, counted, endInstant, ...virtual.params])
    : { rows: [] as CountRow[] };
  const time = await db.query<TimeRow>(TIME, [orgIds, to]);
  const block = services.some((s) => s.block_hours)
    ? await db.query<BlockRow>(BLOCK_USE, [orgIds, from, to])
    : { rows: [] as BlockRow[] };
  const contacts = await db.query<ContactRow>(CONTACTS, [orgIds, from, to]);
  const adjustments = await termAdjustments(db, orgIds, ctx.period);
  const countOf = new Map(counts.rows.map((r) => [r.org_id, r]));
  const blockOf = new Map(block.rows.map((r) => [r.org_id, r]));
  const byOrg = new Map<number, DraftLine[]>();
  const add = (org: number, line: DraftLine) => byOrg.set(org, [...(byOrg.get(org) ?? []), line]);
  const blockLines = new Map<number, { line: DraftLine; covered: number }>();
  for (const s of services) {
    const line = serviceLine(s, ctx, countOf.get(s.org_id));
    if (!line) continue;
    add(s.org_id, line);
    if (s.block_hours && s.covered_hours) {
      const prior = blockLines.get(s.org_id);
      blockLines.set(s.org_id, {
        line: prior?.line ?? line,
        covered: (prior?.covered ?? 0) + coveredMinutes(s, ctx),
      });
    }
  }
  for (const [org, { line, covered }] of blockLines)
    line.detail = [line.detail, blockNote(covered, blockOf.get(org), ctx.period)].filter(Boolean).join('; ');
  for (const [org, lines] of adjustments) for (const line of lines) add(org, line);
  const skipped: SkippedCase[] = [];
  for (const r of time.rows) {
    if (r.running) skipped.push({ id: r.case_id, title: `#${r.case_id} ${r.title}` });
    else add(r.org_id, timeLine(r));
  }
  const invoices: DraftInvoice[] = [];
  for (const c of contacts.rows) {
    const lines = byOrg.get(c.org_id);
    if (!lines?.length) continue;
    invoices.push({
      organizationId: c.org_id,
      billTo: c.name,
      address: c.address,
      contactId: c.contact_id,
      contactName: c.contact_name,
      contactEmail: c.contact_email,
      lines: sortLines(lines),
    });
  }
  invoices.sort((a, b) => a.organizationId - b.organizationId);
  return { invoices, skipped };
}

const KIND_ORDER: LineKind[] = [
  'RECURRING',
  'DEVICES',
  'USERS',
  'ADJUSTMENT',
  'ONE_TIME',
  'TIME',
  'CHARGE',
  'CREDIT',
];
/** Kind by kind; within a kind, in the order read (agreement, service type, start; case number). */
const sortLines = (lines: DraftLine[]) =>
  lines
    .map((line, i) => ({ line, i }))
    .sort((a, b) => KIND_ORDER.indexOf(a.line.kind) - KIND_ORDER.indexOf(b.line.kind) || a.i - b.i)
    .map((x) => x.line);

/** The instant the month's last day ends in the company's time zone. */
async function periodEnd(db: Queryable, lastDay: string, timeZone: string): Promise<string> {
  const { rows } = await db.query<{ at: Date }>(`SELECT (($1::date + 1)::timestamp AT TIME ZONE $2) AS at`, [
    lastDay,
    timeZone,
  ]);
  return rows[0]!.at.toISOString();
}

/** Warnings of an invoice as a whole (the lines carry their own). */
export const invoiceWarnings = (invoice: Pick<DraftInvoice, 'contactId'>) =>
  invoice.contactId ? [] : [NO_CONTACT];

/** The page a line's source is shown on. */
export function sourceHref(line: {
  kind: LineKind;
  agreement_id: number | null;
  case_id: number | null;
  organization_id: number;
}): string | null {
  if (line.kind === 'DEVICES') return pathFor('organization_equipment', { id: line.organization_id });
  if (line.kind === 'USERS') return pathFor('organization_people', { id: line.organization_id });
  if (line.case_id) return pathFor('case_basics', { caseId: line.case_id });
  if (line.agreement_id) return pathFor('agreement_basics', { id: line.agreement_id });
  return null;
}
