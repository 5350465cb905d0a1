// RMM imports (saved presets, runs, site-to-organization mappings, the per-organization monthly upload status),
// report history, notices and required uploads (report notices).
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { organizations } from './inventory.js';
import { files } from './platform.js';
import { users } from './staff.js';

/** A column mapping saved by a user for an export of a shape no built-in preset knows. */
export const importPresets = pgTable(
  'import_presets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    // { <SD6 field>: <the file's column name> }
    columns: jsonb('columns').notNull(),
    // The set of headers of the file it was made for (normalised, sorted): the next file of that shape maps itself.
    headersKey: text('headers_key'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('import_presets_name_key').on(sql`lower(${t.name})`),
    check('import_presets_kind_check', sql`${t.kind} IN ('DEVICE', 'ANTIVIRUS', 'BITLOCKER', 'PATCH')`),
  ],
);

/** The RMM's site/customer name (lower-cased, trimmed) -> the organization it is. */
export const rmmSiteMappings = pgTable('rmm_site_mappings', {
  siteKey: text('site_key').primaryKey(),
  siteName: text('site_name').notNull(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  ...stamps(),
});

/** One uploaded export: previewed, then (once confirmed) applied by a background job. */
export const importRuns = pgTable(
  'import_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    fileName: text('file_name').notNull(),
    preset: text('preset').notNull(),
    kind: text('kind').notNull(),
    mapping: jsonb('mapping').notNull().default(sql`'{}'::jsonb`),
    status: text('status').notNull().default('PREVIEW'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdRows: integer('created_rows').notNull().default(0),
    updatedRows: integer('updated_rows').notNull().default(0),
    unchangedRows: integer('unchanged_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    // The preview's counts and the first rejected rows with their reasons.
    preview: jsonb('preview'),
    error: text('error'),
    jobId: text('job_id'),
    // The applying process's sign of life (PostgreSQL: every few seconds) and how many times it was started: a
    // run whose process died is found by its stale heartbeat, then queued again or failed with its reason.
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_runs_created_idx').on(t.createdAt, t.id),
    index('import_runs_working_idx').on(t.status).where(sql`${t.status} IN ('PREVIEW', 'QUEUED', 'RUNNING')`),
    check(
      'import_runs_status_check',
      sql`${t.status} IN ('PREVIEW', 'QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')`,
    ),
  ],
);

/** SPEC §4 import file status: a row here means Uploaded for that organization, month and kind; none, Missing. */
export const importUploads = pgTable(
  'import_uploads',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // The first day of the month.
    month: date('month').notNull(),
    kind: text('kind').notNull(),
    runId: integer('run_id')
      .notNull()
      .references(() => importRuns.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.month, t.kind] })],
);

/** Texts printed on reports (a disclaimer) and, while active and marked so, shown as a banner in the shell. */
export const notices = pgTable('notices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  onReports: boolean('on_reports').notNull().default(true),
  asBanner: boolean('as_banner').notNull().default(false),
  active: boolean('active').notNull().default(true),
  ...stamps(),
});

/** Required uploads (report notices): a document each client in a group must receive every period. */
export const reportNotices = pgTable(
  'report_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    // A client report key (src/shared/reports.ts), 'security-pack', or null: a document uploaded by hand.
    report: text('report'),
    frequency: text('frequency').notNull().default('QUARTERLY'),
    // SPEC §4 client report filter code: which organizations must receive it.
    clients: text('clients').notNull().default('1'),
    noticeId: integer('notice_id').references(() => notices.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('report_notices_name_key').on(t.name),
    check('report_notices_frequency_check', sql`${t.frequency} IN ('MONTHLY', 'QUARTERLY', 'YEARLY')`),
  ],
);

/** Every generated export (and every document uploaded for a required upload), kept to download again. */
export const reportHistory = pgTable(
  'report_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    report: text('report').notNull(),
    title: text('title').notNull(),
    format: text('format').notNull(),
    // The filters as the report's query (for running it again) and as words (for reading).
    filters: jsonb('filters').notNull().default(sql`'{}'::jsonb`),
    filtersText: text('filters_text').notNull().default(''),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    requiredUploadId: integer('required_upload_id').references(() => reportNotices.id, {
      onDelete: 'set null',
    }),
    rowCount: bigint('row_count', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('report_history_created_idx').on(t.createdAt, t.id),
    index('report_history_report_idx').on(t.report, t.createdAt, t.id),
    check('report_history_format_check', sql`${t.format} IN ('CSV', 'XLSX', 'PDF', 'FILE')`),
  ],
);

/** The organizations an export covered: the per-organization report history and required-upload status. */
export const reportHistoryOrganizations = pgTable(
  'report_history_organizations',
  {
    reportHistoryId: integer('report_history_id')
      .notNull()
      .references(() => reportHistory.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.reportHistoryId] }),
    index('report_history_organizations_history_idx').on(t.reportHistoryId),
  ],
);
