// The preview of an uploaded export: which preset fits it (the chosen one, a saved mapping of the same set of
// headers, else the built-in or saved preset with the best share of its columns in the file), whether its columns
// still need mapping (then with suggestions from the header names), how each date column writes its dates, and
// the engine's counts without writing anything.
import {
  type ColumnMapping,
  type DateColumn,
  IMPORT_EMPTY,
  type ImportField,
  type ImportKind,
  type ImportPreview,
} from '../../../shared/schemas/file-import.js';
import type { Database } from '../../db/client.js';
import { decideOrder, readAs } from './date-order.js';
import { DATE_FIELDS, type EngineResult, runEngine } from './engine.js';
import { ImportRefused, withTempCopy } from './file-store.js';
import {
  BUILT_IN_PRESETS,
  type BuiltInPreset,
  type DateOrder,
  mappingUsable,
  RECOGNISED_SCORE,
  resolveColumns,
} from './presets.js';
import { headersKey, suggestedColumns, suggestMapping } from './suggest.js';
import { openTable, type Table } from './table-reader.js';

/** What a run stores in import_runs.mapping. */
export type StoredMapping = {
  columns: ColumnMapping;
  /** The order of a numeric date where nothing decides it (the preset's). */
  dateOrder: DateOrder;
  /** Each date field's order, as its values proved or the user chose: what the import reads them by. */
  dateOrders?: Partial<Record<ImportField, DateOrder>>;
  /** The orders the user chose (they win over the values). */
  dateChoices?: Partial<Record<ImportField, DateOrder>>;
};

export type Fit = {
  preset: string;
  label: string;
  kind: ImportKind;
  mapping: StoredMapping;
  preview: ImportPreview;
};

export type PresetChoice = (BuiltInPreset & { builtIn: boolean; headersKey?: string | null }) | null;

export const CUSTOM_PRESET = 'custom';
export const CUSTOM_LABEL = 'Custom mapping';

export function previewOf(headers: string[], notices: string[], result: EngineResult): ImportPreview {
  return {
    headers,
    needsMapping: false,
    missingColumns: [],
    notices,
    counts: result.counts,
    rejected: result.rejected,
    warnings: result.warnings,
    warningCount: result.warningCount,
    organizations: [...result.organizations.values()]
      .map((o) => ({ id: o.id, name: o.name, sites: [...o.sites].sort(), rows: o.rows }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    unmatchedSites: [...result.unmatchedSites.values()].sort((a, b) => a.site.localeCompare(b.site)),
  };
}

const emptyPreview = (
  headers: string[],
  notices: string[],
  missing: string[],
  columns: ColumnMapping,
): ImportPreview => {
  const suggestions = suggestMapping(headers);
  // The columns the mapping step starts from that the suggestions did not give: say how sure those are too.
  for (const [field, header] of Object.entries(columns))
    if (!suggestions[header]) suggestions[header] = { field: field as ImportField, confidence: 100 };
  return {
    headers,
    needsMapping: true,
    missingColumns: missing,
    notices,
    suggestions,
    counts: { total: 0, create: 0, update: 0, unchanged: 0, rejected: 0 },
    rejected: [],
    organizations: [],
    unmatchedSites: [],
  };
};

/** Each mapped date column: the order the user chose, else the one its values prove; undecided ones are asked. */
function dateColumnsOf(result: EngineResult, mapping: StoredMapping) {
  const columns: DateColumn[] = [];
  const orders: Partial<Record<ImportField, DateOrder>> = {};
  const notices: string[] = [];
  for (const field of DATE_FIELDS) {
    const evidence = result.dates.get(field);
    const header = mapping.columns[field];
    if (!evidence || !header) continue;
    const decision = decideOrder(evidence);
    if ('none' in decision) continue;
    const samples = evidence.ambiguous.map((text) => ({
      text,
      dayFirst: readAs(text, 'DMY')!,
      monthFirst: readAs(text, 'MDY')!,
    }));
    const chosen = mapping.dateChoices?.[field];
    if (chosen) {
      orders[field] = chosen;
      columns.push({ field, header, order: chosen, decidedBy: 'choice', samples });
    } else if ('order' in decision) {
      orders[field] = decision.order;
      if (decision.mixed)
        notices.push(
          `The column ${header} has dates written both day first and month first: it is read ${
            decision.order === 'DMY' ? 'day first' : 'month first'
          }, as most of its dates are; the others are rejected.`,
        );
      columns.push({ field, header, order: decision.order, decidedBy: 'values', samples });
    } else columns.push({ field, header, order: null, decidedBy: null, samples });
  }
  return { columns, orders, notices };
}

/**
 * The preview of a usable mapping. The values decide the date order of each column while they are read; when a
 * column proves another order than the one it was read in, it is read once more in its own.
 */
async function engineOver(
  database: Database,
  open: () => Promise<Table>,
  kind: ImportKind,
  mapping: StoredMapping,
  timeZone: string,
): Promise<{ preview: ImportPreview; mapping: StoredMapping }> {
  const pass = async (orders: Partial<Record<ImportField, DateOrder>>) => {
    const table = await open();
    const result = await runEngine(table, {
      db: database.pool,
      mapping: mapping.columns,
      kind,
      timeZone,
      dateOrder: mapping.dateOrder,
      dateOrders: orders,
    });
    if (result.counts.total === 0) throw new ImportRefused(IMPORT_EMPTY);
    return { table, result };
  };
  const used = { ...mapping.dateOrders, ...mapping.dateChoices };
  let { table, result } = await pass(used);
  let dates = dateColumnsOf(result, mapping);
  const misread = Object.entries(dates.orders).some(
    ([field, order]) => (used[field as ImportField] ?? mapping.dateOrder) !== order,
  );
  if (misread) {
    ({ table, result } = await pass(dates.orders));
    dates = dateColumnsOf(result, mapping);
  }
  const preview = previewOf(table.headers, [...table.notices, ...dates.notices], result);
  preview.dateColumns = dates.columns;
  return { preview, mapping: { ...mapping, dateOrders: dates.orders } };
}

/** A date column the user must still choose the order of (the import is not confirmed before). */
export const undecidedDates = (preview: ImportPreview | null) =>
  (preview?.dateColumns ?? []).filter((c) => c.order === null);

const describeFit = (label: string, fit: { missing: string[]; extra: string[] }) => {
  const lines = [`Recognised as a ${label} file.`];
  if (fit.missing.length)
    lines.push(`Columns of this export the file does not have: ${fit.missing.join(', ')}.`);
  if (fit.extra.length) lines.push(`Columns of the file that are not imported: ${fit.extra.join(', ')}.`);
  return lines;
};

/**
 * The first preview of an upload. `choice` null: a saved mapping made for the same set of headers, else the
 * preset with the best share of its columns in the file (at least half, and a site and an identity column); none:
 * the mapping step, started from suggestions.
 */
export async function firstPreview(
  database: Database,
  file: { id: number; contentType: string },
  choice: PresetChoice,
  saved: (BuiltInPreset & { builtIn: boolean; headersKey?: string | null })[],
  timeZone: string,
): Promise<Fit> {
  return withTempCopy(database, file.id, async (path) => {
    const first = await openTable(path, file.contentType);
    await first.rows.return(undefined);
    const headers = first.headers;
    const open = () => openTable(path, file.contentType);
    const shape = headersKey(headers);
    const sameShape = choice ? null : saved.find((p) => p.headersKey && p.headersKey === shape);
    const candidates = choice
      ? [choice]
      : sameShape
        ? [sameShape]
        : [...BUILT_IN_PRESETS.map((p) => ({ ...p, builtIn: true })), ...saved];
    const fits = candidates
      .map((p) => ({ preset: p, ...resolveColumns(p.columns, headers) }))
      .filter((f) => mappingUsable(f.mapping) && (choice || sameShape || f.score >= RECOGNISED_SCORE))
      .sort((a, b) => b.score - a.score || Object.keys(b.mapping).length - Object.keys(a.mapping).length);
    const best = fits[0];
    if (!best) {
      const partial = choice ? resolveColumns(choice.columns, headers) : null;
      const columns = partial?.mapping ?? suggestedColumns(suggestMapping(headers));
      const notices = [
        ...first.notices,
        choice
          ? `This file does not have the columns of the ${choice.label} preset. Map its columns below.`
          : 'No preset knows the columns of this file. Map its columns below: the suggestions come from their names.',
      ];
      return {
        preset: choice?.key ?? CUSTOM_PRESET,
        label: choice?.label ?? CUSTOM_LABEL,
        kind: choice?.kind ?? 'DEVICE',
        mapping: { columns, dateOrder: choice?.dateOrder ?? 'MDY' },
        preview: emptyPreview(headers, notices, partial?.missing ?? [], columns),
      };
    }
    const stored: StoredMapping = { columns: best.mapping, dateOrder: best.preset.dateOrder ?? 'MDY' };
    const { preview, mapping } = await engineOver(database, open, best.preset.kind, stored, timeZone);
    preview.missingColumns = best.missing;
    preview.extraColumns = best.extra;
    if (sameShape)
      preview.notices.push(
        `Mapped by the saved preset ${sameShape.label}, made for files with these columns.`,
      );
    else if (!choice) preview.notices.push(...describeFit(best.preset.label, best));
    return { preset: best.preset.key, label: best.preset.label, kind: best.preset.kind, mapping, preview };
  });
}

/** The preview again with a run's mapping (after sites were mapped, the columns or a date order chosen). */
export async function rePreview(
  database: Database,
  file: { id: number; contentType: string },
  kind: ImportKind,
  mapping: StoredMapping,
  timeZone: string,
): Promise<{ preview: ImportPreview; mapping: StoredMapping }> {
  return withTempCopy(database, file.id, async (path) => {
    const open = () => openTable(path, file.contentType);
    if (!mappingUsable(mapping.columns)) {
      const table = await open();
      await table.rows.return(undefined);
      return { preview: emptyPreview(table.headers, table.notices, [], mapping.columns), mapping };
    }
    return engineOver(database, open, kind, mapping, timeZone);
  });
}
