// The save steps the sales settings pages share: one row of `settings` per page, created on the first save,
// locked for the save, refused with 409 (and the current settings) when the administrator saw another version.
import type pg from 'pg';
import { conflict, requireVersion } from './errors.js';
import type { Queryable } from './records.js';
import { changedByMessage } from './stamp.js';

/** A settings row with who saved it last; `value` is the stored jsonb as it is (each page parses its own). */
export type SettingsRow<V = unknown> = {
  value: V;
  version: number;
  updated_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
};

/** The row of `key`, or null before its first save; `forUpdate` locks it for the caller's transaction. */
export async function readSettingsRow<V = unknown>(
  db: Queryable,
  key: string,
  forUpdate = false,
): Promise<SettingsRow<V> | null> {
  const { rows } = await db.query<SettingsRow<V>>(
    `SELECT s.value, s.version, s.updated_at, s.updated_by, u.first_name || ' ' || u.last_name AS updated_by_name
       FROM settings s LEFT JOIN users u ON u.id = s.updated_by
      WHERE s.key = $1 ${forUpdate ? 'FOR UPDATE OF s' : ''}`,
    [key],
  );
  return rows[0] ?? null;
}

type Locked = { version: number; updated_at: Date; updated_by_name: string | null };

/**
 * Locks the row of `key` (creating it with `defaults` first, so the lock serialises even the first saves) and checks
 * the version the form carries; a stale one throws 409 with what `current` loads.
 */
export async function lockForSave(
  client: pg.PoolClient,
  key: string,
  defaults: unknown,
  version: number | undefined,
  timeZone: string,
  current: () => Promise<unknown>,
): Promise<void> {
  await client.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`,
    [key, JSON.stringify(defaults)],
  );
  const { rows } = await client.query<Locked>(
    `SELECT s.version, s.updated_at, u.first_name || ' ' || u.last_name AS updated_by_name
       FROM settings s LEFT JOIN users u ON u.id = s.updated_by
      WHERE s.key = $1 FOR UPDATE OF s`,
    [key],
  );
  const row = rows[0]!;
  if (row.version !== requireVersion(version))
    throw conflict(changedByMessage(row.updated_by_name, row.updated_at, timeZone), await current());
}

/** Writes the new value of a locked row and moves its version on. */
export async function writeSettings(
  client: pg.PoolClient,
  key: string,
  value: unknown,
  actorId: number,
): Promise<void> {
  await client.query(
    `UPDATE settings SET value = $2::jsonb, version = version + 1, updated_at = now(), updated_by = $3
      WHERE key = $1`,
    [key, JSON.stringify(value), actorId],
  );
}
