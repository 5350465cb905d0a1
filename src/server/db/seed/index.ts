// First start: the first administrator (from the environment or a random password printed once) and,
// when SD6_DEMO is on, the deterministic demo data set. Runs only on an empty database.
import { randomBytes } from 'node:crypto';
import { wallDay } from '../../../shared/format/company-time.js';
import { snapshotBilledCases } from '../../modules/report/billing/billing-snapshot.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Database } from '../client.js';
import { seedInventory } from './inventory.js';
import { seedOpportunities } from './opportunities.js';
import { seededRandom } from './random.js';
import { seedReportSettings } from './report-settings.js';
import { seedSales } from './sales.js';
import { DEMO_ADMIN_EMAIL, DEMO_TECH_EMAIL, seedStaff } from './staff.js';
import { seedWork } from './work.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@sd6.local';
export const DEMO_PASSWORD = 'sd6-demo-password';

export type FirstStart = {
  adminEmail: string;
  /** Set only when it was generated: shown once, never stored in clear. */
  generatedPassword: string | null;
  demo: boolean;
};

export async function bootstrapDatabase(
  database: Database,
  options: { adminEmail?: string; adminPassword?: string; demo: boolean; timeZone?: string },
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
    if (options.demo) {
      const random = seededRandom(20261122);
      await seedStaff(client, random, await hashPassword(DEMO_PASSWORD), adminId);
      await seedInventory(client, random, adminId);
      const now = wallDay(new Date(), options.timeZone ?? 'America/New_York');
      // A stream of its own, so the agreements leave the rest of the demo data as it was.
      await seedSales(client, seededRandom(20261123), adminId, now.day);
      // The opportunities (and the sales roles) after the agreements some of them became; a stream of their own.
      await seedOpportunities(client, seededRandom(20261124), adminId, now.day);
      await seedWork(client, random, adminId, now);
      await seedReportSettings(client, adminId);
      // The cases the demo marks billed keep what they were billed at, as Mark Billed would have stored it.
      await snapshotBilledCases(client);
    }
    await client.query('COMMIT');
    return { adminEmail, generatedPassword, demo: options.demo };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export { DEMO_ADMIN_EMAIL };

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
