// Applies the generated SQL migrations at start-up: forward-only, each in its own transaction, under an
// advisory lock so several app processes starting together apply each migration once.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

type Journal = { entries: { idx: number; tag: string }[] };
const MIGRATION_LOCK = 604_2026;

export function migrationsDir(): string {
  return fileURLToPath(new URL('./migrations/', import.meta.url));
}

export function readMigrations(dir = migrationsDir()): { tag: string; statements: string[] }[] {
  const journal = JSON.parse(readFileSync(`${dir}meta/_journal.json`, 'utf8')) as Journal;
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => ({
      tag,
      statements: readFileSync(`${dir}${tag}.sql`, 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean),
    }));
}

export async function migrate(pool: pg.Pool, dir?: string): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ tag: string }>('SELECT tag FROM schema_migrations')).rows.map((r) => r.tag),
    );
    for (const migration of readMigrations(dir)) {
      if (done.has(migration.tag)) continue;
      await client.query('BEGIN');
      try {
        for (const statement of migration.statements) await client.query(statement);
        await client.query('INSERT INTO schema_migrations (tag) VALUES ($1)', [migration.tag]);
        await client.query('COMMIT');
        applied.push(migration.tag);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.tag} failed: ${(error as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return applied;
}
