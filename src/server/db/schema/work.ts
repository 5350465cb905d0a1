// The work staff log: departments, cases (invoices) and their tasks, time slips against tasks, and bucket time
// (time that belongs to no case) by category. Slips hold the local work date with start and stop times of day
// (ARCHITECTURE §4); minutes are derived from them, never stored twice.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { organizations, outages } from './inventory.js';
import { users } from './staff.js';

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('departments_name_key').on(t.name)],
);

export const bucketCategories = pgTable(
  'bucket_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('bucket_categories_name_key').on(t.name)],
);

export const cases = pgTable(
  'cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** OPEN or CLOSED: no time is logged on a closed case. */
    status: text('status').notNull().default('OPEN'),
    departmentId: integer('department_id').references(() => departments.id),
    assignedToId: integer('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description'),
    /** Invoiced: the case is billed as a whole, and its slips are locked. Null while not billed. */
    billedAt: timestamp('billed_at', { withTimezone: true }),
    billedBy: integer('billed_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    check('cases_status_check', sql`${t.status} IN ('OPEN', 'CLOSED')`),
    index('cases_updated_idx').on(t.updatedAt, t.id),
    index('cases_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('cases_org_status_idx').on(t.organizationId, t.status, t.id),
    index('cases_assigned_status_idx').on(t.assignedToId, t.status, t.id),
    index('cases_department_status_idx').on(t.departmentId, t.status, t.id),
    // The WIP list and the bill list start from the cases not billed yet, a small share of them all.
    index('cases_unbilled_org_idx').on(t.organizationId, t.id).where(sql`${t.billedAt} IS NULL`),
    index('cases_billed_at_idx').on(t.billedAt),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    title: text('title').notNull(),
    departmentId: integer('department_id').references(() => departments.id),
    assignedToId: integer('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    /** OPEN or CLOSED. */
    status: text('status').notNull().default('OPEN'),
    /** Project work (green in the calendar) or support (blue). */
    isProject: boolean('is_project').notNull().default(false),
    points: numeric('points', { precision: 6, scale: 1 }),
    /** Set when the task was opened from an outage (task basics ?outageId=). */
    outageId: integer('outage_id').references(() => outages.id, { onDelete: 'set null' }),
    description: text('description'),
    ...stamps(),
  },
  (t) => [
    check('tasks_status_check', sql`${t.status} IN ('OPEN', 'CLOSED')`),
    index('tasks_case_idx').on(t.caseId, t.id),
    index('tasks_assigned_status_idx').on(t.assignedToId, t.status, t.id),
    index('tasks_department_status_idx').on(t.departmentId, t.status, t.id),
  ],
);

export const slips = pgTable(
  'slips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id),
    /** The biller: the staff member who did the work. Never edited on the slip. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    workDate: date('work_date').notNull(),
    startTime: time('start_time').notNull(),
    /** Null while the work is unfinished. */
    stopTime: time('stop_time'),
    where: text('where_code'),
    how: text('how_code'),
    /** 0, 1, 1.5 or 2. */
    rateMultiplier: numeric('rate_multiplier', { precision: 3, scale: 1 }).notNull().default('1'),
    comment: text('comment'),
    ...stamps(),
  },
  (t) => [
    check('slips_stop_after_start', sql`${t.stopTime} IS NULL OR ${t.stopTime} > ${t.startTime}`),
    check('slips_rate_multiplier_check', sql`${t.rateMultiplier} IN (0, 1, 1.5, 2)`),
    index('slips_user_day_idx').on(t.userId, t.workDate, t.startTime, t.id),
    // INCLUDE (stop_time, rate_multiplier, user_id) is added by migration 0011: the billing reports read this
    // index alone.
    index('slips_task_day_idx').on(t.taskId, t.workDate, t.startTime, t.id),
    // A period's slips (bill list, weekly summary, charts) without reading every staff member's or task's.
    index('slips_day_idx').on(t.workDate, t.taskId),
  ],
);

export const buckets = pgTable(
  'buckets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => bucketCategories.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    workDate: date('work_date').notNull(),
    minutes: integer('minutes').notNull().default(0),
    comment: text('comment'),
    ...stamps(),
  },
  (t) => [
    check('buckets_minutes_check', sql`${t.minutes} >= 0 AND ${t.minutes} <= 1440`),
    uniqueIndex('buckets_user_day_category_key').on(t.userId, t.workDate, t.categoryId),
  ],
);

/**
 * The one running timer of a user (server-side, so it survives reloads, other tabs and devices). Stopping it turns
 * it into a slip; starting another stops it first.
 */
/**
 * Every timer's version comes from here, never from 0 again: a window that still shows a stopped timer cannot stop or
 * discard the one started after it (its version was never handed out before).
 */
export const timerVersions = pgSequence('timer_versions', { maxValue: 2147483647 });

export const timers = pgTable('timers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  taskId: integer('task_id')
    .notNull()
    .references(() => tasks.id),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  where: text('where_code'),
  how: text('how_code'),
  comment: text('comment'),
  ...stamps(),
});

/**
 * A user's week of time (Monday to Sunday): submitted by its owner, approved or rejected by the approver. An approved
 * week locks that user's slips and buckets of those seven days until an approver reopens it (status OPEN again).
 */
export const timesheetWeeks = pgTable(
  'timesheet_weeks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The Monday. */
    weekStart: date('week_start').notNull(),
    status: text('status').notNull().default('OPEN'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The approver's comment (required on reject). */
    comment: text('comment'),
    ...stamps(),
  },
  (t) => [
    check('timesheet_weeks_status_check', sql`${t.status} IN ('OPEN', 'SUBMITTED', 'APPROVED', 'REJECTED')`),
    check('timesheet_weeks_monday_check', sql`EXTRACT(ISODOW FROM ${t.weekStart}) = 1`),
    uniqueIndex('timesheet_weeks_user_week_key').on(t.userId, t.weekStart),
    index('timesheet_weeks_status_idx').on(t.status, t.weekStart),
  ],
);
