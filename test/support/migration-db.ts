// A database of an earlier shape, for migration tests: an empty database (of the run's kind) migrated up to a tag
// with the migrations folder as it was then (the same files, the journal ending at that tag).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../src/server/db/embedded.js';
import { migrate, migrationsDir } from '../../src/server/db/migrate.js';
import { createEmptyPostgresDatabase, testDbKind } from './test-db.js';

export type MigrationDb = {
  pool: pg.Pool;
  /** The migrations folder with the journal ending at `tag` (for `migrate(pool, dir)`). */
  migrationsUpTo: (tag: string) => string;
  close: () => Promise<void>;
};

export async function databaseAt(tag: string): Promise<MigrationDb> {
  const cleanups: (() => Promise<void>)[] = [];
  const migrationsUpTo = (upTo: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'sd6-migrations-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    cpSync(migrationsDir(), dir, { recursive: true });
    const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.findIndex((e) => e.tag === upTo);
    if (last < 0) throw new Error(`No migration ${upTo}`);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    return `${dir}/`;
  };
  let url: string;
  if (testDbKind() === 'postgres') {
    const empty = await createEmptyPostgresDatabase();
    cleanups.push(empty.drop);
    url = empty.url;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'sd6-legacy-'));
    const embedded = await startEmbeddedDatabase(dir);
    cleanups.push(async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    url = embedded.url;
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  cleanups.unshift(() => pool.end());
  const applied = await migrate(pool, migrationsUpTo(tag));
  if (applied.at(-1) !== tag) throw new Error(`Migrated to ${applied.at(-1)}, not ${tag}`);
  return {
    pool,
    migrationsUpTo,
    close: async () => {
      for (const cleanup of cleanups) await cleanup();
    },
  };
}
