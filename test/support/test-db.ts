// Fresh databases for tests: a migrated template is made once per run, each test file gets its own copy.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.js';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.js';
import { migrate } from '../../src/server/db/migrate.js';

export type TestDbKind = 'pglite' | 'postgres';

export const testDbKind = (): TestDbKind => (process.env.SD6_TEST_DB === 'postgres' ? 'postgres' : 'pglite');

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Called once per run by the global setup; returns the template's location and a cleanup. */
export async function createTemplate(
  kind: TestDbKind,
): Promise<{ location: string; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'sd6-template-'));
    const embedded = await startEmbeddedDatabase(dir);
    const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
    await migrate(pool);
    await pool.end();
    await embedded.stop();
    return { location: dir, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `sd6_tpl_${randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl(), name), max: 1 });
  await migrate(pool);
  await pool.end();
  return { location: name, cleanup: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export type TestDatabase = {
  kind: TestDbKind;
  database: Database;
  /** Where the copy lives: a data folder or a database url. */
  location: string;
  /** Closes and opens the same database again, as a restarted process would. */
  reopen: () => Promise<Database>;
  destroy: () => Promise<void>;
};

/** A test database around an `open` function: reopen and destroy work the same for both kinds. */
async function testDatabase(
  kind: TestDbKind,
  location: string,
  open: () => Promise<Database>,
  drop: () => Promise<void>,
): Promise<TestDatabase> {
  const state = { database: await open() };
  return {
    kind,
    location,
    get database() {
      return state.database;
    },
    reopen: async () => {
      await state.database.close();
      state.database = await open();
      return state.database;
    },
    destroy: async () => {
      await state.database.close();
      await drop();
    },
  };
}

export async function openTestDatabase(kind: TestDbKind, template: string): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'sd6-test-'));
    cpSync(template, dir, { recursive: true });
    return testDatabase(
      kind,
      dir,
      () => openDatabase({ dataDir: dir, poolSize: 4 }),
      async () => rmSync(dir, { recursive: true, force: true }),
    );
  }
  const name = `sd6_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(adminUrl(), name);
  return testDatabase(
    kind,
    url,
    () => openDatabase({ databaseUrl: url, dataDir: '', poolSize: 4 }),
    () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  );
}

/** An empty PostgreSQL database (no migrations), as a new installation finds it; its url and a drop. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sd6_empty_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
