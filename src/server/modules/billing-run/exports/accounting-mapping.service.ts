// The accounting mapping: the versioned value under MAPPING_KEY in `settings` (one row, as the billing settings), its
// field history, and where one invoice line goes (account, item, tax code) in the exports.
import {
  ACCOUNTING_MAPPING_DEFAULTS,
  ACCOUNTING_MAPPING_HISTORY_KEY,
  type AccountingMapping,
  type AccountingMappingForm,
  type MappingTarget,
  type StoredMapping,
} from '../../../../shared/schemas/accounting-mapping.js';
import { type LineKind, PAYMENT_TERMS } from '../../../../shared/schemas/billing-run.js';
import type { Database } from '../../../db/client.js';
import { badRequest } from '../../../platform/errors.js';
import { type Change, recordHistory } from '../../../platform/history.js';
import type { Queryable } from '../../../platform/records.js';
import { lockForSave, readSettingsRow, writeSettings } from '../../../platform/settings-row.js';
import { withTransaction } from '../../../platform/transaction.js';

export const MAPPING_KEY = 'accounting-mapping';
export const ENTITY_ID = 1;
const EMPTY: MappingTarget = { account: null, item: null, taxCode: null };

const TARGET_LABELS = { account: 'Account Code', item: 'Item', taxCode: 'Tax Code' } as const;
const GROUP_LABELS = { time: 'Time and Materials', charge: 'Charges', credit: 'Credits' } as const;

/** The stored value, every part filled (a row saved before a part existed reads as its default). */
export async function loadStoredMapping(db: Queryable): Promise<StoredMapping> {
  const row = await readSettingsRow<Partial<StoredMapping>>(db, MAPPING_KEY);
  const v = row?.value ?? {};
  return {
    defaultAccount: v.defaultAccount ?? ACCOUNTING_MAPPING_DEFAULTS.defaultAccount,
    defaultTaxCode: v.defaultTaxCode ?? ACCOUNTING_MAPPING_DEFAULTS.defaultTaxCode,
    receivableAccount: v.receivableAccount ?? ACCOUNTING_MAPPING_DEFAULTS.receivableAccount,
    time: { ...EMPTY, ...v.time },
    charge: { ...EMPTY, ...v.charge },
    credit: { ...EMPTY, ...v.credit },
    serviceTypes: v.serviceTypes ?? {},
  };
}

export async function loadAccountingMapping(db: Queryable): Promise<AccountingMapping> {
  const row = await readSettingsRow(db, MAPPING_KEY);
  const stored = await loadStoredMapping(db);
  const mapped = Object.keys(stored.serviceTypes).map(Number);
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM service_types WHERE active OR id = ANY($1::int[]) ORDER BY name, id LIMIT 1000`,
    [mapped],
  );
  return {
    defaultAccount: stored.defaultAccount,
    defaultTaxCode: stored.defaultTaxCode,
    receivableAccount: stored.receivableAccount,
    time: stored.time,
    charge: stored.charge,
    credit: stored.credit,
    serviceTypes: rows.map((r) => ({
      serviceType: { value: r.id, label: r.name },
      ...EMPTY,
      ...stored.serviceTypes[String(r.id)],
    })),
    paymentTerms: PAYMENT_TERMS,
    version: row?.version ?? 0,
    updated: row && row.version > 0 ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by == null ? null : { value: row.updated_by, label: row.updated_by_name ?? '' },
  };
}

/** The history lines of a save: one per value changed, named as the screen names it. */
function changes(before: StoredMapping, after: StoredMapping, names: Map<number, string>): Change[] {
  const out: Change[] = [];
  const add = (field: string, a: string | null | undefined, b: string | null | undefined) => {
    if ((a ?? null) !== (b ?? null)) out.push({ field, oldValue: a ?? null, newValue: b ?? null });
  };
  add('defaultAccount', before.defaultAccount, after.defaultAccount);
  add('defaultTaxCode', before.defaultTaxCode, after.defaultTaxCode);
  add('receivableAccount', before.receivableAccount, after.receivableAccount);
  const targets = (label: string, a: MappingTarget | undefined, b: MappingTarget | undefined) => {
    for (const [key, name] of Object.entries(TARGET_LABELS) as [keyof MappingTarget, string][])
      add(`${label} ${name}`, a?.[key], b?.[key]);
  };
  for (const [key, label] of Object.entries(GROUP_LABELS) as [keyof typeof GROUP_LABELS, string][])
    targets(label, before[key], after[key]);
  const ids = new Set([...Object.keys(before.serviceTypes), ...Object.keys(after.serviceTypes)]);
  for (const id of [...ids].sort((a, b) => Number(a) - Number(b)))
    targets(names.get(Number(id)) ?? `Service type #${id}`, before.serviceTypes[id], after.serviceTypes[id]);
  return out;
}

const isSet = (t: MappingTarget) => t.account !== null || t.item !== null || t.taxCode !== null;

export async function saveAccountingMapping(
  database: Database,
  form: AccountingMappingForm,
  actorId: number,
  timeZone: string,
): Promise<AccountingMapping> {
  return withTransaction(database, async ({ client }) => {
    await lockForSave(client, MAPPING_KEY, {}, form.version, timeZone, () => loadAccountingMapping(client));
    const ids = form.serviceTypes.map((s) => s.serviceType);
    const { rows } = await client.query<{ id: number; name: string }>(
      'SELECT id, name FROM service_types WHERE id = ANY($1::int[])',
      [ids],
    );
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const unknown = form.serviceTypes.findIndex((s) => !names.has(s.serviceType));
    if (unknown >= 0)
      throw badRequest({
        serviceTypes: [`Service type ${unknown + 1} Service Type: Choose service types from the list.`],
      });
    const before = await loadStoredMapping(client);
    const after: StoredMapping = {
      defaultAccount: form.defaultAccount!,
      defaultTaxCode: form.defaultTaxCode!,
      receivableAccount: form.receivableAccount!,
      time: form.time,
      charge: form.charge,
      credit: form.credit,
      serviceTypes: Object.fromEntries(
        form.serviceTypes
          .filter(isSet)
          .map((s) => [String(s.serviceType), { account: s.account, item: s.item, taxCode: s.taxCode }]),
      ),
    };
    for (const id of Object.keys(before.serviceTypes))
      if (!names.has(Number(id))) {
        const { rows: gone } = await client.query<{ name: string }>(
          'SELECT name FROM service_types WHERE id = $1',
          [Number(id)],
        );
        if (gone[0]) names.set(Number(id), gone[0].name);
      }
    await writeSettings(client, MAPPING_KEY, after, actorId);
    await recordHistory(client, {
      entity: ACCOUNTING_MAPPING_HISTORY_KEY,
      entityId: ENTITY_ID,
      actorId,
      changes: changes(before, after, names),
    });
    return loadAccountingMapping(client);
  });
}

/** Where a line goes: its kind's (or service type's) values, else the defaults; the item else `fallbackItem`. */
export function targetOf(
  mapping: StoredMapping,
  line: { kind: LineKind; service_type_id: number | null },
  fallbackItem: string,
): { account: string; item: string; mappedItem: string | null; taxCode: string } {
  const own =
    line.kind === 'TIME'
      ? mapping.time
      : line.kind === 'CHARGE'
        ? mapping.charge
        : line.kind === 'CREDIT'
          ? mapping.credit
          : line.service_type_id === null
            ? EMPTY
            : (mapping.serviceTypes[String(line.service_type_id)] ?? EMPTY);
  return {
    account: own.account ?? mapping.defaultAccount,
    item: own.item ?? fallbackItem,
    mappedItem: own.item,
    taxCode: own.taxCode ?? mapping.defaultTaxCode,
  };
}
