// What the benchmarks share: number formats, percentiles, a database of their own, the SQL an endpoint sends, and
// the built server started on a fresh embedded database; a bench administrator, its sign-in, client organizations.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { CITIES, ORG_INDUSTRIES, ORG_PREFIXES } from '../src/seed/inventory-data.js';
import { type Database, openDatabase } from '../src/server/db/client.js';
import { hashPassword } from '../src/server/platform/passwords.js';
import type { Queryable } from '../src/server/platform/records.js';

export const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
export const count = (n: number) => n.toLocaleString('en-US');
export const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
export const HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

/** A database of its own: a temporary folder (embedded) or a fresh database on the server at `url`. */
export async function benchDatabase(
  url: string | undefined,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'sd6-bench-lists-'));
    const database = await openDatabase({ dataDir: dir, poolSize: 10 });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `sd6_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: own.toString(), dataDir: '', poolSize: 10 });
  return { database, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A statement's text and values, and its name when it was sent prepared. */
export type Statement = [string, unknown[], string?];

/** Every statement any connection sends while `run` runs (pool queries and transactions alike). */
export async function capture(run: () => Promise<unknown>): Promise<Statement[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    // Copies of the values: a caller may go on to push to the array it passed (a list adds its LIMIT).
    if (typeof first === 'string') seen.push([first, Array.isArray(second) ? [...second] : []]);
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[]; name?: string };
      seen.push([q.text, [...(q.values ?? [])], ...(q.name ? [q.name] : [])] as Statement);
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return seen;
}

/** The captured statements replayed on one pooled connection: the endpoint's own SQL cost. */
export async function replay(database: Database, statements: Statement[]): Promise<void> {
  const client = await database.pool.connect();
  try {
    // A statement the endpoint sent prepared is replayed prepared (its name, on this connection).
    for (const [text, values, name] of statements)
      await client.query(name ? { name: `${name}_replay`, text, values } : { text, values });
  } finally {
    client.release();
  }
}

/**
 * The built app (built first when missing) on a fresh embedded database with one administrator (and the demo data
 * with `demo`), ready to answer; `stop` ends it and removes the database.
 */
export async function startBuiltServer(
  admin: { email: string; password: string },
  port: number,
  options: { demo?: boolean } = {},
): Promise<{ base: string; stop: () => Promise<void> }> {
  if (!existsSync('dist/server/main.js'))
    spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'sd6-bench-app-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SD6_ENV: 'dev',
      SD6_DEMO: options.demo ? 'on' : 'off',
      SD6_ADMIN_EMAIL: admin.email,
      SD6_ADMIN_PASSWORD: admin.password,
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    // The demo data takes up to a minute or more on a busy machine.
    const limit = options.demo ? 300_000 : 60_000;
    if (performance.now() - t0 > limit) throw new Error(`the server did not get ready in ${limit / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const stop = async () => {
    await new Promise((resolve) => {
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

/**
 * A bulk load as an import would run it: the tables' secondary indexes (and, with `keys`, their foreign keys) are
 * dropped; the returned function rebuilds them and runs ANALYZE.
 */
export async function dropForLoad(
  db: pg.PoolClient,
  tables: string[],
  options: { keys: boolean },
): Promise<() => Promise<void>> {
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = ANY($1)
        AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE contype IN ('p', 'u'))`,
    [tables],
  );
  const { rows: keys } = options.keys
    ? await db.query<{ name: string; table: string; def: string }>(
        `SELECT conname AS name, conrelid::regclass::text AS table, pg_get_constraintdef(oid) AS def
           FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text = ANY($1)`,
        [tables],
      )
    : { rows: [] };
  for (const k of keys) await db.query(`ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name}`);
  for (const i of indexes) await db.query(`DROP INDEX ${i.name}`);
  return async () => {
    await db.query(`SET maintenance_work_mem = '256MB'`);
    for (const i of indexes) await db.query(i.def);
    for (const k of keys) await db.query(`ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.def}`);
    await db.query('ANALYZE');
  };
}

/** The session cookie of a bench user signed in through the real login route. */
export async function signInCookie(app: FastifyInstance, email: string, password: string): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: HEADERS,
    payload: { email, password },
  });
  const session = login.cookies.find((c) => c.name.endsWith('sd6_session'));
  if (!session) throw new Error(`bench sign-in failed: ${login.statusCode} ${login.body.slice(0, 200)}`);
  return `${session.name}=${session.value}`;
}

/** An administrator the bench signs in as; returns its id. */
export async function insertBenchAdmin(
  db: Queryable,
  user: { email: string; password: string; lastName: string; shortCode: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, short_code, roles)
     VALUES ($1, $2, 'Bench', $3, $4, '{ROLE_USER,ROLE_ADMIN}') RETURNING id`,
    [user.email, await hashPassword(user.password), user.lastName, user.shortCode],
  );
  return rows[0]!.id;
}

/** `count` client organizations with demo-like names ("<prefix> <industry> - <city> <n>"), codes <codePrefix><n>. */
export async function insertClientOrganizations(
  db: Queryable,
  options: { count: number; codePrefix: string; actorId: number },
): Promise<void> {
  const pick = (p: string) => `(${p})[1 + floor(random() * cardinality(${p}))::int]`;
  await db.query(
    `INSERT INTO organizations (name, short_code, sales_status, created_by, updated_by)
     SELECT ${pick('$1::text[]')} || ' ' || split_part(${pick('$2::text[]')}, '/', 1) || ' - '
            || split_part(${pick('$3::text[]')}, '/', 1) || ' ' || g, $4 || g, 'CLIENT', $5, $5
       FROM generate_series(1, $6::int) g`,
    [ORG_PREFIXES, ORG_INDUSTRIES, CITIES, options.codePrefix, options.actorId, options.count],
  );
}

/** An organization, a case and a task to log time on, made through the API as `email` on the built server. */
async function makeBenchTask(
  base: string,
  credentials: { email: string; password: string },
  names: { organization: string; case: string; task: string; isProject: boolean },
): Promise<{ caseId: number; taskId: number }> {
  const headers = { 'content-type': 'application/json', ...HEADERS };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(credentials),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, { id: number }>;
  };
  const org = await post('/api/manage/organization/create', {
    version: 0,
    name: names.organization,
    active: true,
  });
  const kase = await post('/api/manage/case/create', {
    version: 0,
    title: names.case,
    organization: org.organization!.id,
    status: 'OPEN',
  });
  const task = await post('/api/manage/task/create', {
    version: 0,
    case: kase.case!.id,
    title: names.task,
    status: 'OPEN',
    isProject: names.isProject,
  });
  return { caseId: kase.case!.id, taskId: task.task!.id };
}

export type TaskNames = { organization: string; case: string; task: string; isProject: boolean };

/**
 * A browser bench's opening: the built server on a fresh embedded database, a task made through the API, Chromium
 * signed in as the bench user on that task's screen; `run` measures, then everything is closed. Without Chromium the
 * bench says it is skipped.
 */
export async function onTaskPage(
  label: string,
  port: number,
  credentials: { email: string; password: string },
  names: TaskNames,
  run: (page: Page, task: { caseId: number; taskId: number }) => Promise<void>,
): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log(`${label} [browser]: skipped (no Chromium)`);
    return;
  }
  const server = await startBuiltServer(credentials, port);
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const task = await makeBenchTask(server.base, credentials, names);
    const context = await browser.newContext({
      baseURL: server.base,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(credentials.email);
    await page.getByLabel('Password').fill(credentials.password);
    await page.getByRole('button', { name: /sign in|log in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/manage/case/${task.caseId}/task/${task.taskId}`);
    await run(page, task);
  } finally {
    await browser.close();
    await server.stop();
  }
}
