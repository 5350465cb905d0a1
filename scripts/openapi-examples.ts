// `npm run api:examples`: the examples of the OpenAPI document, taken from the demo data. A fresh embedded database in
// a temporary folder is migrated and first-started with the demo data as SD6_DEMO=on does (serve.ts: firstStart and
// demoSeed); the app is built in-process and a demo administrator signs in; every GET operation with a JSON 200 answer
// is called with path parameters from the demo data (a record's id from the list before its path, as the contract
// test does) and its answer, trimmed, is the operation's example. Each webhook event gets the demo record its `data`
// documents. Writes src/server/platform/openapi-examples.json, which openapi.ts and openapi-webhooks.ts attach.
//
// The demo data is dated from today and stamps rows with the time they were written: the clocks of this process and
// of the embedded database (PGlite reads Date.now) are stopped at EXAMPLE_MOMENT, so every run writes the same file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** The moment the examples are taken at (a Monday), also the `timestamp` of every webhook example. */
const EXAMPLE_MOMENT = '2026-11-23T15:04:05.000Z';
/** A JSON example no larger than this (compact JSON); arrays are cut to MAX_ITEMS items, strings to MAX_STRING. */
const MAX_BYTES = 4096;
const MAX_ITEMS = 2;
const MAX_STRING = 200;
const OUTPUT = new URL('../src/server/platform/openapi-examples.json', import.meta.url);
const ADMIN = { email: 'admin@sd6.local', password: 'openapi-examples-admin-password' };

// A stopped clock: `new Date()` and Date.now() answer the one moment; loaded here and in the database's process.
const CLOCK = `const at = ${Date.parse(EXAMPLE_MOMENT)}; const RealDate = Date;
globalThis.Date = new Proxy(RealDate, {
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [at], newTarget),
  apply: () => new RealDate(at).toString(),
  get: (target, key, receiver) => (key === 'now' ? () => at : Reflect.get(target, key, receiver)),
});`;
const CLOCK_URL = `data:text/javascript,${encodeURIComponent(CLOCK)}`;

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Media = { schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, Media> }>;
  requestBody?: { content: Record<string, Media> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Schema> };
};

/**
 * Which GET answer each webhook event's `data` is, where in it (the property; none: the whole answer), and which demo
 * record fits the event best (a query naming the path's parameters; none, or no row: the operation's example).
 */
const EVENT_SOURCES: Record<string, { path: string; property?: string; pick?: string }> = {
  'slip.created': { path: '/api/manage/slip/{id}', property: 'slip' },
  'slip.updated': { path: '/api/manage/slip/{id}', property: 'slip' },
  'slip.deleted': { path: '/api/manage/slip/{id}', property: 'slip' },
  'week.submitted': { path: '/api/time/week/{date}/{userId}' },
  'week.approved': { path: '/api/time/week/{date}/{userId}' },
  'case.billed': {
    path: '/api/manage/case/{id}',
    property: 'case',
    pick: 'SELECT id FROM cases WHERE billed_at IS NOT NULL ORDER BY id LIMIT 1',
  },
  'case.unbilled': {
    path: '/api/manage/case/{id}',
    property: 'case',
    pick: `SELECT id FROM cases WHERE billed_at IS NULL AND status = 'CLOSED' ORDER BY id LIMIT 1`,
  },
  'agreement.created': { path: '/api/manage/agreement/{id}', property: 'agreement' },
  'agreement.changed': { path: '/api/manage/agreement/{id}', property: 'agreement' },
  'amendment.signed': {
    path: '/api/manage/agreement/{agreementId}/amendment/{id}',
    property: 'amendment',
    pick: `SELECT agreement_id AS "agreementId", id FROM amendments WHERE status = 'SIGNED' ORDER BY id LIMIT 1`,
  },
  'opportunity.won': {
    path: '/api/manage/opportunity/{id}',
    property: 'opportunity',
    pick: `SELECT id FROM opportunities WHERE outcome = 'WON' ORDER BY id LIMIT 1`,
  },
  'proposal.accepted': {
    path: '/api/manage/opportunity/{opportunityId}/proposal/{id}',
    property: 'proposal',
    pick: `SELECT opportunity_id AS "opportunityId", id FROM proposals WHERE status = 'ACCEPTED' ORDER BY id LIMIT 1`,
  },
  'import.finished': { path: '/api/admin/file-import/{id}', property: 'run' },
  'security_pack.ready': { path: '/api/report/security-pack/{id}', property: 'job' },
};

async function main(): Promise<void> {
  // Before anything reads the clock or the zone; the embedded database's process inherits both.
  process.env.TZ = 'UTC';
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import="${CLOCK_URL}"`.trim();
  await import(CLOCK_URL);
  const { buildApp } = await import('../src/server/app.js');
  const { loadConfig } = await import('../src/server/config.js');
  const { openDatabase } = await import('../src/server/db/client.js');
  const { startEmbeddedDatabase } = await import('../src/server/db/embedded.js');
  const { migrate } = await import('../src/server/db/migrate.js');
  const { firstStart } = await import('../src/server/first-start.js');
  const { demoSeed, DEMO_PASSWORD } = await import('../src/seed/index.js');
  const { DEMO_DEVELOPER_EMAIL } = await import('../src/seed/staff.js');
  const { DOC_BOOK_IDS } = await import('../src/shared/schemas/documentation.js');
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const { default: addFormats } = await import('ajv-formats');

  const dataDir = mkdtempSync(join(tmpdir(), 'sd6-openapi-examples-'));
  const config = loadConfig(
    {
      SD6_ENV: 'dev',
      SD6_DEMO: 'on',
      DATA_DIR: dataDir,
      SD6_ADMIN_EMAIL: ADMIN.email,
      SD6_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'silent',
      SD6_STRICT_RESPONSES: 'on',
    },
    false,
  );
  const database = await openDatabase({
    dataDir,
    poolSize: 1,
    embedded: startEmbeddedDatabase(dataDir),
  });
  let app: FastifyInstance | undefined;
  try {
    // As serve.ts does on a first start with SD6_DEMO on.
    await migrate(database.pool);
    const first = await firstStart(database, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      demo: demoSeed(config.timeZone),
    });
    if (!first?.demo) throw new Error('the demo data was not loaded');
    app = await buildApp({ config, database, logger: false });
    await app.jobs.prepare();
    const server = app;

    // The demo's developer: an administrator who reaches every screen's calls (the jobs screen too).
    const login = await server.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { email: DEMO_DEVELOPER_EMAIL, password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const set = login.cookies.find((c) => c.name.endsWith('sd6_session'))!;
    const cookie = `${set.name}=${set.value}`;
    const get = (url: string) => server.inject({ method: 'GET', url, headers: { cookie } });

    const document = server.openApiDocument() as unknown as Document;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validatorOf = (schema: Schema) => {
      const text = JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/');
      return ajv.compile({ ...JSON.parse(text), $defs: document.components.schemas });
    };

    // The last working day of the week before (a whole week of work), the demo technician with the most slips that
    // week, and that day's last slip of theirs: its task, case and organization are the records of the calls that
    // name one in their query or path (a task's slips, a case's lines, an organization's uploads).
    const day = '2026-11-20';
    const { rows: picked } = await database.pool.query<{
      user_id: number;
      task_id: number;
      case_id: number;
      organization_id: number;
    }>(
      `WITH busy AS (
         SELECT s.user_id FROM slips s JOIN users u ON u.id = s.user_id
          WHERE s.work_date BETWEEN $1::date - 4 AND $1::date
          GROUP BY s.user_id, u.email ORDER BY count(*) DESC, u.email LIMIT 1)
       SELECT s.user_id, s.task_id, t.case_id, c.organization_id
         FROM slips s JOIN busy USING (user_id) JOIN tasks t ON t.id = s.task_id JOIN cases c ON c.id = t.case_id
        WHERE s.work_date = $1::date ORDER BY s.start_time DESC, s.id DESC LIMIT 1`,
      [day],
    );
    const work = picked[0];
    if (!work) throw new Error(`the demo data has no slips on ${day}`);
    // An opportunity with an accepted proposal: its proposals and documents are the ones shown.
    const { rows: sales } = await database.pool.query<{ opportunity_id: number }>(
      `SELECT opportunity_id FROM proposals WHERE status = 'ACCEPTED' ORDER BY id LIMIT 1`,
    );
    /** Values of path and query parameters that no list names. */
    const known: Record<string, string> = {
      date: `${day.slice(5, 7)}${day.slice(8, 10)}${day.slice(0, 4)}`,
      userId: String(work.user_id),
      taskId: String(work.task_id),
      task: String(work.task_id),
      caseId: String(work.case_id),
      case: String(work.case_id),
      organization: String(work.organization_id),
      frequency: 'QUARTERLY',
      ...(sales[0] ? { opportunityId: String(sales[0].opportunity_id) } : {}),
    };
    /** Paths whose addresses are made by hand (as in the contract test), or why the demo data cannot give one. */
    const special = new Map<string, string | { skip: string }>();
    special.set('/api/report/security-pack/{id}', {
      skip: 'no demo pack (one is made by a POST and its job)',
    });
    special.set('/api/auth/reset-password/{token}', {
      skip: 'no reset token in the demo data (one is mailed)',
    });
    special.set('/api/time/quick-match', `/api/time/quick-match?words=${encodeURIComponent('backup')}`);
    special.set('/api/history/{entity}/{id}', `/api/history/case/${work.case_id}`);
    const pages = new Map<string, string>();
    for (const book of DOC_BOOK_IDS) {
      const toc = (await get(`/api/resources/docs/${book}`)).json() as { pages: { slug: string }[] };
      pages.set(book, toc.pages[0]!.slug);
    }

    const firstIdCache = new Map<string, string | null>();
    /** The value of a path parameter: its enum, a known value, or the id of the first row of the list before it. */
    const paramValue = async (template: string, url: string, name: string, op: Operation) => {
      const parameter = op.parameters?.find((p) => p.in === 'path' && p.name === name);
      if (template === '/api/resources/docs/{book}/{page}' && name === 'page')
        return pages.get(url.split('/')[4]!) ?? null;
      const enumValues = parameter?.schema?.enum as string[] | undefined;
      if (enumValues) return enumValues[0]!;
      if (known[name]) return known[name]!;
      const listUrl = url.slice(0, url.indexOf(`/{${name}}`));
      const list = document.paths[template.slice(0, template.indexOf(`/{${name}}`))]?.get;
      if (list) {
        const listed = withQuery(listUrl, list);
        if (listed && !firstIdCache.has(listed)) {
          const res = await get(listed);
          firstIdCache.set(listed, res.statusCode === 200 ? firstId(res.json()) : null);
        }
        const id = listed ? firstIdCache.get(listed) : null;
        if (id) return id;
      }
      return null;
    };
    const withQuery = (path: string, op: Operation): string | null => {
      const required = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
      const query: string[] = [];
      for (const p of required) {
        const value = known[p.name] ?? (p.schema?.enum as string[] | undefined)?.[0];
        if (value === undefined) return null;
        query.push(`${p.name}=${encodeURIComponent(value)}`);
      }
      return query.length ? `${path}?${query.join('&')}` : path;
    };
    const urlOf = async (path: string, op: Operation): Promise<string | string[]> => {
      const given = special.get(path);
      if (given !== undefined) return typeof given === 'string' ? given : [given.skip];
      let url = path;
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const value = await paramValue(path, url, name!, op);
        if (value === null) return [`no demo record gives {${name}}`];
        url = url.replace(`{${name}}`, encodeURIComponent(value));
      }
      return withQuery(url, op) ?? ['a required query parameter has no demo value'];
    };

    const operations: Record<string, unknown> = {};
    const answers = new Map<string, unknown>();
    const skipped: string[] = [];
    let total = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      const op = methods.get;
      const media = op?.responses['200']?.content?.['application/json'];
      if (!op || !media?.schema) continue;
      total++;
      const key = `GET ${path}`;
      const url = await urlOf(path, op);
      if (Array.isArray(url)) {
        skipped.push(`${key}: ${url[0]}`);
        continue;
      }
      const res = await get(url);
      if (res.statusCode !== 200) {
        skipped.push(`${key}: GET ${url} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
        continue;
      }
      const validate = validatorOf(media.schema);
      const answer = res.json();
      if (!validate(answer)) throw new Error(`${key}: the answer does not match its schema`);
      answers.set(path, answer);
      const example = trimmed(steady(key, answer), validate);
      if (example === null) skipped.push(`${key}: no example of at most ${MAX_BYTES} bytes`);
      else operations[key] = example;
    }

    const webhooks: Record<string, unknown> = {};
    for (const [type, hook] of Object.entries(document.webhooks)) {
      const schema = hook.post.requestBody?.content['application/json']?.schema;
      const source = EVENT_SOURCES[type];
      let answer = source && answers.get(source.path);
      if (source?.pick) {
        const { rows } = await database.pool.query<Record<string, number>>(source.pick);
        const params = rows[0];
        if (params) {
          const url = source.path.replace(/\{([^}]+)\}/g, (_, name: string) => String(params[name]));
          const res = await get(url);
          if (res.statusCode !== 200)
            throw new Error(`webhook ${type}: GET ${url} answered ${res.statusCode}`);
          answer = res.json();
        }
      }
      if (!schema || !source || answer === undefined) {
        skipped.push(
          `webhook ${type}: ${source ? `no demo answer of GET ${source.path}` : 'no demo record (an event of the Webhooks screen)'}`,
        );
        continue;
      }
      const data = source.property ? (answer as Record<string, unknown>)[source.property] : answer;
      const validate = validatorOf(schema);
      const envelope = { type, timestamp: EXAMPLE_MOMENT, data: steady(`webhook ${type}`, data) };
      if (!validate(envelope)) throw new Error(`webhook ${type}: the demo record does not match its schema`);
      const example = trimmed(envelope, validate);
      if (example === null) skipped.push(`webhook ${type}: no example of at most ${MAX_BYTES} bytes`);
      else webhooks[type] = example;
    }

    const output = { operations: sortedKeys(operations), webhooks: sortedKeys(webhooks) };
    const text = `${JSON.stringify(output, null, 2)}\n`;
    writeFileSync(OUTPUT, text);
    // As the repository's formatter writes JSON (short arrays on one line), so a check finds nothing to change.
    const format = spawnSync('npx', ['biome', 'format', '--write', fileURLToPath(OUTPUT)], {
      stdio: 'inherit',
    });
    if (format.status !== 0) throw new Error('biome could not format the examples');
    console.log(
      `${OUTPUT.pathname}: ${Object.keys(operations).length} of ${total} GET operations with a JSON answer, ` +
        `${Object.keys(webhooks).length} of ${Object.keys(document.webhooks).length} webhook events; ` +
        `${statSync(OUTPUT).size} bytes`,
    );
    if (skipped.length) console.log(`Without an example:\n  ${skipped.join('\n  ')}`);
  } finally {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The process's own measurements (the monitoring screen's): fixed stand-ins, the same on every run and machine. */
const MEASUREMENTS: Record<string, number | string> = {
  pid: 4242,
  uptimeSeconds: 3600,
  nodeVersion: 'v24.12.0',
  p50Ms: 12.5,
  p95Ms: 48.2,
  lagMeanMs: 10.4,
  lagP50Ms: 10.1,
  lagP99Ms: 21.3,
  lagMaxMs: 35.6,
  heapUsedBytes: 96_468_992,
  heapTotalBytes: 125_829_120,
  rssBytes: 209_715_200,
};
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const uuids = new Map<string, string>();

/**
 * An answer without what differs from run to run whatever the data: random ids (the job queue's) become numbered ones,
 * in the order they are first met; the monitoring screen's measurements of this process become stand-ins.
 */
function steady(key: string, value: unknown): unknown {
  const measured = key === 'GET /api/admin/monitoring';
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string')
      return v.replace(UUID, (id) => {
        let stand = uuids.get(id.toLowerCase());
        if (!stand) {
          stand = `00000000-0000-4000-8000-${String(uuids.size + 1).padStart(12, '0')}`;
          uuids.set(id.toLowerCase(), stand);
        }
        return stand;
      });
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, item]) => [
          k,
          measured && k in MEASUREMENTS && item !== null ? MEASUREMENTS[k] : walk(item),
        ]),
      );
    return v;
  };
  return walk(value);
}

/** The id of a list's first row, wherever the answer keeps its rows (`items`, `{ mail: { items } }`, an array). */
function firstId(body: unknown, depth = 0): string | null {
  if (depth > 3 || body === null || typeof body !== 'object') return null;
  if (Array.isArray(body)) {
    const row = body.find((r) => r && typeof r === 'object' && 'id' in r) as { id: number } | undefined;
    return row ? String(row.id) : null;
  }
  const record = body as Record<string, unknown>;
  for (const value of [record.items, ...Object.values(record)]) {
    const id = firstId(value, depth + 1);
    if (id !== null) return id;
  }
  return null;
}

type Validate = ((value: unknown) => boolean) & {
  errors?: { instancePath: string; keyword: string }[] | null;
};
type Cut = { items: number; string: number; depth: number };
/** Ever deeper cuts, until an example is small enough: fewer items, shorter strings, then empty arrays from deep up. */
const CUTS: Cut[] = [
  { items: MAX_ITEMS, string: MAX_STRING, depth: Infinity },
  { items: 1, string: MAX_STRING, depth: Infinity },
  { items: 1, string: 80, depth: Infinity },
  ...[6, 5, 4, 3, 2, 1].map((depth) => ({ items: 1, string: 80, depth })),
];

/**
 * The answer cut down to an example that still matches its schema: where a cut breaks it (an array of a fixed
 * length, a string of a pattern), that value is kept whole. Null when no cut is small enough.
 */
function trimmed(value: unknown, validate: Validate): unknown {
  for (const cut of CUTS) {
    const keep = new Set<string>();
    for (;;) {
      const example = cutDown(value, cut, keep, '', 0);
      if (validate(example)) {
        if (JSON.stringify(example).length <= MAX_BYTES) return example;
        break;
      }
      const more = (validate.errors ?? []).map((e) => e.instancePath).filter((p) => !keep.has(p));
      if (more.length === 0) break;
      for (const p of more) keep.add(p);
    }
  }
  return null;
}

function cutDown(value: unknown, cut: Cut, keep: Set<string>, path: string, depth: number): unknown {
  const whole = keep.has(path);
  if (typeof value === 'string')
    return !whole && value.length > cut.string ? `${value.slice(0, cut.string - 1)}…` : value;
  if (Array.isArray(value)) {
    const items = whole ? value : value.slice(0, depth >= cut.depth ? 0 : cut.items);
    return items.map((item, i) => cutDown(item, cut, keep, `${path}/${i}`, depth + 1));
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        cutDown(v, cut, keep, `${path}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`, depth + 1),
      ]),
    );
  return value;
}

const sortedKeys = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
