// The e-signature settings (one row of `settings`): the signing service's name, who signature requests come from,
// and how often a signer is reminded. Versioned like every settings page; no field history (SPEC §2).
import type { EsignatureSettings, EsignatureSettingsForm } from '../../../shared/schemas/sales-settings.js';
import type { Database } from '../../db/client.js';
import { ESIGNATURE_SETTINGS_KEY } from '../../db/settings-keys.js';
import type { Queryable } from '../../platform/records.js';
import { lockForSave, writeSettings } from '../../platform/settings-row.js';
import { withTransaction } from '../../platform/transaction.js';

export const SETTINGS_KEY = ESIGNATURE_SETTINGS_KEY;

type StoredEsignature = Omit<EsignatureSettings, 'version' | 'updated' | 'updatedBy'>;

/** Nothing set before the first save: no provider, no sender, no reminders. */
export const storedDefaults = (): StoredEsignature => ({
  providerName: null,
  senderName: null,
  senderEmail: null,
  reminderDays: null,
});

export async function loadEsignatureSettings(db: Queryable): Promise<EsignatureSettings> {
  const { rows } = await db.query<{
    value: Partial<StoredEsignature>;
    version: number;
    updated_at: Date;
    updated_by: number | null;
    updated_by_name: string | null;
  }>(
    `SELECT s.value, s.version, s.updated_at, s.updated_by,
            u.first_name || ' ' || u.last_name AS updated_by_name
       FROM settings s LEFT JOIN users u ON u.id = s.updated_by
      WHERE s.key = $1`,
    [SETTINGS_KEY],
  );
  const row = rows[0] ?? null;
  const value = { ...storedDefaults(), ...(row?.value ?? {}) };
  return {
    providerName: value.providerName,
    senderName: value.senderName,
    senderEmail: value.senderEmail,
    reminderDays: value.reminderDays,
    version: row?.version ?? 0,
    updated: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by == null ? null : { value: row.updated_by, label: row.updated_by_name ?? '' },
  };
}

/** Saves at the version the administrator saw (a stale one gets 409 with the current settings). */
export async function saveEsignatureSettings(
  database: Database,
  form: EsignatureSettingsForm,
  actorId: number,
  timeZone: string,
): Promise<EsignatureSettings> {
  return withTransaction(database, async ({ client }) => {
    await lockForSave(client, SETTINGS_KEY, storedDefaults(), form.version, timeZone, () =>
      loadEsignatureSettings(client),
    );
    const next: StoredEsignature = {
      providerName: form.providerName,
      senderName: form.senderName,
      senderEmail: form.senderEmail,
      reminderDays: form.reminderDays,
    };
    await writeSettings(client, SETTINGS_KEY, next, actorId);
    return loadEsignatureSettings(client);
  });
}
