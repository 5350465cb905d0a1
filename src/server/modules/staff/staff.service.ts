// Staff administration: keyset-paged list, create, edit (with password reset and unlock), suggestions.
import type pg from 'pg';
import { z } from 'zod';
import type { ListPage } from '../../../shared/schemas/common.js';
import type { RefValue } from '../../../shared/schemas/record.js';
import type { StaffForm, StaffRow } from '../../../shared/schemas/staff.js';
import { APPROVER_SELF } from '../../../shared/schemas/timesheet.js';
import type { Database } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { badRequest, notFound, registerUniqueViolation } from '../../platform/errors.js';
import { diffFields, recordHistory } from '../../platform/history.js';
import { hashPassword } from '../../platform/passwords.js';
import { withTransaction } from '../../platform/transaction.js';
import { findUser, type UserRecord, updateUser } from '../user/index.js';
import { presentStaff, presentStaffRow } from './staff.presenter.js';

registerUniqueViolation(
  'users_email_key',
  'email',
  'This email address is already used by another staff member.',
);
registerUniqueViolation(
  'users_short_code_key',
  'shortCode',
  'This short code is already used by another staff member.',
);

type Queryable = Pick<pg.Pool, 'query'>;
const cursorSchema = z.tuple([z.string(), z.string(), z.number().int()]);

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listStaff(
  db: Queryable,
  query: { q?: string; active: 'all' | '1' | '2'; limit: number; after?: string },
): Promise<ListPage<StaffRow>> {
  const after = query.after ? decodeCursor(query.after, cursorSchema) : null;
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.active !== 'all') where.push(query.active === '1' ? 'active' : 'NOT active');
  if (query.q) {
    params.push(likePattern(query.q));
    where.push(
      `(first_name || ' ' || last_name ILIKE $${params.length} OR email ILIKE $${params.length} OR short_code ILIKE $${params.length})`,
    );
  }
  if (after) {
    params.push(after[0], after[1], after[2]);
    const n = params.length;
    where.push(`(last_name, first_name, id) > ($${n - 2}, $${n - 1}, $${n})`);
  }
  params.push(query.limit + 1);
  const { rows } = await db.query<UserRecord>(
    `SELECT id, first_name AS "firstName", last_name AS "lastName", email, short_code AS "shortCode", active, roles,
            CASE WHEN locked_until > now() THEN locked_until END AS "lockedUntil"
       FROM users ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY last_name, first_name, id LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(presentStaffRow),
    next: rows.length > query.limit && last ? encodeCursor([last.lastName, last.firstName, last.id]) : null,
  };
}

export async function loadStaff(db: Queryable, id: number) {
  const user = await findUser(db, id);
  if (!user) throw notFound();
  return presentStaff(user, await approverOf(db, id));
}

/** The person's approver of timesheet weeks, or null (any administrator approves). */
async function approverOf(db: Queryable, id: number): Promise<RefValue | null> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT a.id, a.first_name || ' ' || a.last_name AS name
       FROM users u JOIN users a ON a.id = u.approver_id WHERE u.id = $1`,
    [id],
  );
  return rows[0] ? { value: rows[0].id, label: rows[0].name } : null;
}

/** An approver must be another existing staff member. */
async function checkApprover(db: Queryable, id: number | null, approverId: number | null | undefined) {
  if (approverId === null || approverId === undefined) return;
  if (approverId === id) throw badRequest({ approver: [APPROVER_SELF] });
  const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1', [approverId]);
  if (!rows.length) throw badRequest({ approver: ['This value is not valid.'] });
}

/**
 * Sets the approver in the caller's transaction, after updateUser has locked the row and checked the version: one
 * version bump for the whole save, the change in field history like the other staff fields.
 */
async function saveApprover(
  tx: pg.PoolClient,
  id: number,
  approverId: number | null | undefined,
  versionSeen: number,
  actorId: number,
): Promise<void> {
  if (approverId === undefined) return;
  const before = await approverOf(tx, id);
  if ((before?.value ?? null) === approverId) return;
  await tx.query(
    `UPDATE users SET approver_id = $1, version = GREATEST(version, $2::int + 1), updated_at = now(), updated_by = $3
      WHERE id = $4`,
    [approverId, versionSeen, actorId, id],
  );
  const after = await approverOf(tx, id);
  await recordHistory(tx, {
    entity: 'user',
    entityId: id,
    actorId,
    changes: diffFields({ approver: before?.label ?? null }, { approver: after?.label ?? null }, [
      'approver',
    ]),
  });
}

const HISTORY_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'shortCode',
  'active',
  'roles',
  'homePage',
  'caseListDailySlipsMode',
  'autoPopulateTaskPoints',
] as const;

export async function createStaff(database: Database, form: StaffForm, actorId: number) {
  if (!form.password) throw badRequest({ password: ['Set a password for the new staff member.'] });
  await checkApprover(database.pool, null, form.approver);
  const passwordHash = await hashPassword(form.password);
  const id = await withTransaction(database, async ({ client }) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code, active, roles, home_page,
                          case_list_daily_slips_mode, auto_populate_task_points, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
      [
        form.email,
        passwordHash,
        form.firstName,
        form.lastName,
        form.shortCode,
        form.active,
        form.roles,
        form.homePage,
        form.caseListDailySlipsMode,
        form.autoPopulateTaskPoints,
        actorId,
      ],
    );
    const newId = rows[0]!.id;
    await recordHistory(client, {
      entity: 'user',
      entityId: newId,
      actorId,
      changes: diffFields(null, form, HISTORY_FIELDS),
    });
    await saveApprover(client, newId, form.approver ?? undefined, 0, actorId);
    return newId;
  });
  return loadStaff(database.pool, id);
}

export async function saveStaff(
  database: Database,
  id: number,
  form: StaffForm,
  actorId: number,
  timeZone: string,
  sessionToken: string | null = null,
) {
  if (id === actorId && (!form.active || !form.roles.includes('ROLE_ADMIN'))) {
    // An administrator cannot lock themself out of administration.
    throw badRequest(
      form.active
        ? { roles: ['You cannot remove your own administrator role.'] }
        : { active: ['You cannot deactivate yourself.'] },
    );
  }
  const { version, password, unlock, approver, ...fields } = form;
  await checkApprover(database.pool, id, approver);
  const passwordHash = password ? await hashPassword(password) : undefined;
  await withTransaction(database, async ({ client }) => {
    // A stale save's 409 carries the whole current record, its approver too (the form merges by field).
    const approverNow = await approverOf(client, id);
    await updateUser(
      client,
      { id, version, changes: { ...fields, passwordHash, unlock }, actorId, timeZone, sessionToken },
      (u) => presentStaff(u, approverNow),
    );
    await saveApprover(client, id, approver, version!, actorId);
    // Deactivated staff are signed out at once.
    if (!fields.active) await client.query('DELETE FROM sessions WHERE user_id = $1', [id]);
  });
  return loadStaff(database.pool, id);
}

export async function suggestStaff(db: Queryable, q: string | undefined, limit: number): Promise<RefValue[]> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, first_name || ' ' || last_name AS name FROM users
      WHERE active AND ($1::text IS NULL OR first_name || ' ' || last_name ILIKE $1 OR short_code ILIKE $1)
      ORDER BY last_name, first_name, id LIMIT $2`,
    [q ? likePattern(q) : null, limit],
  );
  return rows.map((r) => ({ value: r.id, label: r.name }));
}
