// The demo data set on a real database: the first start with SD6_DEMO writes the inventory with working references
// and the outage auto-assignment setting, and a second start leaves it alone.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase, type TestDatabase, testDbKind } from '../../test/support/test-db.js';
import { bootstrapDatabase } from './index.js';
import { DEMO_ADMIN_EMAIL, DEMO_TECH_EMAIL } from './staff.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase(testDbKind(), inject('dbTemplate'));
  await bootstrapDatabase(testDb.database, { adminPassword: 'demo admin password', demo: true });
});
afterAll(() => testDb?.destroy());

const one = async <T>(sql: string) => (await testDb.database.pool.query(sql)).rows[0] as T;

describe('demo inventory on first start', () => {
  it('writes every table in bulk, stamped by the administrator', async () => {
    const counts = await one<Record<string, number>>(
      `SELECT (SELECT count(*) FROM organizations)::int AS organizations, (SELECT count(*) FROM people)::int AS people,
              (SELECT count(*) FROM equipment)::int AS equipment, (SELECT count(*) FROM software)::int AS software,
              (SELECT count(*) FROM systems)::int AS systems, (SELECT count(*) FROM system_equipment)::int AS links,
              (SELECT count(*) FROM outages)::int AS outages, (SELECT count(*) FROM device_categories)::int AS categories,
              (SELECT count(*) FROM device_statuses)::int AS statuses, (SELECT count(*) FROM outage_types)::int AS types`,
    );
    expect(counts.organizations).toBe(300);
    expect(counts.people).toBeGreaterThan(1200);
    expect(counts.equipment).toBeGreaterThan(5000);
    expect(counts.software).toBeGreaterThan(650);
    expect(counts.systems).toBeGreaterThan(100);
    expect(counts.links).toBeGreaterThan(100);
    expect(counts.outages).toBe(40);
    expect(counts.categories).toBe(10);
    expect(counts.statuses).toBeGreaterThanOrEqual(4);
    expect(counts.types).toBeGreaterThanOrEqual(7);
    const stamps = await one<{ stamped: number; total: number }>(
      `SELECT count(*) FILTER (WHERE e.created_by = a.id AND e.updated_by = a.id)::int AS stamped,
              count(*)::int AS total
         FROM equipment e, (SELECT id FROM users WHERE short_code = 'ADMIN') a`,
    );
    expect(stamps.stamped).toBe(stamps.total);
  });

  it('fills references with real rows of the same organization', async () => {
    const bad = await one<Record<string, number>>(
      `SELECT
         (SELECT count(*)::int FROM equipment e JOIN people p ON p.id = e.person_id
           WHERE p.organization_id <> e.organization_id) AS device_people,
         (SELECT count(*)::int FROM organizations o JOIN people p ON p.id = o.primary_contact_id
           WHERE p.organization_id <> o.id) AS contacts,
         (SELECT count(*)::int FROM system_software l JOIN systems s ON s.id = l.system_id
           JOIN software w ON w.id = l.software_id WHERE w.organization_id <> s.organization_id) AS system_software`,
    );
    expect(bad).toEqual({ device_people: 0, contacts: 0, system_software: 0 });
    const contacts = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM organizations WHERE primary_contact_id IS NOT NULL',
    );
    expect(contacts.n).toBeGreaterThan(200);
  });

  it('stores the outage auto-assignment with a technician and rules for existing outage types', async () => {
    const { value } = await one<{
      value: { defaultAssigneeId: number; rules: { outageTypeId: number; assigneeId: number }[] };
    }>(`SELECT value FROM settings WHERE key = 'outage_auto_assignment'`);
    const users = (await testDb.database.pool.query<{ id: number }>('SELECT id FROM users')).rows.map(
      (u) => u.id,
    );
    const types = (await testDb.database.pool.query<{ id: number }>('SELECT id FROM outage_types')).rows.map(
      (t) => t.id,
    );
    expect(users).toContain(value.defaultAssigneeId);
    expect(value.rules.length).toBeGreaterThan(0);
    for (const rule of value.rules) {
      expect(types).toContain(rule.outageTypeId);
      expect(users).toContain(rule.assigneeId);
    }
  });

  it('keeps new rows numbered after the demo rows (the sequences moved past the reserved ids)', async () => {
    const { rows } = await testDb.database.pool.query<{ id: number; max: number }>(
      `WITH m AS (SELECT max(id) AS max FROM organizations)
       INSERT INTO organizations (name) VALUES ('After The Demo') RETURNING id, (SELECT max FROM m)`,
    );
    expect(rows[0]!.id).toBeGreaterThan(rows[0]!.max);
  });

  it('does not seed again on the next start', async () => {
    expect(await bootstrapDatabase(testDb.database, { demo: true })).toBeNull();
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM outages')).n).toBe(40);
  });
});

describe('demo work on first start', () => {
  it('writes cases, tasks, two years of slips and buckets, each slip stamped by its technician', async () => {
    const counts = await one<Record<string, number>>(
      `SELECT (SELECT count(*) FROM cases)::int AS cases, (SELECT count(*) FROM tasks)::int AS tasks,
              (SELECT count(*) FROM slips)::int AS slips, (SELECT count(*) FROM buckets)::int AS buckets,
              (SELECT count(*) FROM departments)::int AS departments,
              (SELECT count(*) FROM bucket_categories)::int AS categories,
              (SELECT count(*) FROM slips WHERE created_by <> user_id)::int AS foreign_stamps,
              (SELECT count(DISTINCT user_id) FROM slips)::int AS technicians,
              (SELECT max(work_date) - min(work_date) FROM slips)::int AS span`,
    );
    expect(counts.cases).toBeGreaterThan(100);
    expect(counts.tasks).toBeGreaterThan(400);
    expect(counts.slips).toBeGreaterThan(50_000);
    expect(counts.buckets).toBeGreaterThan(1_000);
    expect(counts.departments).toBe(5);
    expect(counts.categories).toBe(6);
    expect(counts.foreign_stamps).toBe(0);
    expect(counts.technicians).toBeGreaterThanOrEqual(15);
    expect(counts.span).toBeGreaterThan(700);
  });

  it('has the administrator and the technician the start-up lines name, and no slip of today past now', async () => {
    const roles = await testDb.database.pool.query<{ email: string; roles: string[] }>(
      'SELECT email, roles FROM users WHERE email = ANY($1) ORDER BY email',
      [[DEMO_ADMIN_EMAIL, DEMO_TECH_EMAIL]],
    );
    expect(roles.rows).toEqual([
      { email: DEMO_ADMIN_EMAIL, roles: ['ROLE_USER', 'ROLE_ADMIN'] },
      { email: DEMO_TECH_EMAIL, roles: ['ROLE_USER'] },
    ]);
    // Seeded in the default company zone; the check reads the same zone's clock, a minute of slack for the run.
    const late = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM slips s, LATERAL (SELECT now() AT TIME ZONE 'America/New_York' AS local) l
        WHERE s.work_date = l.local::date
          AND s.work_date + greatest(s.start_time, coalesce(s.stop_time, s.start_time)) > l.local + interval '1 minute'`,
    );
    expect(late.n).toBe(0);
  });

  it('logs time only against cases of client organizations', async () => {
    const bad = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM cases c JOIN organizations o ON o.id = c.organization_id
        WHERE o.sales_status <> 'CLIENT'`,
    );
    expect(bad.n).toBe(0);
  });
});
