// Reads and versioned writes of staff users, shared by the profile and the staff admin screens.
import type pg from 'pg';
import type { DailySlipsMode, HomePage, Role } from '../../../shared/schemas/user.js';
import { conflict, notFound, requireVersion } from '../../platform/errors.js';
import { type Change, diffFields, recordHistory } from '../../platform/history.js';
import { hashToken } from '../../platform/sessions.js';
import { changedByMessage } from '../../platform/stamp.js';

type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export type UserRecord = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  shortCode: string;
  active: boolean;
  roles: Role[];
  /** Written only through the settings and staff forms, which accept nothing else. */
  homePage: HomePage;
  caseListDailySlipsMode: DailySlipsMode;
  autoPopulateTaskPoints: boolean;
  timerRounding: number;
  failedLogins: number;
  lockedUntil: Date | null;
  version: number;
  createdAt: Date;
  createdBy: number | null;
  createdByName: string | null;
  updatedAt: Date;
  updatedBy: number | null;
  updatedByName: string | null;
};

/** Fields of a user whose changes are recorded in field history, with their labels. */
export const USER_FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  shortCode: 'Short Code',
  active: 'Active',
  roles: 'Roles',
  homePage: 'Home Page',
  caseListDailySlipsMode: 'Daily Slips Mode',
  autoPopulateTaskPoints: 'Auto-populate Task Points',
  approver: 'Approver',
  timerRounding: 'Timer Rounding (minutes)',
  password: 'Password',
  locked: 'Locked',
  twoFactor: 'Two-factor sign-in',
  recoveryCodes: 'Recovery codes',
  sessions: 'Sessions',
  passwordResetMail: 'Password reset mail',
  apiToken: 'API token',
  ssoSubject: 'Single sign-on identity',
};

const COLUMNS = `u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.short_code AS "shortCode",
  u.active, u.roles, u.home_page AS "homePage", u.case_list_daily_slips_mode AS "caseListDailySlipsMode",
  u.auto_populate_task_points AS "autoPopulateTaskPoints", u.timer_rounding AS "timerRounding", u.failed_logins AS "failedLogins",
  CASE WHEN u.locked_until > now() THEN u.locked_until END AS "lockedUntil", u.version,
  u.created_at AS "createdAt", u.created_by AS "createdBy", cb.first_name || ' ' || cb.last_name AS "createdByName",
  u.updated_at AS "updatedAt", u.updated_by AS "updatedBy", ub.first_name || ' ' || ub.last_name AS "updatedByName"`;

export async function findUser(db: Queryable, id: number, forUpdate = false): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(
    `SELECT ${COLUMNS} FROM users u
       LEFT JOIN users cb ON cb.id = u.created_by LEFT JOIN users ub ON ub.id = u.updated_by
      WHERE u.id = $1 ${forUpdate ? 'FOR UPDATE OF u' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export type UserChanges = Partial<{
  email: string;
  firstName: string;
  lastName: string;
  shortCode: string;
  active: boolean;
  roles: Role[];
  /** Written only through the settings and staff forms, which accept nothing else. */
  homePage: HomePage;
  caseListDailySlipsMode: DailySlipsMode;
  autoPopulateTaskPoints: boolean;
  timerRounding: number;
  passwordHash: string;
  unlock: boolean;
}>;

const COLUMN_OF: Record<string, string> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  shortCode: 'short_code',
  active: 'active',
  roles: 'roles',
  homePage: 'home_page',
  caseListDailySlipsMode: 'case_list_daily_slips_mode',
  autoPopulateTaskPoints: 'auto_populate_task_points',
  timerRounding: 'timer_rounding',
  passwordHash: 'password_hash',
};

/**
 * Applies changes to a user inside the caller's transaction: locks the row, refuses a stale version with 409,
 * writes only what changed, bumps the version and records field history.
 */
export async function updateUser(
  tx: pg.PoolClient,
  options: {
    id: number;
    version: number | undefined;
    changes: UserChanges;
    actorId: number;
    timeZone: string;
    /** The session making the change: kept when users change their own password, every other one ends. */
    sessionToken?: string | null;
  },
  present: (user: UserRecord) => unknown,
): Promise<UserRecord> {
  const current = await findUser(tx, options.id, true);
  if (!current) throw notFound();
  if (current.version !== requireVersion(options.version)) {
    throw conflict(
      changedByMessage(current.updatedByName, current.updatedAt, options.timeZone),
      present(current),
    );
  }
  const { passwordHash, unlock, ...plain } = options.changes;
  const changes: Change[] = diffFields(current, plain, Object.keys(plain) as (keyof typeof plain & string)[]);
  if (passwordHash) changes.push({ field: 'password', oldValue: null, newValue: 'changed' });
  const wasLocked = current.lockedUntil !== null || current.failedLogins > 0;
  if (unlock && wasLocked)
    changes.push({ field: 'locked', oldValue: current.lockedUntil ? 'Yes' : 'No', newValue: 'No' });
  if (changes.length === 0) return current;

  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [key, value] of Object.entries({ ...plain, ...(passwordHash ? { passwordHash } : {}) })) {
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${COLUMN_OF[key]} = $${params.length}`);
  }
  if (unlock) sets.push('failed_logins = 0', 'lock_count = 0', 'locked_until = NULL');
  params.push(options.actorId, options.id);
  await tx.query(
    `UPDATE users SET ${sets.join(', ')}, version = version + 1, updated_at = now(), updated_by = $${params.length - 1}
      WHERE id = $${params.length}`,
    params,
  );
  await recordHistory(tx, { entity: 'user', entityId: options.id, actorId: options.actorId, changes });
  // A new password ends the user's sessions (a stolen one among them), except the one setting their own.
  if (passwordHash) {
    const own =
      options.actorId === options.id && options.sessionToken ? hashToken(options.sessionToken) : null;
    await tx.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash IS DISTINCT FROM $2', [
      options.id,
      own,
    ]);
  }
  return (await findUser(tx, options.id))!;
}
