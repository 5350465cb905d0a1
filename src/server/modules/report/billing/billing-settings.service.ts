// The billing settings: the versioned { defaultHourlyRate } value under BILLING_KEY in `settings` (the rate of time
// no block-hour service prices), and its field history.
import {
  BILLING_SETTINGS_DEFAULTS,
  type BillingSettings,
  type BillingSettingsForm,
} from '../../../../shared/billing.js';
import { formatMoney } from '../../../../shared/format/money.js';
import type { Database } from '../../../db/client.js';
import { recordHistory } from '../../../platform/history.js';
import type { Queryable } from '../../../platform/records.js';
import {
  lockForSave,
  readSettingsRow,
  type SettingsRow,
  writeSettings,
} from '../../../platform/settings-row.js';
import { withTransaction } from '../../../platform/transaction.js';

export const BILLING_KEY = 'billing';
export const HISTORY_KEY = 'billing-settings';
/** The settings are one record: its history lives under this entity id. */
export const ENTITY_ID = 1;
export const FIELD_LABELS = { defaultHourlyRate: 'Default Hourly Rate' };

type Row = SettingsRow<{ defaultHourlyRate?: string }>;

const readRow = (db: Queryable) => readSettingsRow<Row['value']>(db, BILLING_KEY);

const present = (row: Row | null): BillingSettings => ({
  defaultHourlyRate: row?.value.defaultHourlyRate ?? BILLING_SETTINGS_DEFAULTS.defaultHourlyRate,
  version: row?.version ?? 0,
  updated: row && row.version > 0 ? row.updated_at.toISOString() : null,
  updatedBy: row?.updated_by == null ? null : { value: row.updated_by, label: row.updated_by_name ?? '' },
});

export async function loadBillingSettings(db: Queryable): Promise<BillingSettings> {
  return present(await readRow(db));
}

/** The default hourly rate, decimal text ("150.00"). */
export async function loadDefaultRate(db: Queryable): Promise<string> {
  return (await loadBillingSettings(db)).defaultHourlyRate;
}

export async function saveBillingSettings(
  database: Database,
  form: BillingSettingsForm,
  actorId: number,
  timeZone: string,
): Promise<BillingSettings> {
  return withTransaction(database, async ({ client }) => {
    await lockForSave(client, BILLING_KEY, BILLING_SETTINGS_DEFAULTS, form.version, timeZone, () =>
      loadBillingSettings(client),
    );
    const before = await loadBillingSettings(client);
    const rate = form.defaultHourlyRate!;
    await writeSettings(client, BILLING_KEY, { defaultHourlyRate: rate }, actorId);
    if (before.defaultHourlyRate !== rate)
      await recordHistory(client, {
        entity: HISTORY_KEY,
        entityId: ENTITY_ID,
        actorId,
        changes: [
          {
            field: 'defaultHourlyRate',
            oldValue: formatMoney(before.defaultHourlyRate),
            newValue: formatMoney(rate),
          },
        ],
      });
    return loadBillingSettings(client);
  });
}
