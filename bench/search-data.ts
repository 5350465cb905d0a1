// The records global search covers, every kind of them, in the proportions of a grown MSP: organizations, people,
// devices, software, cases, tasks, slips (the most), agreements, opportunities and proposals, with the words such
// records carry. Loaded in bulk with the search upkeep off, then indexed in one pass (as the migration that brings
// the index does on an existing database).
import type pg from 'pg';
import {
  CITIES,
  FIRST_NAMES,
  LAST_NAMES,
  ORG_INDUSTRIES,
  ORG_PREFIXES,
  ORG_SUFFIXES,
} from '../src/seed/inventory-data.js';
import { COMMENTS as DEMO_COMMENTS, PROJECTS, SUPPORT_TASKS } from '../src/seed/work.js';
import { AREAS } from '../src/server/modules/areas.js';
import { searchIndexRebuild } from '../src/server/modules/search/search-index-sql.js';
import { dropForLoad, seconds } from './support.js';

/** Share of the records per kind (sums to 1). */
const SHARES = {
  organizations: 0.02,
  people: 0.1,
  equipment: 0.3,
  software: 0.03,
  cases: 0.1,
  tasks: 0.14,
  slips: 0.25,
  agreements: 0.02,
  opportunities: 0.02,
  proposals: 0.02,
} as const;
export type Counts = Record<keyof typeof SHARES, number>;

export const countsFor = (records: number): Counts =>
  Object.fromEntries(
    Object.entries(SHARES).map(([table, share]) => [table, Math.max(50, Math.round(records * share))]),
  ) as Counts;

const MODELS = [
  'OptiPlex 7090',
  'Latitude 5440',
  'ThinkPad T14',
  'EliteBook 840',
  'ProLiant DL360',
  'PowerEdge R650',
];
const DEVICE_KINDS = ['WS', 'LT', 'SRV', 'FW', 'PRN', 'SW', 'AP', 'NAS'];
const SOFTWARE = [
  'Microsoft 365 Business Premium',
  'Adobe Acrobat Pro',
  'Zoom Workplace',
  'Keeper Business',
  'Veeam Backup & Replication',
  'Dentrix',
  'QuickBooks Enterprise',
  'Google Chrome',
  'Mozilla Firefox',
  '7-Zip',
  'Notepad++',
  'Microsoft Visio Plan 2',
];
// Case and task titles and slip comments as the demo data words them, and more of the same kind.
const ISSUES = [...SUPPORT_TASKS, ...PROJECTS.map(([project]) => project)];
const COMMENTS = [
  ...DEMO_COMMENTS,
  'Rebooted the server after patching, checked services.',
  'Mailbox over quota: archived old items and raised the limit.',
];
const DEALS = [
  'Managed services',
  'Server refresh',
  'Security assessment',
  'Backup modernization',
  'Wireless upgrade',
];

const pick = (p: string) => `(${p})[1 + floor(random() * cardinality(${p}))::int]`;
const CHUNK = 100_000;

/** Inserts `total` rows, CHUNK at a time, by `insert` (which reads its range as $1..$2 after its own values). */
async function inChunks(
  db: pg.PoolClient,
  total: number,
  insert: string,
  values: unknown[] = [],
): Promise<void> {
  for (let from = 1; from <= total; from += CHUNK)
    await db.query(insert, [from, Math.min(total, from + CHUNK - 1), ...values]);
}

const TABLES = [...Object.keys(SHARES), 'search_entries'];

/** Loads the records; the search index built after them. Returns what took how long. */
export async function loadSearchData(db: pg.PoolClient, counts: Counts, userId: number): Promise<string> {
  const t0 = performance.now();
  const restore = await dropForLoad(db, TABLES, { keys: false });
  for (const table of Object.keys(SHARES)) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  await db.query('SELECT setseed(0.2026)');
  // "Cedar Ridge Dental LLC - Madison 1234": realistic words, the number keeps exact names rare.
  await inChunks(
    db,
    counts.organizations,
    `INSERT INTO organizations (name, short_code, active, phone)
     SELECT x.prefix || ' ' || x.industry || CASE WHEN x.suffix = '' THEN '' ELSE ' ' || x.suffix END
            || ' - ' || x.city || ' ' || x.g,
            upper(left(regexp_replace(x.prefix, '[^A-Za-z]', '', 'g'), 3)) || x.g, random() < 0.9,
            '(' || (200 + x.g % 800) || ') ' || lpad((x.g * 7 % 1000)::text, 3, '0') || '-' || lpad((x.g % 10000)::text, 4, '0')
       FROM (SELECT g, ${pick('$3::text[]')} AS prefix, split_part(${pick('$4::text[]')}, '/', 1) AS industry,
                    ${pick('$5::text[]')} AS suffix, split_part(${pick('$6::text[]')}, '/', 1) AS city
               FROM generate_series($1::int, $2::int) g) x`,
    [ORG_PREFIXES, ORG_INDUSTRIES, ORG_SUFFIXES, CITIES],
  );
  const lo = (await db.query<{ lo: number }>('SELECT min(id) AS lo FROM organizations')).rows[0]!.lo;
  // A random organization of the loaded ones, as `org`.
  const org = `${lo} + floor(random() * ${counts.organizations})::int`;
  await inChunks(
    db,
    counts.people,
    `INSERT INTO people (organization_id, first_name, last_name, email, phone)
     SELECT x.org, x.first, x.last, lower(x.first || '.' || x.last || x.g) || '@example.com',
            '(' || (200 + x.g % 800) || ') 555-' || lpad((x.g % 10000)::text, 4, '0')
       FROM (SELECT g, ${org} AS org, ${pick('$3::text[]')} AS first, ${pick('$4::text[]')} AS last
               FROM generate_series($1::int, $2::int) g) x`,
    [FIRST_NAMES, LAST_NAMES],
  );
  // Devices named after their organization ("CED1234-WS042") or still as Windows named them; hex serials.
  await inChunks(
    db,
    counts.equipment,
    `INSERT INTO equipment (organization_id, name, model, serial_number, active)
     SELECT o.id, CASE WHEN random() < 0.08 THEN 'DESKTOP-' || upper(substr(md5(s.g::text), 1, 7))
                       ELSE o.short_code || '-' || ${pick('$3::text[]')} || lpad((s.g % 400)::text, 3, '0') END,
            ${pick('$4::text[]')}, upper(substr(md5(s.g::text), 8, 10)), random() < 0.92
       FROM (SELECT g, ${org} AS org FROM generate_series($1::int, $2::int) g) s JOIN organizations o ON o.id = s.org`,
    [DEVICE_KINDS, MODELS],
  );
  await inChunks(
    db,
    counts.software,
    `INSERT INTO software (organization_id, name) SELECT ${org}, ${pick('$3::text[]')} || ' ' || (g % 7 + 18)
       FROM generate_series($1::int, $2::int) g`,
    [SOFTWARE],
  );
  await inChunks(
    db,
    counts.cases,
    `INSERT INTO cases (organization_id, title, status)
     SELECT ${org}, ${pick('$3::text[]')} || ' - ' || ${pick('$4::text[]')}, CASE WHEN random() < 0.9 THEN 'CLOSED' ELSE 'OPEN' END
       FROM generate_series($1::int, $2::int) g`,
    [ISSUES, LAST_NAMES],
  );
  const cases = await db.query<{ lo: number }>('SELECT min(id) AS lo FROM cases');
  await inChunks(
    db,
    counts.tasks,
    `INSERT INTO tasks (case_id, title, status)
     SELECT ${cases.rows[0]!.lo} + floor(random() * ${counts.cases})::int, ${pick('$3::text[]')}, 'CLOSED'
       FROM generate_series($1::int, $2::int) g`,
    [ISSUES],
  );
  const tasks = await db.query<{ lo: number }>('SELECT min(id) AS lo FROM tasks');
  // Four slips in five with a comment, on two years of workdays.
  await inChunks(
    db,
    counts.slips,
    `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time, comment, created_by, updated_by)
     SELECT ${tasks.rows[0]!.lo} + floor(random() * ${counts.tasks})::int, $3, DATE '2025-01-01' + (g % 700),
            TIME '08:00' + (g % 16) * INTERVAL '30 minutes', TIME '08:30' + (g % 16) * INTERVAL '30 minutes',
            CASE WHEN random() < 0.8 THEN ${pick('$4::text[]')} END, $3, $3
       FROM generate_series($1::int, $2::int) g`,
    [userId, COMMENTS],
  );
  await inChunks(
    db,
    counts.agreements,
    `INSERT INTO agreements (organization_id, number, title, type, start_date)
     SELECT ${org}, 'AG-' || lpad(g::text, 6, '0'), ${pick('$3::text[]')} || ' ' || (2020 + g % 7), 'MANAGED', DATE '2025-01-01'
       FROM generate_series($1::int, $2::int) g`,
    [DEALS],
  );
  await inChunks(
    db,
    counts.opportunities,
    `INSERT INTO opportunities (organization_id, number, title, stage_id, probability)
     SELECT ${org}, 'OP-' || lpad(g::text, 6, '0'), ${pick('$3::text[]')} || ' for ' || ${pick('$4::text[]')}, 1 + g % 4, 10
       FROM generate_series($1::int, $2::int) g`,
    [DEALS, LAST_NAMES],
  );
  const opps = await db.query<{ lo: number }>('SELECT min(id) AS lo FROM opportunities');
  await inChunks(
    db,
    counts.proposals,
    `INSERT INTO proposals (opportunity_id, number, title)
     SELECT ${opps.rows[0]!.lo} + floor(random() * ${counts.opportunities})::int, 'PR-' || lpad(g::text, 6, '0'),
            ${pick('$3::text[]')} || ' proposal'
       FROM generate_series($1::int, $2::int) g`,
    [DEALS],
  );
  const loaded = seconds(t0);
  for (const table of Object.keys(SHARES)) await db.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  const t1 = performance.now();
  for (const statement of searchIndexRebuild(AREAS.flatMap((a) => a.searchSources ?? [])))
    await db.query(statement);
  const indexed = seconds(t1);
  const t2 = performance.now();
  await restore();
  return `records ${loaded} s, search entries ${indexed} s, indexes and ANALYZE ${seconds(t2)} s`;
}
