// The sign-in rules the administrator sets on /admin/sso: single sign-on enforcement (with one break-glass
// administrator) and who must use two-factor sign-in. Read at every sign-in, so a change applies at once.
import type pg from 'pg';
import { SSO_SETTINGS_KEY, type StoredSsoSettings, storedSsoSettings } from '../../shared/schemas/sso.js';

export async function readSsoSettings(
  db: Pick<pg.Pool, 'query'> | pg.PoolClient,
): Promise<StoredSsoSettings> {
  const { rows } = await db.query<{ value: unknown }>('SELECT value FROM settings WHERE key = $1', [
    SSO_SETTINGS_KEY,
  ]);
  return storedSsoSettings.parse(rows[0]?.value ?? {});
}

/** Single sign-on is on and complete enough to start a sign-in. */
export const ssoReady = (s: StoredSsoSettings) => s.enabled && s.issuerUrl !== '' && s.clientId !== '';

/** Whether this account may sign in with its password now. */
export const passwordSignInAllowed = (s: StoredSsoSettings, userId: number) =>
  !(ssoReady(s) && s.enforced) || s.breakGlassUserId === userId;

/** Whether a password sign-in of a user with these roles must pass the two-factor step. */
export function twoFactorRequired(s: StoredSsoSettings, roles: readonly string[]): boolean {
  if (s.requireTwoFactor === 'EVERYONE') return true;
  return s.requireTwoFactor === 'ADMINS' && roles.includes('ROLE_ADMIN');
}
