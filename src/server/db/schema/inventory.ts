// Customers and what they own: organizations, people, equipment, software, systems; outages and their pick lists.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { users } from './staff.js';

export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    shortCode: text('short_code'),
    salesStatus: text('sales_status'),
    vendorStatus: text('vendor_status'),
    active: boolean('active').notNull().default(true),
    rmmPlan: text('rmm_plan'),
    phone: text('phone'),
    website: text('website'),
    address: text('address'),
    federalTaxId: text('federal_tax_id'),
    duns: text('duns'),
    accountManagerId: integer('account_manager_id').references(() => users.id, { onDelete: 'set null' }),
    // A person of this organization; the foreign key is added with the people table (circular reference).
    primaryContactId: integer('primary_contact_id'),
    notes: text('notes'),
    /** Billable-time rounding for this organization's slips (null = the default, src/shared/rounding.ts). */
    roundingMinimum: integer('rounding_minimum'),
    roundingIncrement: integer('rounding_increment'),
    ...stamps(),
  },
  (t) => [
    check(
      'organizations_rounding_check',
      sql`(${t.roundingMinimum} IS NULL OR ${t.roundingMinimum} BETWEEN 0 AND 480) AND (${t.roundingIncrement} IS NULL OR ${t.roundingIncrement} BETWEEN 1 AND 60)`,
    ),
    uniqueIndex('organizations_short_code_key').on(t.shortCode),
    index('organizations_name_idx').on(t.name, t.id),
    index('organizations_active_name_idx').on(t.active, t.name, t.id),
    index('organizations_rmm_name_idx').on(t.rmmPlan, t.name, t.id),
    index('organizations_status_name_idx').on(t.salesStatus, t.name, t.id),
  ],
);

export const people = pgTable(
  'people',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title'),
    email: text('email'),
    phone: text('phone'),
    mobile: text('mobile'),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    ...stamps(),
  },
  (t) => [
    index('people_name_idx').on(t.lastName, t.firstName, t.id),
    index('people_org_name_idx').on(t.organizationId, t.lastName, t.firstName, t.id),
  ],
);

export const deviceCategories = pgTable(
  'device_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('device_categories_name_key').on(t.name)],
);

export const deviceStatuses = pgTable(
  'device_statuses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('device_statuses_name_key').on(t.name)],
);

export const equipment = pgTable(
  'equipment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => deviceCategories.id),
    statusId: integer('status_id').references(() => deviceStatuses.id),
    manufacturer: text('manufacturer'),
    model: text('model'),
    serialNumber: text('serial_number'),
    operatingSystem: text('operating_system'),
    osVersion: text('os_version'),
    personId: integer('person_id').references(() => people.id, { onDelete: 'set null' }),
    location: text('location'),
    purchaseDate: date('purchase_date'),
    warrantyEnd: date('warranty_end'),
    lastResponseAt: timestamp('last_response_at', { withTimezone: true }),
    rmmId: text('rmm_id'),
    antivirusProduct: text('antivirus_product'),
    antivirusState: text('antivirus_state'),
    bitlockerState: text('bitlocker_state'),
    missingPatches: integer('missing_patches'),
    lastPatchDate: date('last_patch_date'),
    firmwareVersion: text('firmware_version'),
    virtual: boolean('virtual').notNull().default(false),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    // The RMM import that last created or changed this device (import_runs; no foreign key: inventory.ts is
    // below reports.ts, and a run is never deleted).
    lastImportRunId: integer('last_import_run_id'),
    ...stamps(),
  },
  (t) => [
    index('equipment_rmm_idx').on(t.rmmId),
    index('equipment_name_idx').on(t.name, t.id),
    index('equipment_org_name_idx').on(t.organizationId, t.name, t.id),
    index('equipment_active_name_idx').on(t.active, t.name, t.id),
    index('equipment_serial_idx').on(t.serialNumber),
    index('equipment_person_idx').on(t.personId),
    // Client reports: warranty (soonest end first) and outdated response (last check-in, never first).
    index('equipment_warranty_idx').on(t.warrantyEnd, t.id),
    index('equipment_response_idx').on(sql`COALESCE(${t.lastResponseAt}, '-infinity'::timestamptz)`, t.id),
    // Firmware report: the distinct versions of each model, read by skipping along it.
    index('equipment_firmware_idx')
      .on(sql`COALESCE(${t.manufacturer}, '')`, sql`COALESCE(${t.model}, '')`, t.firmwareVersion)
      .where(sql`${t.firmwareVersion} IS NOT NULL`),
  ],
);

export const software = pgTable(
  'software',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    vendor: text('vendor'),
    softwareVersion: text('software_version'),
    seats: integer('seats'),
    renewalDate: date('renewal_date'),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    ...stamps(),
  },
  (t) => [
    index('software_name_idx').on(t.name, t.id),
    index('software_org_name_idx').on(t.organizationId, t.name, t.id),
  ],
);

export const systems = pgTable(
  'systems',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    category: text('category'),
    description: text('description'),
    ...stamps(),
  },
  (t) => [index('systems_org_name_idx').on(t.organizationId, t.name, t.id)],
);

export const systemEquipment = pgTable(
  'system_equipment',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.equipmentId] })],
);

export const systemSoftware = pgTable(
  'system_software',
  {
    systemId: integer('system_id')
      .notNull()
      .references(() => systems.id, { onDelete: 'cascade' }),
    softwareId: integer('software_id')
      .notNull()
      .references(() => software.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.systemId, t.softwareId] })],
);

export const outageTypes = pgTable(
  'outage_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('outage_types_name_key').on(t.name)],
);

export const outages = pgTable(
  'outages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outageTypeId: integer('outage_type_id')
      .notNull()
      .references(() => outageTypes.id),
    organizationId: integer('organization_id').references(() => organizations.id),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    status: text('status').notNull().default('OPEN'),
    assignedToId: integer('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('outages_starts_idx').on(t.startsAt, t.id),
    index('outages_status_starts_idx').on(t.status, t.startsAt, t.id),
    index('outages_org_idx').on(t.organizationId),
  ],
);

/** Single-page settings (outage auto-assignment, …): one JSON value per key, versioned like any record. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull().default(sql`'{}'::jsonb`),
  ...stamps(),
});
