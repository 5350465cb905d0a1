// The amendment sales settings (one row of `settings`): loaded for the settings page and for new amendments, whose
// numbers are taken from it one at a time under the row's lock; saved by administrators with field history.
import type { AmendmentSettings, AmendmentSettingsForm } from '../../../shared/schemas/amendment-settings.js';
import type { Database } from '../../db/client.js';
import {
  AMENDMENT_SETTINGS_KEY,
  type StoredAmendmentSettings,
  storedAmendmentDefaults,
} from '../../db/settings-keys.js';
import { badRequest, conflict, requireVersion } from '../../platform/errors.js';
import { diffFields, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import { changedByMessage } from '../../platform/stamp.js';
import { withTransaction } from '../../platform/transaction.js';

export const SETTINGS_KEY = AMENDMENT_SETTINGS_KEY;
export const HISTORY_KEY = 'amendmentSettings';
/** The settings page is one record: its history lives under this id. */
export const ENTITY_ID = 1;
export const FIELD_LABELS = {
  numberPrefix: 'Number Prefix',
  nextNumber: 'Next Number',
  defaultAmendmentType: 'Default Amendment Type',
  signingNeedsDocument: 'Signing Needs Document',
};
export const INACTIVE_TYPE = 'Choose an active amendment type.';

export type { StoredAmendmentSettings };

type Row = {
  value: Partial<StoredAmendmentSettings>;
  version: number;
  updated_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
  type_name: string | null;
};

export const storedDefaults = storedAmendmentDefaults;

export async function loadStoredSettings(
  db: Queryable,
  forUpdate = false,
): Promise<{ value: StoredAmendmentSettings; row: Row | null }> {
  const { rows } = await db.query<Row>(
    `SELECT s.value, s.version, s.updated_at, s.updated_by,
            u.first_name || ' ' || u.last_name AS updated_by_name, t.name AS type_name
       FROM settings s
       LEFT JOIN users u ON u.id = s.updated_by
       LEFT JOIN amendment_types t ON t.id = (s.value->>'defaultAmendmentTypeId')::int
      WHERE s.key = $1 ${forUpdate ? 'FOR UPDATE OF s' : ''}`,
    [SETTINGS_KEY],
  );
  const row = rows[0] ?? null;
  return { value: { ...storedDefaults(), ...(row?.value ?? {}) }, row };
}

export async function loadAmendmentSettings(db: Queryable): Promise<AmendmentSettings> {
  const { value, row } = await loadStoredSettings(db);
  return {
    numberPrefix: value.numberPrefix,
    nextNumber: value.nextNumber,
    defaultAmendmentType:
      value.defaultAmendmentTypeId !== null && row?.type_name
        ? { value: value.defaultAmendmentTypeId, label: row.type_name }
        : null,
    signingNeedsDocument: value.signingNeedsDocument,
    version: row?.version ?? 0,
    updated: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by == null ? null : { value: row.updated_by, label: row.updated_by_name ?? '' },
  };
}

/**
 * Takes the next free amendment number inside the caller's transaction: the settings row is locked, numbers a
 * person already typed by hand are skipped, and the counter moves on, so two users saving at once never share one.
 * Taking a number is not a change of the settings page: its version and history stay as they are.
 */
export async function takeAmendmentNumber(tx: Queryable): Promise<string> {
  await tx.query(`INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`, [
    SETTINGS_KEY,
    JSON.stringify(storedDefaults()),
  ]);
  const { value } = await loadStoredSettings(tx, true);
  let next = value.nextNumber;
  for (;;) {
    const candidate = `${value.numberPrefix}${next}`;
    const { rows } = await tx.query('SELECT 1 FROM amendments WHERE lower(number) = lower($1)', [candidate]);
    next += 1;
    if (rows.length === 0) {
      await tx.query(
        `UPDATE settings SET value = jsonb_set(value, '{nextNumber}', to_jsonb($2::int)) WHERE key = $1`,
        [SETTINGS_KEY, next],
      );
      return candidate;
    }
  }
}

/** The settings as field history shows them: the type by name, the flag as Yes / No. */
const shown = (settings: AmendmentSettings) => ({
  numberPrefix: settings.numberPrefix,
  nextNumber: settings.nextNumber,
  defaultAmendmentType: settings.defaultAmendmentType?.label ?? null,
  signingNeedsDocument: settings.signingNeedsDocument,
});

/**
 * Saves the page at the version the administrator saw (a stale one gets 409 with the current settings), in one
 * transaction with its field history. The default type must be an active amendment type.
 */
export async function saveAmendmentSettings(
  database: Database,
  form: AmendmentSettingsForm,
  actorId: number,
  timeZone: string,
): Promise<AmendmentSettings> {
  return withTransaction(database, async ({ client }) => {
    // The first save creates the row (as taking a number does); its lock serialises saves and numbering.
    await client.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`,
      [SETTINGS_KEY, JSON.stringify(storedDefaults())],
    );
    const { value, row } = await loadStoredSettings(client, true);
    if (row!.version !== requireVersion(form.version)) {
      throw conflict(
        changedByMessage(row!.updated_by_name, row!.updated_at, timeZone),
        await loadAmendmentSettings(client),
      );
    }
    if (form.defaultAmendmentType !== null) {
      const { rows } = await client.query('SELECT 1 FROM amendment_types WHERE id = $1 AND active', [
        form.defaultAmendmentType,
      ]);
      if (rows.length === 0) throw badRequest({ defaultAmendmentType: [INACTIVE_TYPE] });
    }
    const before = await loadAmendmentSettings(client);
    const next: StoredAmendmentSettings = {
      ...value,
      numberPrefix: form.numberPrefix,
      nextNumber: form.nextNumber,
      defaultAmendmentTypeId: form.defaultAmendmentType,
      signingNeedsDocument: form.signingNeedsDocument,
    };
    await client.query(
      `UPDATE settings SET value = $2::jsonb, version = version + 1, updated_at = now(), updated_by = $3
        WHERE key = $1`,
      [SETTINGS_KEY, JSON.stringify(next), actorId],
    );
    const after = await loadAmendmentSettings(client);
    await recordHistory(client, {
      entity: HISTORY_KEY,
      entityId: ENTITY_ID,
      actorId,
      changes: diffFields(shown(before), shown(after), [
        'numberPrefix',
        'nextNumber',
        'defaultAmendmentType',
        'signingNeedsDocument',
      ]),
    });
    return after;
  });
}
