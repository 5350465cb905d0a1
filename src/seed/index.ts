// The deterministic demo data set (SD6_DEMO), written on first start after the first administrator. The server
// loads it only when it runs (serve.ts imports it dynamically); first-start.ts creates the administrator.

import type { Database } from '../server/db/client.js';
import {
  DEFAULT_ADMIN_EMAIL,
  DEMO_ADMIN_EMAIL,
  DEMO_PASSWORD,
  type DemoSeed,
  type FirstStart,
  firstStart,
  signInHelp,
} from '../server/first-start.js';
import { snapshotBilledCases } from '../server/modules/report/index.js';
import { hashPassword } from '../server/platform/passwords.js';
import { wallDay } from '../shared/format/company-time.js';
import { seedInventory } from './inventory.js';
import { seedOpportunities } from './opportunities.js';
import { seededRandom } from './random.js';
import { seedReportSettings } from './report-settings.js';
import { seedSales } from './sales.js';
import { seedStaff } from './staff.js';
import { seedWork } from './work.js';

export { DEFAULT_ADMIN_EMAIL, DEMO_ADMIN_EMAIL, DEMO_PASSWORD, type FirstStart, signInHelp };

/** The demo data set, dated from today in the company's time zone. */
export function demoSeed(timeZone = 'America/New_York'): DemoSeed {
  return async (client, adminId) => {
    const random = seededRandom(20261122);
    await seedStaff(client, random, await hashPassword(DEMO_PASSWORD), adminId);
    await seedInventory(client, random, adminId);
    const now = wallDay(new Date(), timeZone);
    // A stream of its own, so the agreements leave the rest of the demo data as it was.
    await seedSales(client, seededRandom(20261123), adminId, now.day);
    // The opportunities (and the sales roles) after the agreements some of them became; a stream of their own.
    await seedOpportunities(client, seededRandom(20261124), adminId, now.day);
    await seedWork(client, random, adminId, now);
    await seedReportSettings(client, adminId);
    // The cases the demo marks billed keep what they were billed at, as Mark Billed would have stored it.
    await snapshotBilledCases(client);
  };
}

/** First start with the demo data set when `demo` is on (tests and benches; the server calls firstStart). */
export function bootstrapDatabase(
  database: Database,
  options: { adminEmail?: string; adminPassword?: string; demo: boolean; timeZone?: string },
): Promise<FirstStart | null> {
  return firstStart(database, {
    adminEmail: options.adminEmail,
    adminPassword: options.adminPassword,
    demo: options.demo ? demoSeed(options.timeZone) : undefined,
  });
}
