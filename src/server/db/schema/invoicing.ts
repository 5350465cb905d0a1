// Month-end billing: a billing run per month drafts one invoice per client from its agreements, device and user
// counts, time and one-time charges; a biller reviews, approves and posts them. Posting numbers an invoice without
// gaps (invoice_counters, taken in the posting transaction) and freezes it: a trigger of the migration refuses any
// change to a posted invoice or its lines but voiding it, which makes a credit note. Money is integer cents.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { organizations, people } from './inventory.js';
import { agreementServices, agreements, serviceTypes } from './sales.js';
import { users } from './staff.js';
import { cases } from './work.js';

export const billingRuns = pgTable(
  'billing_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The first day of the month billed. */
    period: date('period').notNull(),
    /** QUEUED, RUNNING, READY (the drafts are built), FAILED. */
    status: text('status').notNull().default('QUEUED'),
    jobId: uuid('job_id'),
    /** Clients to draft and drafted so far (the progress bar). */
    clients: integer('clients').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** Cases left out because a timer still runs on them: [{ id, title }]. */
    skipped: jsonb('skipped').notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('billing_runs_period_key').on(t.period),
    // Two runs never build at once: their drafts would both claim the same cases.
    uniqueIndex('billing_runs_one_building').on(sql`(true)`).where(sql`${t.status} IN ('QUEUED', 'RUNNING')`),
    check('billing_runs_status', sql`${t.status} IN ('QUEUED', 'RUNNING', 'READY', 'FAILED')`),
    check('billing_runs_period_day', sql`extract(day FROM ${t.period}) = 1`),
    check('billing_runs_progress', sql`${t.done} >= 0 AND ${t.done} <= ${t.clients}`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    runId: integer('run_id').references(() => billingRuns.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** INVOICE or CREDIT_NOTE (made by voiding an invoice). */
    kind: text('kind').notNull().default('INVOICE'),
    /** DRAFT, APPROVED, POSTED, VOID. */
    status: text('status').notNull().default('DRAFT'),
    /** Given when posted, from invoice_counters: one gapless series per kind. */
    number: integer('number'),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    issueDate: date('issue_date'),
    dueDate: date('due_date'),
    /** The billing contact when the invoice was drafted (null: none; the invoice is addressed to the client). */
    contactId: integer('contact_id').references(() => people.id, { onDelete: 'set null' }),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    billTo: text('bill_to').notNull(),
    address: text('address'),
    /** The credit note of a void invoice points at it. */
    creditOfId: integer('credit_of_id').references((): AnyPgColumn => invoices.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedBy: integer('posted_by').references(() => users.id, { onDelete: 'set null' }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.kind, t.number),
    // One invoice per client and run besides the void ones (a credit note belongs to no run).
    uniqueIndex('invoices_run_org_key')
      .on(t.runId, t.organizationId)
      .where(sql`${t.kind} = 'INVOICE' AND ${t.status} <> 'VOID'`),
    index('invoices_run_idx').on(t.runId, t.status, t.id),
    index('invoices_org_idx').on(t.organizationId, t.periodFrom),
    check('invoices_kind', sql`${t.kind} IN ('INVOICE', 'CREDIT_NOTE')`),
    check('invoices_status', sql`${t.status} IN ('DRAFT', 'APPROVED', 'POSTED', 'VOID')`),
    check('invoices_numbered', sql`(${t.number} IS NOT NULL) = (${t.status} IN ('POSTED', 'VOID'))`),
    check('invoices_credit', sql`(${t.kind} = 'CREDIT_NOTE') = (${t.creditOfId} IS NOT NULL)`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** RECURRING, DEVICES, USERS, ADJUSTMENT, TIME, ONE_TIME, CHARGE, CREDIT (src/shared/schemas/billing-run.ts). */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    /** Signed: a credit's is negative. */
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    /** The proration (days first..last of a term of `days`), null when the line covers its whole term. */
    prorateFirst: integer('prorate_first'),
    prorateLast: integer('prorate_last'),
    prorateDays: integer('prorate_days'),
    /**
     * The term a recurring line bills, or an adjustment corrects (a quarterly service's 10/01–12/31). Null on lines
     * drafted before it was kept: their term starts with their invoice's month.
     */
    termFrom: date('term_from'),
    termTo: date('term_to'),
    /** How the line was worked out: the proration, the count's source and date, the time. */
    detail: text('detail'),
    warning: text('warning'),
    serviceTypeId: integer('service_type_id').references(() => serviceTypes.id),
    agreementId: integer('agreement_id').references(() => agreements.id),
    agreementServiceId: integer('agreement_service_id').references(() => agreementServices.id),
    caseId: integer('case_id').references(() => cases.id),
    /** TIME: the case's figures when drafted (posting checks them against the billing snapshot). */
    minutes: integer('minutes'),
    billableMinutes: integer('billable_minutes'),
    coveredMinutes: integer('covered_minutes'),
    /** The line as the run drafted it, once a biller changed it: { description, quantity, unitPrice, amount }. */
    original: jsonb('original'),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_case_idx').on(t.caseId).where(sql`${t.caseId} IS NOT NULL`),
    // A run asks whether a term posted before was adjusted since (term-adjustments.ts).
    index('invoice_lines_adjustment_idx')
      .on(t.agreementServiceId, t.termFrom)
      .where(sql`${t.kind} = 'ADJUSTMENT'`),
    check(
      'invoice_lines_kind',
      sql`${t.kind} IN ('RECURRING', 'DEVICES', 'USERS', 'ADJUSTMENT', 'TIME', 'ONE_TIME', 'CHARGE', 'CREDIT')`,
    ),
    check('invoice_lines_amounts', sql`${t.quantity} >= 0 AND ${t.unitPrice} >= 0`),
    check(
      'invoice_lines_prorate',
      sql`(${t.prorateDays} IS NULL) OR (1 <= ${t.prorateFirst} AND ${t.prorateFirst} <= ${t.prorateLast} AND ${t.prorateLast} <= ${t.prorateDays})`,
    ),
  ],
);

/** The last number given per kind of invoice: taken with a row lock in the posting transaction, so never a gap. */
export const invoiceCounters = pgTable('invoice_counters', {
  kind: text('kind').primaryKey(),
  last: integer('last').notNull().default(0),
});
