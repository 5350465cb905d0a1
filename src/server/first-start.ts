// First start: the first administrator (from the environment or a random password printed once) and, when asked,
// the demo data set, which the caller hands in and loads only when it runs: the demo seed is no part of the server.
// Runs only on an empty database. Also the start-up lines that say where and as whom to sign in.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Database } from './db/client.js';
import { hashPassword } from './platform/passwords.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@sd6.local';
/** The demo users' password, and the administrator and technician the start-up lines name to try both menus. */
export const DEMO_PASSWORD = 'sd6-demo-password';
export const DEMO_ADMIN_EMAIL = 'tech01@sd6.local';
export const DEMO_TECH_EMAIL = 'tech03@sd6.local';

export type FirstStart = {
  adminEmail: string;
  /** Set only when it was generated: shown once, never stored in clear. */
  generatedPassword: string | null;
  demo: boolean;
};

/** Writes the demo data set in the first start's transaction, after the first administrator (`adminId`). */
export type DemoSeed = (client: pg.PoolClient, adminId: number) => Promise<void>;

export async function firstStart(
  database: Database,
  options: { adminEmail?: string; adminPassword?: string; demo?: DemoSeed },
): Promise<FirstStart | null> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    // Two processes starting on one empty database: only the first seeds.
    await client.query('LOCK TABLE users IN EXCLUSIVE MODE');
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if ((rows[0]?.n ?? 0) > 0) {
      await client.query('ROLLBACK');
      return null;
    }
    const adminEmail = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const generatedPassword = options.adminPassword ? null : randomBytes(12).toString('base64url');
    const adminHash = await hashPassword(options.adminPassword ?? generatedPassword!);
    const admin = await client.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles)
       VALUES ($1, $2, 'System', 'Administrator', 'ADMIN', '{ROLE_USER,ROLE_ADMIN}') RETURNING id`,
      [adminEmail, adminHash],
    );
    const adminId = admin.rows[0]!.id;
    await client.query('UPDATE users SET created_by = $1, updated_by = $1 WHERE id = $1', [adminId]);
    if (options.demo) await options.demo(client, adminId);
    await client.query('COMMIT');
    return { adminEmail, generatedPassword, demo: options.demo !== undefined };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export function signInHelp(url: string, first: FirstStart | null, adminEmail: string): string {
  const lines = [`SD6 is running at ${url}`];
  if (first?.generatedPassword) {
    lines.push(`  First start: sign in as ${first.adminEmail} with password ${first.generatedPassword}`);
    lines.push('  This password is shown only once. Change it under your name > Profile.');
  } else {
    lines.push(
      `  Sign in as ${adminEmail} with the password you set in SD6_ADMIN_PASSWORD (or were shown at first start).`,
    );
  }
  if (first?.demo) {
    lines.push(`  Demo users sign in with password ${DEMO_PASSWORD}, for example:`);
    lines.push(`    ${DEMO_ADMIN_EMAIL}  an administrator (the full menu)`);
    lines.push(`    ${DEMO_TECH_EMAIL}  a technician (the reduced menu)`);
  }
  return lines.join('\n');
}
