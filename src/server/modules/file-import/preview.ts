// The preview of an uploaded export: which preset fits it (the chosen one, else the best-fitting built-in or saved
// one), whether its columns still need mapping, and the engine's counts without writing anything.
import {
  type ColumnMapping,
  IMPORT_EMPTY,
  type ImportKind,
  type ImportPreview,
} from '../../../shared/schemas/file-import.js';
import type { Database } from '../../db/client.js';
import { type EngineResult, runEngine } from './engine.js';
import { ImportRefused, withTempCopy } from './file-store.js';
import {
  BUILT_IN_PRESETS,
  type BuiltInPreset,
  type DateOrder,
  mappingUsable,
  resolveColumns,
} from './presets.js';
import { openTable, type Table } from './table-reader.js';

/** What a run stores in import_runs.mapping. */
export type StoredMapping = { columns: ColumnMapping; dateOrder: DateOrder };

export type Fit = {
  preset: string;
  label: string;
  kind: ImportKind;
  mapping: StoredMapping;
  preview: ImportPreview;
};

export type PresetChoice = (BuiltInPreset & { builtIn: boolean }) | null;

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
    organizations: [...result.organizations.values()]
      .map((o) => ({ id: o.id, name: o.name, sites: [...o.sites].sort(), rows: o.rows }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    unmatchedSites: [...result.unmatchedSites.values()].sort((a, b) => a.site.localeCompare(b.site)),
  };
}

const emptyPreview = (headers: string[], notices: string[], missing: string[]): ImportPreview => ({
  headers,
  needsMapping: true,
  missingColumns: missing,
  notices,
  counts: { total: 0, create: 0, update: 0, unchanged: 0, rejected: 0 },
  rejected: [],
  organizations: [],
  unmatchedSites: [],
});

async function engineOver(
  database: Database,
  table: Table,
  kind: ImportKind,
  mapping: StoredMapping,
  timeZone: string,
) {
  const result = await runEngine(table, {
    db: database.pool,
    mapping: mapping.columns,
    kind,
    timeZone,
    dateOrder: mapping.dateOrder,
  });
  if (result.counts.total === 0) throw new ImportRefused(IMPORT_EMPTY);
  return previewOf(table.headers, table.notices, result);
}

/**
 * The first preview of an upload. `choice` null: the preset whose columns the file has most of (among those it
 * has a site and an identity column of); none: the mapping step.
 */
export async function firstPreview(
  database: Database,
  file: { id: number; contentType: string },
  choice: PresetChoice,
  saved: (BuiltInPreset & { builtIn: boolean })[],
  timeZone: string,
): Promise<Fit> {
  return withTempCopy(database, file.id, async (path) => {
    const table = await openTable(path, file.contentType);
    const candidates = choice
      ? [choice]
      : [...BUILT_IN_PRESETS.map((p) => ({ ...p, builtIn: true })), ...saved];
    const fits = candidates
      .map((p) => ({ preset: p, ...resolveColumns(p.columns, table.headers) }))
      .filter((f) => mappingUsable(f.mapping))
      .sort((a, b) => Object.keys(b.mapping).length - Object.keys(a.mapping).length);
    const best = fits[0];
    if (!best) {
      await table.rows.return(undefined);
      const partial = choice ? resolveColumns(choice.columns, table.headers) : { mapping: {}, missing: [] };
      const notices = [
        ...table.notices,
        choice
          ? `This file does not have the columns of the ${choice.label} preset. Map its columns below.`
          : 'No preset knows the columns of this file. Map its columns below.',
      ];
      return {
        preset: choice?.key ?? CUSTOM_PRESET,
        label: choice?.label ?? CUSTOM_LABEL,
        kind: choice?.kind ?? 'DEVICE',
        mapping: { columns: partial.mapping, dateOrder: choice?.dateOrder ?? 'MDY' },
        preview: emptyPreview(table.headers, notices, partial.missing),
      };
    }
    const mapping: StoredMapping = { columns: best.mapping, dateOrder: best.preset.dateOrder ?? 'MDY' };
    const preview = await engineOver(database, table, best.preset.kind, mapping, timeZone);
    if (!choice) preview.notices.push(`Recognised as a ${best.preset.label} file.`);
    return { preset: best.preset.key, label: best.preset.label, kind: best.preset.kind, mapping, preview };
  });
}

/** The preview again with a run's mapping (after sites were mapped or the columns chosen). */
export async function rePreview(
  database: Database,
  file: { id: number; contentType: string },
  kind: ImportKind,
  mapping: StoredMapping,
  timeZone: string,
): Promise<ImportPreview> {
  return withTempCopy(database, file.id, async (path) => {
    const table = await openTable(path, file.contentType);
    if (!mappingUsable(mapping.columns)) {
      await table.rows.return(undefined);
      return emptyPreview(table.headers, table.notices, []);
    }
    return engineOver(database, table, kind, mapping, timeZone);
  });
}
