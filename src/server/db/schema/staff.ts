// Staff users and their sessions (sessions live in the database so any number of app processes work).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    shortCode: text('short_code').notNull(),
    active: boolean('active').notNull().default(true),
    roles: text('roles').array().notNull().default(sql`'{ROLE_USER}'::text[]`),
    homePage: text('home_page').notNull().default('cases'),
    caseListDailySlipsMode: text('case_list_daily_slips_mode').notNull().default('CLOSED'),
    autoPopulateTaskPoints: boolean('auto_populate_task_points').notNull().default(false),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockCount: integer('lock_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** TOTP secret, encrypted with the app's secret key (platform/secret-box.ts); null = no authenticator. */
    totpSecret: text('totp_secret'),
    /** Set once the first code confirmed the authenticator; null = two-factor sign-in off. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last 30-second time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The single sign-on identity (`issuer|subject`) this account is linked to. */
    ssoSubject: text('sso_subject'),
    /** Who approves this person's weeks of time (admin setting); null = any administrator. */
    approverId: integer('approver_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** A stopped timer's slip is rounded up to this many minutes: 1, 5 (SPEC §9 default) or 30. */
    timerRounding: integer('timer_rounding').notNull().default(5),
    ...stamps(),
  },
  (t) => [
    check('users_timer_rounding_check', sql`${t.timerRounding} IN (1, 5, 30)`),
    index('users_approver_idx').on(t.approverId),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_short_code_key').on(t.shortCode),
    uniqueIndex('users_sso_subject_key').on(t.ssoSubject),
    index('users_name_idx').on(t.lastName, t.firstName, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * null = signed in. TWO_FACTOR: the password was right and a code is awaited; TWO_FACTOR_SETUP: the password was
     * right and two-factor sign-in is required but not set up yet. Only null sessions reach the app.
     */
    stage: text('stage'),
    /** How it was opened: PASSWORD or SSO. */
    method: text('method').notNull().default('PASSWORD'),
    /** Failed codes at the two-factor step of this sign-in. */
    failedCodes: integer('failed_codes').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
