// Which SD6 account a single sign-on identity signs in: the one linked to it (users.sso_subject = issuer|sub), else
// the one with its email (linked now, in the user's history), else a new one when the administrator allows it.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { SsoErrorCode, StoredSsoSettings } from '../../../shared/schemas/sso.js';
import { diffFields, recordHistory } from '../../platform/history.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Identity } from './sso.oidc.js';

export type AccountResult =
  | { ok: true; userId: number; created: boolean; linked: boolean }
  | {
      ok: false;
      code: SsoErrorCode;
      reason: string;
    };

type Row = { id: number; active: boolean; sso_subject: string | null };

export const subjectOf = (identity: Pick<Identity, 'issuer' | 'subject'>) =>
  `${identity.issuer}|${identity.subject}`;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/** Run inside the sign-in's transaction (`client`): the link or the new account commits with the session. */
export async function resolveAccount(
  client: pg.PoolClient,
  settings: StoredSsoSettings,
  identity: Identity,
): Promise<AccountResult> {
  const subject = subjectOf(identity);
  const linked = await client.query<Row>(
    'SELECT id, active, sso_subject FROM users WHERE sso_subject = $1 FOR UPDATE',
    [subject],
  );
  if (linked.rows[0]) return active(linked.rows[0], false, false);

  const email = identity.email;
  if (!email || identity.emailVerified === false)
    return { ok: false, code: 'email', reason: `no verified email for ${subject}` };
  if (settings.allowedDomains.length > 0 && !settings.allowedDomains.includes(domainOf(email)))
    return { ok: false, code: 'domain', reason: `domain of ${email} is not allowed` };

  const byEmail = await client.query<Row>(
    'SELECT id, active, sso_subject FROM users WHERE lower(email) = $1 FOR UPDATE',
    [email],
  );
  const user = byEmail.rows[0];
  if (user) {
    if (user.sso_subject !== null)
      return { ok: false, code: 'no_account', reason: `${email} is linked to another identity` };
    if (!user.active) return { ok: false, code: 'inactive', reason: `user ${user.id} is inactive` };
    await client.query('UPDATE users SET sso_subject = $2 WHERE id = $1', [user.id, subject]);
    await recordHistory(client, {
      entity: 'user',
      entityId: user.id,
      actorId: user.id,
      changes: [{ field: 'ssoSubject', oldValue: null, newValue: subject }],
    });
    return { ok: true, userId: user.id, created: false, linked: true };
  }

  if (!settings.autoCreateUsers) return { ok: false, code: 'no_account', reason: `no account for ${email}` };
  return {
    ok: true,
    userId: await createAccount(client, identity, email, subject),
    created: true,
    linked: true,
  };
}

function active(row: Row, created: boolean, linked: boolean): AccountResult {
  return row.active
    ? { ok: true, userId: row.id, created, linked }
    : { ok: false, code: 'inactive', reason: `user ${row.id} is inactive` };
}

/** First and last name from the claims, else from the full name, else from the email's local part. */
export function namesOf(identity: Identity, email: string): { firstName: string; lastName: string } {
  const clip = (s: string) => s.slice(0, 100);
  if (identity.givenName || identity.familyName)
    return { firstName: clip(identity.givenName ?? ''), lastName: clip(identity.familyName ?? '') };
  const parts = (identity.name ?? email.slice(0, email.indexOf('@')).replace(/[._-]+/g, ' '))
    .trim()
    .split(/\s+/);
  const last = parts.length > 1 ? parts.pop()! : '';
  return { firstName: clip(parts.join(' ')), lastName: clip(last) };
}

/** A free short code from the initials (letters and digits, starting with a letter, at most 10). */
export async function freeShortCode(db: pg.PoolClient, firstName: string, lastName: string): Promise<string> {
  const letters = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase();
  const base = letters(firstName).slice(0, 1) + letters(lastName).slice(0, 3) || 'SSO';
  const { rows } = await db.query<{ short_code: string }>(
    `SELECT short_code FROM users WHERE upper(short_code) LIKE $1 || '%'`,
    [base],
  );
  const taken = new Set(rows.map((r) => r.short_code.toUpperCase()));
  if (!taken.has(base)) return base;
  for (let n = 2; n < 100_000; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
  return `U${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 10);
}

async function createAccount(
  client: pg.PoolClient,
  identity: Identity,
  email: string,
  subject: string,
): Promise<number> {
  const { firstName, lastName } = namesOf(identity, email);
  const shortCode = await freeShortCode(client, firstName, lastName);
  // Nobody knows this password: the account signs in through the provider (or after a password reset).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles, sso_subject)
     VALUES ($1, $2, $3, $4, $5, '{ROLE_USER}', $6) RETURNING id`,
    [email, passwordHash, firstName, lastName, shortCode, subject],
  );
  const id = rows[0]!.id;
  await recordHistory(client, {
    entity: 'user',
    entityId: id,
    actorId: null,
    changes: [
      ...diffFields(null, { email, firstName, lastName, shortCode, active: true, roles: ['ROLE_USER'] }, [
        'email',
        'firstName',
        'lastName',
        'shortCode',
        'active',
        'roles',
      ]),
      { field: 'ssoSubject', oldValue: null, newValue: subject },
    ],
  });
  return id;
}
