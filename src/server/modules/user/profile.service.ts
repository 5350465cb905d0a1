// The signed-in user's own profile: read, edit settings, change password.
import type pg from 'pg';
import type { PasswordChange, ProfileSettingsForm } from '../../../shared/schemas/user.js';
import type { Database } from '../../db/client.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { withTransaction } from '../../platform/transaction.js';
import { presentProfile, presentSettings } from './profile.presenter.js';
import { findUser, updateUser } from './user.repository.js';

type Queryable = Pick<pg.Pool, 'query'>;

export async function loadProfile(db: Queryable, userId: number) {
  const user = await findUser(db, userId);
  if (!user) throw notFound();
  return presentProfile(user);
}

export async function loadSettings(db: Queryable, userId: number) {
  const user = await findUser(db, userId);
  if (!user) throw notFound();
  return presentSettings(user);
}

export async function saveSettings(
  database: Database,
  userId: number,
  form: ProfileSettingsForm,
  timeZone: string,
) {
  const { version, ...fields } = form;
  // A setting left out (an older form without the timer rounding) stays as it is.
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const user = await withTransaction(database, ({ client }) =>
    updateUser(client, { id: userId, version, changes, actorId: userId, timeZone }, presentSettings),
  );
  return presentSettings(user);
}

export async function changePassword(
  database: Database,
  userId: number,
  sessionToken: string,
  form: PasswordChange,
  timeZone: string,
): Promise<void> {
  const { rows } = await database.pool.query<{ password_hash: string; version: number }>(
    'SELECT password_hash, version FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) throw notFound();
  if (!(await verifyPassword(row.password_hash, form.currentPassword))) {
    throw fieldError('currentPassword', 'The current password is incorrect.');
  }
  const passwordHash = await hashPassword(form.newPassword);
  await withTransaction(database, async ({ client }) => {
    await updateUser(
      client,
      {
        id: userId,
        version: row.version,
        changes: { passwordHash },
        actorId: userId,
        timeZone,
        sessionToken,
      },
      presentSettings,
    );
  });
}
