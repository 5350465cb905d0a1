// What was billed: marking a case billed stores its priced lines (one per finished slip) and its amount, so a later
// change of a rate, a service or a rounding rule never changes a billed case's figures. Undo Billing deletes them.
// Money is numeric with 2 decimals; each line is rounded to the cent and the case's amount is the sum of its lines.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './inventory.js';
import { invoices } from './invoicing.js';
import { users } from './staff.js';
import { cases, slips, tasks } from './work.js';

/** The billed case: its totals when it was billed (the sums of its lines) and the default rate then. */
export const billedCases = pgTable(
  'billed_cases',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => cases.id),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    minutes: integer('minutes').notNull(),
    billableMinutes: integer('billable_minutes').notNull(),
    coveredMinutes: integer('covered_minutes').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The billing settings' default hourly rate the lines without a block-hour rate were priced at. */
    defaultRate: numeric('default_rate', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The posted invoice that billed the case (null: Mark Billed); Undo Billing leaves such a case alone. */
    invoiceId: integer('invoice_id').references(() => invoices.id),
  },
  (t) => [
    check(
      'billed_cases_figures',
      sql`${t.minutes} >= 0 AND ${t.billableMinutes} >= ${t.coveredMinutes} AND ${t.coveredMinutes} >= 0 AND ${t.amount} >= 0`,
    ),
  ],
);

/** A billed slip: its minutes, the rule that rounded them, the block minutes that covered them, its rate and amount. */
export const billedSlips = pgTable(
  'billed_slips',
  {
    slipId: integer('slip_id')
      .primaryKey()
      .references(() => slips.id),
    caseId: integer('case_id')
      .notNull()
      .references(() => billedCases.caseId, { onDelete: 'cascade' }),
    /** The organization whose block hours covered it (the case's when it was billed). */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    workDate: date('work_date').notNull(),
    /** Actual minutes worked. */
    minutes: integer('minutes').notNull(),
    /** Rounded by the rule, times the multiplier. */
    billableMinutes: integer('billable_minutes').notNull(),
    multiplier: numeric('multiplier', { precision: 3, scale: 1 }).notNull(),
    /** Billable minutes the organization's block hours covered. */
    coveredMinutes: integer('covered_minutes').notNull(),
    /** The hourly rate of the rest. */
    rate: numeric('rate', { precision: 12, scale: 2 }).notNull(),
    roundingMinimum: integer('rounding_minimum').notNull(),
    roundingIncrement: integer('rounding_increment').notNull(),
    /** DEFAULT, ORGANIZATION or SERVICE (src/shared/rounding.ts). */
    roundingSource: text('rounding_source').notNull(),
    /** The agreement service's name when the rule was its. */
    roundingService: text('rounding_service'),
    /** "Acme Corp agreement service Block Hours", "Acme Corp", "default". */
    roundingLabel: text('rounding_label').notNull(),
    /** (billable − covered) minutes at the rate, rounded to the cent. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    check('billed_slips_source', sql`${t.roundingSource} IN ('DEFAULT', 'ORGANIZATION', 'SERVICE')`),
    check(
      'billed_slips_figures',
      sql`${t.minutes} >= 0 AND ${t.billableMinutes} >= ${t.coveredMinutes} AND ${t.coveredMinutes} >= 0 AND ${t.amount} >= 0`,
    ),
    index('billed_slips_case_idx').on(t.caseId, t.workDate),
    // The block hours billed cases already used, per organization and month (the bill list reserves them).
    index('billed_slips_covered_idx').on(t.organizationId, t.workDate).where(sql`${t.coveredMinutes} > 0`),
  ],
);
