// Language settings ("Case & Task Grammar"): the versioned words and title-case lists under LANGUAGE_KEY in
// `settings`, their field history, and the title-casing of task titles with the saved lists.
import { titleCase } from '../../../shared/format/title-case.js';
import {
  DEFAULT_LANGUAGE,
  type LanguageSettings,
  type LanguageSettingsForm,
  type LanguageValue,
  WORD_FIELDS,
} from '../../../shared/schemas/language-settings.js';
import type { Database } from '../../db/client.js';
import { type Change, diffFields, recordHistory } from '../../platform/history.js';
import type { Queryable } from '../../platform/records.js';
import {
  lockForSave,
  readSettingsRow,
  type SettingsRow,
  writeSettings,
} from '../../platform/settings-row.js';
import { withTransaction } from '../../platform/transaction.js';

export const LANGUAGE_KEY = 'language';
export const HISTORY_KEY = 'language-settings';
/** The settings are one record: its history lives under this entity id. */
export const ENTITY_ID = 1;
export const FIELD_LABELS: Record<keyof LanguageValue, string> = {
  caseSingular: 'Case (Singular)',
  casePlural: 'Case (Plural)',
  taskSingular: 'Task (Singular)',
  taskPlural: 'Task (Plural)',
  slipSingular: 'Slip (Singular)',
  slipPlural: 'Slip (Plural)',
  smallWords: 'Small Words',
  brands: 'Brand Spellings',
};

type Row = SettingsRow<Partial<LanguageValue> | null>;

const strings = (list: unknown, fallback: string[]) =>
  Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : fallback;

/** The stored value read defensively: a missing or broken field falls back to its default. */
function storedValue(stored: Partial<LanguageValue> | null | undefined): LanguageValue {
  const value = stored ?? {};
  const out = { ...DEFAULT_LANGUAGE };
  for (const field of WORD_FIELDS) {
    const word = value[field];
    if (typeof word === 'string' && word.trim()) out[field] = word;
  }
  out.smallWords = strings(value.smallWords, DEFAULT_LANGUAGE.smallWords);
  out.brands = strings(value.brands, DEFAULT_LANGUAGE.brands);
  return out;
}

const readRow = (db: Queryable) => readSettingsRow<Row['value']>(db, LANGUAGE_KEY);

export async function loadLanguageValue(db: Queryable): Promise<LanguageValue> {
  return storedValue((await readRow(db))?.value);
}

export async function loadLanguageSettings(db: Queryable): Promise<LanguageSettings> {
  const row = await readRow(db);
  return {
    ...storedValue(row?.value),
    version: row?.version ?? 0,
    updated: row && row.version > 0 ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by == null ? null : { value: row.updated_by, label: row.updated_by_name ?? '' },
  };
}

/** SPEC §5: a case task title, title-cased with the saved small words and brand spellings. */
export async function titleCaseTask(db: Queryable, title: string): Promise<string> {
  const { smallWords, brands } = await loadLanguageValue(db);
  return titleCase(title, brands, new Set(smallWords));
}

function changes(before: LanguageValue, after: LanguageValue): Change[] {
  const text = (list: string[]) => (list.length ? list.join('\n') : null);
  const words = diffFields(before, after, WORD_FIELDS);
  const lists: Change[] = [];
  for (const field of ['smallWords', 'brands'] as const) {
    const [oldValue, newValue] = [text(before[field]), text(after[field])];
    if (oldValue !== newValue) lists.push({ field, oldValue, newValue });
  }
  return [...words, ...lists];
}

export async function saveLanguageSettings(
  database: Database,
  form: LanguageSettingsForm,
  actorId: number,
  timeZone: string,
): Promise<LanguageSettings> {
  return withTransaction(database, async ({ client }) => {
    // The first save creates the row; its lock then serialises saves of this page.
    await lockForSave(client, LANGUAGE_KEY, DEFAULT_LANGUAGE, form.version, timeZone, () =>
      loadLanguageSettings(client),
    );
    const before = await loadLanguageValue(client);
    const { version: _version, ...value } = form;
    await writeSettings(client, LANGUAGE_KEY, value, actorId);
    await recordHistory(client, {
      entity: HISTORY_KEY,
      entityId: ENTITY_ID,
      actorId,
      changes: changes(before, value),
    });
    return loadLanguageSettings(client);
  });
}
