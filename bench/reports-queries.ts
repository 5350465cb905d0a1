// The client reports over all clients at scale (1,000,000 devices over 2,000 organizations by default; opts or
// BENCH_REPORT_DEVICES / BENCH_REPORT_ORGS / BENCH_REPORT_RUNS change that): each report's endpoint (first page and
// summary, app.inject, signed in) against one hand-written SQL statement reading the same page and the same summary,
// timed interleaved (bench/compare.ts). Goal: within 1.5x of the raw SQL, p95 <= 1 s on PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { CATEGORIES, FIRST_NAMES, LAST_NAMES, LOCATIONS } from '../src/seed/inventory-data.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { companyDay } from '../src/server/modules/report/engine/report-source.js';
import { AGE_BANDS, ageBandConditions, minusYears } from '../src/server/modules/report/queries/rules.js';
import { RMM_VIRTUAL_KEY } from '../src/server/modules/rmm-settings/virtual.js';
import { type Case, compare } from './compare.js';
import {
  count,
  dropForLoad,
  insertBenchAdmin,
  insertClientOrganizations,
  seconds,
  signInCookie,
} from './support.js';

export type ReportQueriesOptions = {
  label?: string;
  devices?: number;
  organizations?: number;
  runs?: number;
};

const EMAIL = 'bench-reports@example.test';
const PASSWORD = 'bench reports password';
const GOAL = 1.5;
const PEOPLE_PER_ORG = 25;
const CHUNK = 100_000;
const TABLES = [
  'organizations',
  'people',
  'equipment',
  'agreements',
  'agreement_services',
  'cases',
  'tasks',
  'slips',
];
const FIRMWARE = ['1.0.2', '1.2.0', '1.10.1', '2.0.0', '2.0.11', 'A07', 'A12'];

/** Bulk load as an import would: secondary indexes and foreign keys off during the load, rebuilt after it. */
export async function load(
  database: Database,
  devices: number,
  orgs: number,
): Promise<{ took: string; vmCategory: number }> {
  const db = await database.pool.connect();
  try {
    const t0 = performance.now();
    const restore = await dropForLoad(db, TABLES, { keys: true });
    await db.query('SELECT setseed(0.2026)');
    const adminId = await insertBenchAdmin(db, {
      email: EMAIL,
      password: PASSWORD,
      lastName: 'Reports',
      shortCode: 'BENCHR',
    });
    await insertClientOrganizations(db, { count: orgs, codePrefix: 'BR', actorId: adminId });
    const pick = (p: string) => `(${p})[1 + floor(random() * cardinality(${p}))::int]`;
    await db.query(
      `UPDATE organizations SET active = random() < 0.9, address = (100 + id % 900) || ' Main Street',
              rmm_plan = ${pick(`ARRAY[NULL, 'RMM', 'RMM_BILL_BY_DEVICE', 'RMM_BILL_BY_USER']`)}`,
    );
    const { rows: span } = await db.query<{ lo: number; n: number }>(
      'SELECT min(id) AS lo, count(*)::int AS n FROM organizations',
    );
    const { lo, n } = span[0]!;
    const categories = await db.query<{ id: number }>(
      'INSERT INTO device_categories (name) SELECT unnest($1::text[]) RETURNING id',
      [CATEGORIES.map((c) => c.name)],
    );
    // People in organization order, so a device can pick one of its organization's by arithmetic.
    const { rows: people } = await db.query<{ first: number }>(
      `WITH p AS (
         INSERT INTO people (organization_id, first_name, last_name, email, active)
         SELECT $1 + g / $2, ${pick('$3::text[]')}, ${pick('$4::text[]')}, 'person' || g || '@example.test', random() < 0.9
           FROM generate_series(0, $5::int - 1) g ORDER BY g RETURNING id)
       SELECT min(id) AS first FROM p`,
      [lo, PEOPLE_PER_ORG, FIRST_NAMES, LAST_NAMES, n * PEOPLE_PER_ORG],
    );
    const models = CATEGORIES.map((c) => c.models);
    const offsets = models.map((_, i) => models.slice(0, i).reduce((s, m) => s + m.length, 1));
    for (let from = 1; from <= devices; from += CHUNK) {
      await db.query(
        `INSERT INTO equipment (organization_id, name, category_id, manufacturer, model, serial_number, operating_system,
                                os_version, person_id, location, purchase_date, warranty_end, last_response_at, rmm_id,
                                antivirus_product, antivirus_state, bitlocker_state, missing_patches, last_patch_date,
                                firmware_version, virtual, active, created_by, updated_by)
         SELECT $1 + s.org, 'BR' || s.org || '-' || ($3::text[])[s.c] || lpad((s.g % 1000)::text, 3, '0'), ($4::int[])[s.c],
                split_part(s.model, '/', 1), split_part(s.model, '/', 2), upper(substr(md5(s.g::text), 8, 10)),
                CASE WHEN s.c <= 3 THEN 'Windows 11 Pro' END, CASE WHEN s.c <= 3 THEN '23H2' END,
                CASE WHEN random() < 0.6 THEN $9 + s.org * $10 + floor(random() * $10)::int END,
                ${pick('$11::text[]')},
                CASE WHEN random() < 0.95 THEN current_date - s.age END,
                CASE WHEN random() < 0.95 THEN current_date - s.age + 365 * ${pick('ARRAY[1, 3, 3, 5]')} END,
                CASE WHEN s.rmm THEN now() - random() ^ 6 * interval '200 days' END,
                CASE WHEN s.rmm THEN 'R' || s.g END,
                CASE WHEN s.rmm THEN 'Microsoft Defender for Business' END,
                CASE WHEN s.rmm THEN ${pick(`ARRAY['PROTECTED','PROTECTED','PROTECTED','PROTECTED','PROTECTED','PROTECTED','AT_RISK','DISABLED','NOT_INSTALLED']`)} END,
                CASE WHEN s.rmm THEN ${pick(`ARRAY['ENCRYPTED','ENCRYPTED','ENCRYPTED','NOT_ENCRYPTED','SUSPENDED','NOT_SUPPORTED']`)} END,
                CASE WHEN s.rmm THEN ${pick('ARRAY[0, 0, 0, 0, 1, 3, 12]')} END,
                CASE WHEN s.rmm THEN current_date - (random() ^ 3 * 120)::int END,
                CASE WHEN random() < 0.8 THEN ${pick('$12::text[]')} END,
                s.c = 10, random() < 0.92, $13, $13
           FROM (SELECT g, c, floor(random() * $2)::int AS org, (random() * 2800)::int AS age, random() < 0.7 AS rmm,
                        ($5::text[])[($6::int[])[c] + floor(random() * ($7::int[])[c])::int] AS model
                   FROM (SELECT g, 1 + floor(random() * 10)::int AS c FROM generate_series($8::int, $14::int) g) r) s`,
        [
          lo,
          n,
          CATEGORIES.map((c) => c.code),
          categories.rows.map((r) => r.id),
          models.flat(),
          offsets,
          models.map((m) => m.length),
          from,
          people[0]!.first,
          PEOPLE_PER_ORG,
          LOCATIONS,
          FIRMWARE,
          adminId,
          Math.min(devices, from + CHUNK - 1),
        ],
      );
    }
    // Services activity: an agreement with three services, a case with a task and some slips in the last two months.
    await db.query(`INSERT INTO service_types (name) VALUES ('Managed Desktop'), ('Backup'), ('Firewall')`);
    await db.query(
      `INSERT INTO agreements (organization_id, number, title, type, start_date)
       SELECT id, 'BR-AG-' || id, 'Managed services', 'MANAGED', current_date - 400 FROM organizations`,
    );
    await db.query(
      `INSERT INTO agreement_services (agreement_id, service_type_id, quantity, unit_price, billing_frequency, start_date)
       SELECT a.id, st.id, 1 + floor(random() * 40), 25, 'MONTHLY', a.start_date FROM agreements a CROSS JOIN service_types st`,
    );
    await db.query(`INSERT INTO cases (organization_id, title) SELECT id, 'Support' FROM organizations`);
    await db.query(`INSERT INTO tasks (case_id, title) SELECT id, 'Help desk' FROM cases`);
    await db.query(
      `INSERT INTO slips (task_id, user_id, work_date, start_time, stop_time, created_by, updated_by)
       SELECT t.id, $1, current_date - floor(random() * 60)::int, time '09:00', time '09:00' + (15 + floor(random() * 8) * 15) * interval '1 minute', $1, $1
         FROM tasks t CROSS JOIN generate_series(1, 10)`,
      [adminId],
    );
    const vm = categories.rows[CATEGORIES.findIndex((c) => c.code === 'VM')]!.id;
    await db.query(`INSERT INTO settings (key, value) VALUES ($1, $2)`, [
      RMM_VIRTUAL_KEY,
      JSON.stringify({ categoryIds: [vm], models: ['VMware*'] }),
    ]);
    const loaded = seconds(t0);
    const t1 = performance.now();
    await restore();
    return { took: `${loaded} s, indexes, keys and ANALYZE ${seconds(t1)} s`, vmCategory: vm };
  } finally {
    db.release();
  }
}

type Row = Record<string, unknown>;

/** One statement: the page's keys (`k` of each row, in order) and the summary's rows (`total` in the first). */
const both = (page: string, summary: string, withList = '') =>
  `${withList ? `WITH ${withList} ` : ''}SELECT (SELECT json_agg(p.k) FROM (${page}) p) AS keys,
          (SELECT json_agg(s) FROM (${summary}) s) AS summary`;

const DEVICES = 'FROM equipment e JOIN organizations o ON o.id = e.organization_id';
const SHOWN = `LEFT JOIN device_categories c ON c.id = e.category_id LEFT JOIN people pe ON pe.id = e.person_id`;
const PERSON = `pe.first_name || ' ' || pe.last_name`;
const OS = `NULLIF(concat_ws(' ', e.operating_system, e.os_version), '')`;

/** The raw SQL of each report over all clients (active devices, the other filters at their defaults). */
function rawCases(today: string, vm: number, zone: string): { what: string; sql: string }[] {
  const t = `DATE '${today}'`;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const from = `DATE '${new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10)}'`;
  const to = `DATE '${new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10)}'`;
  const before = (years: number) => `DATE '${minusYears(today, years)}'`;
  const bandCounts = ageBandConditions('e.purchase_date', today)
    .map((c, b) => `count(*) FILTER (WHERE ${c}) AS b${b}`)
    .join(', ');
  const fw = `COALESCE(manufacturer, '') AS mf, COALESCE(model, '') AS md, firmware_version AS v`;
  const latest = `RECURSIVE versions AS (
      (SELECT ${fw} FROM equipment WHERE firmware_version IS NOT NULL ORDER BY 1, 2, 3 LIMIT 1)
      UNION ALL
      SELECT n.* FROM versions s CROSS JOIN LATERAL (SELECT ${fw} FROM equipment
        WHERE firmware_version IS NOT NULL AND (COALESCE(manufacturer, ''), COALESCE(model, ''), firmware_version) > (s.mf, s.md, s.v)
        ORDER BY 1, 2, 3 LIMIT 1) n),
    latest AS (SELECT DISTINCT ON (mf, md) mf, md, v AS version FROM versions
      ORDER BY mf, md, string_to_array(NULLIF(trim(both '.' FROM regexp_replace(v, '[^0-9]+', '.', 'g')), ''), '.')::numeric[] DESC NULLS LAST, v DESC)`;
  const virtual = `(e.virtual OR e.category_id = ${vm} OR lower(e.model) LIKE 'vmware%') IS TRUE`;
  // No check-in for more than 30 of the company's days: before the day 30 days ago began there.
  const stale = `COALESCE(e.last_response_at, '-infinity'::timestamptz) < (${t} - 30)::timestamp AT TIME ZONE '${zone}'`;
  const activity = `
    SELECT o.id AS org_id, o.name AS organization, 0 AS kind, s.id AS row_id, st.name AS service, s.quantity, s.unit_price,
           NULL::numeric AS minutes
      FROM agreement_services s JOIN agreements a ON a.id = s.agreement_id JOIN organizations o ON o.id = a.organization_id
      JOIN service_types st ON st.id = s.service_type_id
     WHERE s.start_date <= ${to} AND (s.end_date IS NULL OR s.end_date >= ${from})
       AND a.start_date <= ${to} AND (a.end_date IS NULL OR a.end_date >= ${from}) AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)
    UNION ALL
    SELECT o.id, o.name, 1, 0, 'Time logged', NULL, NULL, round(sum(extract(epoch FROM sl.stop_time - sl.start_time)) / 60)
      FROM slips sl JOIN tasks tk ON tk.id = sl.task_id JOIN cases c ON c.id = tk.case_id JOIN organizations o ON o.id = c.organization_id
     WHERE sl.work_date BETWEEN ${from} AND ${to} AND sl.stop_time IS NOT NULL GROUP BY o.id, o.name`;
  return [
    {
      what: 'antivirus',
      sql: both(
        `SELECT e.name AS k, o.name, ${PERSON}, ${OS}, e.antivirus_product, e.antivirus_state, e.last_response_at
           ${DEVICES} ${SHOWN} WHERE e.active ORDER BY e.name, e.id LIMIT 25`,
        `SELECT count(*) AS total, ${['PROTECTED', 'AT_RISK', 'DISABLED', 'NOT_INSTALLED'].map((v) => `count(*) FILTER (WHERE e.antivirus_state = '${v}')`).join(', ')}
           ${DEVICES} WHERE e.active`,
      ),
    },
    {
      what: 'bitlocker',
      sql: both(
        `SELECT e.name AS k, o.name, ${PERSON}, c.name, ${OS}, e.bitlocker_state, e.last_response_at
           ${DEVICES} ${SHOWN} WHERE e.active ORDER BY e.name, e.id LIMIT 25`,
        `SELECT count(*) AS total, ${['ENCRYPTED', 'PARTIAL', 'SUSPENDED', 'NOT_ENCRYPTED', 'NOT_SUPPORTED'].map((v) => `count(*) FILTER (WHERE e.bitlocker_state = '${v}')`).join(', ')}
           ${DEVICES} WHERE e.active`,
      ),
    },
    {
      what: 'device',
      sql: both(
        `SELECT e.name AS k, o.name, c.name, e.manufacturer, e.model, e.serial_number, ${OS}, ${PERSON}, e.location,
                to_char(e.purchase_date, 'YYYY-MM-DD'), to_char(e.warranty_end, 'YYYY-MM-DD'), e.last_response_at
           ${DEVICES} ${SHOWN} WHERE e.active ORDER BY e.name, e.id LIMIT 25`,
        `SELECT sum(g.n) OVER () AS total, c.name, g.* FROM (
           SELECT e.category_id, count(*) AS n, count(*) FILTER (WHERE e.rmm_id IS NOT NULL), count(*) FILTER (WHERE e.person_id IS NOT NULL),
                  count(*) FILTER (WHERE e.warranty_end < ${t})
             ${DEVICES} WHERE e.active GROUP BY 1) g LEFT JOIN device_categories c ON c.id = g.category_id`,
      ),
    },
    {
      // Sorted by organization, a person would count the page's organizations one by one too.
      what: 'device-summary-by-age?by=age',
      sql: both(
        `SELECT o.name || '|' || v.band || '|' || v.n AS k, round(100.0 * v.n / x.n, 1)
           FROM organizations o
           CROSS JOIN LATERAL (SELECT count(*) AS n, ${bandCounts} FROM equipment e WHERE e.organization_id = o.id AND e.active) x
           CROSS JOIN LATERAL (VALUES ${[0, 1, 2, 3, 4, 5, 6].map((b) => `(${b}, x.b${b})`).join(', ')}) v(band, n)
          WHERE v.n > 0 ORDER BY o.name, o.id, v.band LIMIT 25`,
        `SELECT ${[0, 1, 2, 3, 4, 5, 6].map((b) => `count(*) FILTER (WHERE b${b} > 0)`).join(' + ')} AS total,
                ${[0, 1, 2, 3, 4, 5, 6].map((b) => `sum(b${b})`).join(', ')}
           FROM (SELECT ${bandCounts} ${DEVICES} WHERE e.active GROUP BY o.id) g`,
      ),
    },
    {
      what: 'device-summary-by-age?by=site',
      sql: both(
        `SELECT o.name || '|' || COALESCE(x.loc, '') || '|' || x.n AS k, o.address, x.*
           FROM organizations o
           CROSS JOIN LATERAL (SELECT NULLIF(trim(e.location), '') AS loc, count(*) AS n,
                                      count(*) FILTER (WHERE e.purchase_date <= ${before(5)}) AS old
                                 FROM equipment e WHERE e.organization_id = o.id AND e.active GROUP BY 1) x
          ORDER BY o.name, o.id, COALESCE(x.loc, '') LIMIT 25`,
        `SELECT count(*) AS total, sum(n), sum(old) FROM (SELECT count(*) AS n, count(*) FILTER (WHERE e.purchase_date <= ${before(5)}) AS old
           ${DEVICES} WHERE e.active GROUP BY o.id, NULLIF(trim(e.location), '')) g`,
      ),
    },
    {
      what: 'firmware',
      sql: both(
        `SELECT e.name AS k, o.name, e.manufacturer, e.model, e.firmware_version, l.version,
                CASE WHEN e.firmware_version = l.version THEN 'Current' ELSE 'Outdated' END
           ${DEVICES} LEFT JOIN latest l ON l.mf = COALESCE(e.manufacturer, '') AND l.md = COALESCE(e.model, '')
          WHERE e.active AND e.firmware_version IS NOT NULL ORDER BY e.name, e.id LIMIT 25`,
        `SELECT sum(g.n) FILTER (WHERE g.fw IS NOT NULL) AS total, sum(g.n), sum(g.n) FILTER (WHERE g.fw = l.version)
           FROM (SELECT COALESCE(e.manufacturer, '') AS mf, COALESCE(e.model, '') AS md, e.firmware_version AS fw, count(*) AS n
                   ${DEVICES} WHERE e.active GROUP BY 1, 2, 3) g
           LEFT JOIN latest l ON l.mf = g.mf AND l.md = g.md`,
        latest,
      ),
    },
    {
      what: 'outdated-response',
      sql: both(
        `SELECT e.name AS k, o.name, c.name, ${OS}, ${PERSON}, e.last_response_at,
                ${t} - (e.last_response_at AT TIME ZONE '${zone}')::date
           ${DEVICES} ${SHOWN} WHERE e.active AND ${stale}
          ORDER BY COALESCE(e.last_response_at, '-infinity'::timestamptz), e.id LIMIT 25`,
        `SELECT count(*) FILTER (WHERE ${stale}) AS total, count(*), count(*) FILTER (WHERE e.last_response_at IS NULL)
           ${DEVICES} WHERE e.active`,
      ),
    },
    {
      what: 'patch',
      sql: both(
        `SELECT e.name AS k, o.name, ${OS}, e.missing_patches, to_char(e.last_patch_date, 'YYYY-MM-DD')
           ${DEVICES} ${SHOWN} WHERE e.active ORDER BY e.name, e.id LIMIT 25`,
        `SELECT count(*) AS total, count(*) FILTER (WHERE e.missing_patches > 0),
                count(*) FILTER (WHERE COALESCE(e.missing_patches, 0) = 0 AND e.last_patch_date < ${t} - 30),
                count(*) FILTER (WHERE e.missing_patches IS NULL AND e.last_patch_date IS NULL)
           ${DEVICES} WHERE e.active`,
      ),
    },
    {
      what: 'services-activity',
      sql: both(
        // The page's organizations in name order, each looked up through its agreements and cases.
        `SELECT o.name || '|' || x.service AS k, x.quantity, x.unit_price
           FROM organizations o CROSS JOIN LATERAL (
             SELECT 0 AS kind, s.id AS row_id, st.name AS service, s.quantity, s.unit_price
               FROM agreements a JOIN agreement_services s ON s.agreement_id = a.id JOIN service_types st ON st.id = s.service_type_id
              WHERE a.organization_id = o.id AND s.start_date <= ${to} AND (s.end_date IS NULL OR s.end_date >= ${from})
                AND a.start_date <= ${to} AND (a.end_date IS NULL OR a.end_date >= ${from}) AND (a.status = 'OPEN' OR a.end_date IS NOT NULL)
             UNION ALL
             SELECT 1, 0, 'Time logged', NULL, NULL FROM cases c JOIN tasks tk ON tk.case_id = c.id JOIN slips sl ON sl.task_id = tk.id
              WHERE c.organization_id = o.id AND sl.work_date BETWEEN ${from} AND ${to} AND sl.stop_time IS NOT NULL
             HAVING count(*) > 0) x
          ORDER BY o.name, o.id, x.kind, x.row_id LIMIT 25`,
        `WITH g AS (${activity})
         SELECT count(*) AS total, count(DISTINCT org_id), sum(minutes),
                (SELECT json_agg(t) FROM (SELECT organization, minutes FROM g WHERE kind = 1 ORDER BY minutes DESC, organization LIMIT 10) t)
           FROM g`,
      ),
    },
    {
      what: 'user-and-device-counts',
      sql: both(
        `SELECT o.name || '|' || COALESCE((CASE o.rmm_plan WHEN 'RMM_BILL_BY_USER' THEN u.n WHEN 'RMM_BILL_BY_DEVICE' THEN d.devices END)::text, '') AS k, d.virtual
           FROM organizations o
           CROSS JOIN LATERAL (SELECT count(*) AS n FROM people p WHERE p.organization_id = o.id AND p.active) u
           CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE NOT ${virtual}) AS devices, count(*) FILTER (WHERE ${virtual}) AS virtual
                                 FROM equipment e WHERE e.organization_id = o.id AND e.active) d
          ORDER BY o.name, o.id LIMIT 25`,
        `SELECT count(*) AS total, sum(u.n), sum(d.devices), sum(d.virtual) FROM organizations o
           LEFT JOIN (SELECT organization_id, count(*) AS n FROM people WHERE active GROUP BY 1) u ON u.organization_id = o.id
           LEFT JOIN (SELECT organization_id, count(*) FILTER (WHERE NOT ${virtual}) AS devices, count(*) FILTER (WHERE ${virtual}) AS virtual
                        FROM equipment e WHERE active GROUP BY 1) d ON d.organization_id = o.id`,
      ),
    },
    {
      what: 'warranty',
      sql: both(
        `SELECT e.name AS k, o.name, c.name, e.manufacturer, e.model, e.serial_number, to_char(e.purchase_date, 'YYYY-MM-DD'),
                to_char(e.warranty_end, 'YYYY-MM-DD'), e.warranty_end - ${t}
           ${DEVICES} ${SHOWN} WHERE e.active AND e.warranty_end <= ${t} + 90 ORDER BY e.warranty_end, e.id LIMIT 25`,
        `SELECT count(*) FILTER (WHERE e.warranty_end <= ${t} + 90) AS total, count(*) FILTER (WHERE e.warranty_end < ${t}),
                ${[0, 31, 61].map((d) => `count(*) FILTER (WHERE e.warranty_end BETWEEN ${t} + ${d} AND ${t} + ${d + 29 + (d ? 0 : 1)})`).join(', ')},
                count(*) FILTER (WHERE e.warranty_end > ${t} + 90)
           ${DEVICES} WHERE e.active`,
      ),
    },
    {
      what: 'user',
      sql: both(
        `SELECT p.last_name || ', ' || p.first_name AS k, o.name, p.title, p.email, COALESCE(p.phone, p.mobile),
                (SELECT count(*) FROM equipment e WHERE e.person_id = p.id AND e.active)
           FROM people p JOIN organizations o ON o.id = p.organization_id WHERE p.active
          ORDER BY p.last_name, p.first_name, p.id LIMIT 25`,
        `SELECT count(*) AS total, count(*) FILTER (WHERE EXISTS (SELECT 1 FROM equipment e WHERE e.person_id = p.id AND e.active))
           FROM people p JOIN organizations o ON o.id = p.organization_id WHERE p.active`,
      ),
    },
  ];
}
/** The key of an endpoint row, as the raw SQL's `k` column spells it. */
const KEYS: Record<string, (row: Row) => string> = {
  'device-summary-by-age?by=age': (r) =>
    `${r.organization}|${AGE_BANDS.indexOf(r.age as never)}|${r.devices}`,
  'device-summary-by-age?by=site': (r) => `${r.organization}|${r.location ?? ''}|${r.devices}`,
  'services-activity': (r) => `${r.organization}|${r.service}`,
  'user-and-device-counts': (r) => `${r.organization}|${r.billed ?? ''}`,
};

export async function reportQueriesBench(database: Database, opts: ReportQueriesOptions = {}): Promise<void> {
  const devices = opts.devices ?? Number(process.env.BENCH_REPORT_DEVICES ?? 1_000_000);
  const orgs = opts.organizations ?? Number(process.env.BENCH_REPORT_ORGS ?? 2_000);
  const runs = opts.runs ?? Number(process.env.BENCH_REPORT_RUNS ?? 20);
  const label = opts.label ?? database.kind;
  await migrate(database.pool);
  const { took, vmCategory } = await load(database, devices, orgs);
  console.log(
    `reports [${label}]: loaded ${count(orgs)} organizations and ${count(devices)} devices in ${took}`,
  );
  const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, database, logger: false });
    const cookie = await signInCookie(app, EMAIL, PASSWORD);
    const today = companyDay(config.timeZone);
    const ratios: [string, number][] = [];
    for (const raw of rawCases(today, vmCategory, config.timeZone)) {
      const key = KEYS[raw.what] ?? KEYS[raw.what.split('?')[0]!] ?? ((r: Row) => String(r.name));
      const c: Case = {
        what: raw.what,
        url: `/api/report/${raw.what}${raw.what.includes('?') ? '&' : '?'}clients=all`,
        raw: [raw.sql, []],
        runs,
        check: (body, rows) => {
          const r = rows[0] as { keys: string[] | null; summary: Row[] | null };
          const shown = (body.rows as Row[]).map(key);
          return (
            JSON.stringify(shown) === JSON.stringify(r.keys ?? []) &&
            body.total === Number(r.summary?.[0]?.total ?? 0)
          );
        },
      };
      ratios.push([
        raw.what,
        await compare(app, database, cookie, c, {
          subject: 'report',
          scale: `${count(devices)} devices, all clients`,
          goal: GOAL,
        }),
      ]);
    }
    const worst = ratios.reduce((a, b) => (b[1] > a[1] ? b : a));
    console.log(
      `reports [${label}]: worst ratio ${worst[1].toFixed(2)}x (${worst[0]}); goal <= ${GOAL.toFixed(2)}x, p95 <= 1000 ms`,
    );
  } finally {
    await app?.close();
  }
}
