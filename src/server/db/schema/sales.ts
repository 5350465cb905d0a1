// Agreements (what a customer pays for and what work is covered): services, amendments and their service
// changes, documents, the activity timeline, and the admin lists they draw on (service and amendment types).
// Opportunities (possible sales): proposals and their lines, documents, the activity timeline; a won one is linked
// to the agreement it became, both ways.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { organizations, outages, people } from './inventory.js';
import { files } from './platform.js';
import { users } from './staff.js';

export const serviceTypes = pgTable(
  'service_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    // Block hours: services of this type carry covered hours per month.
    blockHours: boolean('block_hours').notNull().default(false),
    // What one unit of the service is counted by at the annual update: a device, a user, or nothing counted.
    billedPer: text('billed_per'),
    active: boolean('active').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('service_types_name_key').on(t.name),
    check('service_types_billed_per_check', sql`${t.billedPer} IN ('DEVICE', 'USER')`),
  ],
);

export const amendmentTypes = pgTable(
  'amendment_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('amendment_types_name_key').on(t.name)],
);

export const agreements = pgTable(
  'agreements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('OPEN'),
    type: text('type').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    renewalDate: date('renewal_date'),
    termMonths: integer('term_months'),
    billingContactId: integer('billing_contact_id').references(() => people.id, { onDelete: 'set null' }),
    accountManagerId: integer('account_manager_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
    // The won opportunity this agreement was created from.
    opportunityId: integer('opportunity_id').references((): AnyPgColumn => opportunities.id, {
      onDelete: 'set null',
    }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('agreements_number_key').on(sql`lower(${t.number})`),
    index('agreements_number_idx').on(t.number, t.id),
    index('agreements_org_number_idx').on(t.organizationId, t.number, t.id),
    index('agreements_status_number_idx').on(t.status, t.number, t.id),
    index('agreements_title_idx').on(t.title, t.id),
    index('agreements_renewal_idx').on(t.renewalDate, t.id),
  ],
);

export const agreementServices = pgTable(
  'agreement_services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    serviceTypeId: integer('service_type_id')
      .notNull()
      .references(() => serviceTypes.id),
    description: text('description'),
    // Money and quantities are exact decimals, never floats.
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    billingFrequency: text('billing_frequency').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    coveredHours: numeric('covered_hours', { precision: 8, scale: 2 }),
    // The service this one continues (an amendment changed its quantity or price from the start date on).
    replacesId: integer('replaces_id'),
    /** Billable-time rounding of slips this service covers; null = the organization's rule or the default. */
    roundingMinimum: integer('rounding_minimum'),
    roundingIncrement: integer('rounding_increment'),
    ...stamps(),
  },
  (t) => [
    index('agreement_services_agreement_idx').on(t.agreementId, t.startDate, t.id),
    index('agreement_services_type_idx').on(t.serviceTypeId, t.agreementId),
    check('agreement_services_dates', sql`${t.endDate} IS NULL OR ${t.endDate} >= ${t.startDate}`),
    check('agreement_services_amounts', sql`${t.quantity} >= 0 AND ${t.unitPrice} >= 0`),
    check(
      'agreement_services_rounding_check',
      sql`(${t.roundingMinimum} IS NULL OR ${t.roundingMinimum} BETWEEN 0 AND 480) AND (${t.roundingIncrement} IS NULL OR ${t.roundingIncrement} BETWEEN 1 AND 60)`,
    ),
  ],
);

export const agreementDocuments = pgTable(
  'agreement_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    signedDate: date('signed_date'),
    fileId: integer('file_id').references(() => files.id),
    notes: text('notes'),
    ...stamps(),
  },
  (t) => [index('agreement_documents_agreement_idx').on(t.agreementId, t.id)],
);

export const amendments = pgTable(
  'amendments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    number: text('number').notNull(),
    amendmentTypeId: integer('amendment_type_id')
      .notNull()
      .references(() => amendmentTypes.id),
    effectiveDate: date('effective_date').notNull(),
    status: text('status').notNull().default('DRAFT'),
    description: text('description'),
    // The signed copy, when the sales settings ask for one before signing.
    documentId: integer('document_id').references(() => agreementDocuments.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('amendments_number_key').on(sql`lower(${t.number})`),
    index('amendments_agreement_idx').on(t.agreementId, t.effectiveDate, t.id),
  ],
);

/** One service change of an amendment: add a service, change a quantity or price, or end a service. */
export const amendmentChanges = pgTable(
  'amendment_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    amendmentId: integer('amendment_id')
      .notNull()
      .references(() => amendments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    // CHANGE and END: the service changed; ADD: the service the signing created.
    serviceId: integer('service_id').references(() => agreementServices.id, { onDelete: 'set null' }),
    serviceTypeId: integer('service_type_id').references(() => serviceTypes.id),
    description: text('description'),
    quantity: numeric('quantity', { precision: 12, scale: 2 }),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }),
    billingFrequency: text('billing_frequency'),
    coveredHours: numeric('covered_hours', { precision: 8, scale: 2 }),
    // What the service was when the amendment was signed (the before side of its before/after table).
    beforeQuantity: numeric('before_quantity', { precision: 12, scale: 2 }),
    beforeUnitPrice: numeric('before_unit_price', { precision: 12, scale: 2 }),
    // CHANGE: the continuing service the signing created.
    resultServiceId: integer('result_service_id').references(() => agreementServices.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('amendment_changes_amendment_idx').on(t.amendmentId, t.position)],
);

export const opportunities = pgTable(
  'opportunities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    // The stage's id in the opportunity settings; outcome (OPEN, WON, LOST) is the stage's, kept here for filters.
    stageId: integer('stage_id').notNull(),
    outcome: text('outcome').notNull().default('OPEN'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull().default('0'),
    probability: integer('probability').notNull(),
    closeDate: date('close_date'),
    source: text('source'),
    lostReason: text('lost_reason'),
    notes: text('notes'),
    outageId: integer('outage_id').references(() => outages.id, { onDelete: 'set null' }),
    agreementId: integer('agreement_id').references((): AnyPgColumn => agreements.id, {
      onDelete: 'set null',
    }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('opportunities_number_key').on(sql`lower(${t.number})`),
    index('opportunities_number_idx').on(t.number, t.id),
    index('opportunities_org_number_idx').on(t.organizationId, t.number, t.id),
    // The list's default sort: the close date as days since 1970, none last (the key the keyset cursor carries).
    index('opportunities_outcome_close_idx').on(
      t.outcome,
      sql`coalesce(${t.closeDate} - DATE '1970-01-01', 2147483647)`,
      t.id,
    ),
    index('opportunities_close_idx').on(sql`coalesce(${t.closeDate} - DATE '1970-01-01', 2147483647)`, t.id),
    index('opportunities_title_idx').on(t.title, t.id),
    index('opportunities_amount_idx').on(t.amount, t.id),
    index('opportunities_owner_idx').on(t.ownerId),
    index('opportunities_stage_idx').on(t.stageId),
    index('opportunities_outage_idx').on(t.outageId),
    check('opportunities_probability', sql`${t.probability} BETWEEN 0 AND 100`),
    check('opportunities_amount', sql`${t.amount} >= 0`),
  ],
);

export const proposals = pgTable(
  'proposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('DRAFT'),
    validUntil: date('valid_until'),
    // Rich text (SPEC §9 formats), sanitized on save.
    terms: text('terms'),
    copiedFromId: integer('copied_from_id').references((): AnyPgColumn => proposals.id, {
      onDelete: 'set null',
    }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('proposals_number_key').on(sql`lower(${t.number})`),
    index('proposals_opportunity_idx').on(t.opportunityId, t.id),
    index('proposals_title_idx').on(t.title, t.id),
  ],
);

/** One line of a proposal: a service type or free text, quantity, unit price, one-time or monthly. */
export const proposalLines = pgTable(
  'proposal_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    serviceTypeId: integer('service_type_id').references(() => serviceTypes.id),
    description: text('description'),
    quantity: numeric('quantity', { precision: 12, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    recurrence: text('recurrence').notNull(),
  },
  (t) => [
    index('proposal_lines_proposal_idx').on(t.proposalId, t.position),
    check('proposal_lines_amounts', sql`${t.quantity} >= 0 AND ${t.unitPrice} >= 0`),
    check('proposal_lines_what', sql`${t.serviceTypeId} IS NOT NULL OR ${t.description} IS NOT NULL`),
  ],
);

export const opportunityDocuments = pgTable(
  'opportunity_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    signedDate: date('signed_date'),
    fileId: integer('file_id').references(() => files.id),
    notes: text('notes'),
    ...stamps(),
  },
  (t) => [index('opportunity_documents_opportunity_idx').on(t.opportunityId, t.id)],
);

/**
 * The timeline of an agreement or of an opportunity (exactly one of the two): what happened and notes. One table for
 * both kinds of record; each keeps its own foreign key, so deleting the record deletes its timeline.
 */
export const activities = pgTable(
  'activities',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id').references(() => agreements.id, { onDelete: 'cascade' }),
    opportunityId: integer('opportunity_id').references(() => opportunities.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('activities_one_parent', sql`num_nonnulls(${t.agreementId}, ${t.opportunityId}) = 1`),
    index('activities_agreement_idx').on(t.agreementId, t.at, t.id).where(sql`${t.agreementId} IS NOT NULL`),
    index('activities_opportunity_idx')
      .on(t.opportunityId, t.at, t.id)
      .where(sql`${t.opportunityId} IS NOT NULL`),
  ],
);
