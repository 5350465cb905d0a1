// What surrounds the runs: saved presets (column mappings of unknown exports), the site -> organization mappings,
// and the SPEC §4 import file status (Missing or Uploaded) of each organization for a month.
import { z } from 'zod';
import {
  IMPORT_IDENTITY_REQUIRED,
  IMPORT_KINDS,
  IMPORT_PRESET_DUPLICATE,
  IMPORT_SITE_REQUIRED,
  type ImportKind,
  type ImportPreset,
  type ImportStatusRow,
  type PresetBody,
} from '../../../shared/schemas/file-import.js';
import type { ClientFilter } from '../../../shared/schemas/organization.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { BUILT_IN_PRESETS, type BuiltInPreset } from './presets.js';

export const MAX_SAVED_PRESETS = 200;

type SavedRow = {
  id: number;
  name: string;
  kind: ImportKind;
  columns: Record<string, string>;
  headers_key: string | null;
};

export const savedKey = (id: number) => `saved:${id}`;

export async function savedPresets(
  db: Queryable,
): Promise<(BuiltInPreset & { builtIn: boolean; id: number; headersKey: string | null })[]> {
  const { rows } = await db.query<SavedRow>(
    'SELECT id, name, kind, columns, headers_key FROM import_presets ORDER BY lower(name), id LIMIT $1',
    [MAX_SAVED_PRESETS],
  );
  return rows.map((r) => ({
    key: savedKey(r.id),
    label: r.name,
    kind: r.kind,
    columns: r.columns,
    builtIn: false,
    id: r.id,
    headersKey: r.headers_key,
  }));
}

export async function allPresets(db: Queryable): Promise<ImportPreset[]> {
  const builtIn: ImportPreset[] = BUILT_IN_PRESETS.map((p) => ({
    key: p.key,
    label: p.label,
    kind: p.kind,
    // The first column name of each field: what the tool's export calls it.
    columns: Object.fromEntries(
      Object.entries(p.columns).map(([f, names]) => [f, typeof names === 'string' ? names : names[0]]),
    ),
    builtIn: true,
    id: null,
  }));
  const saved = (await savedPresets(db)).map((p) => ({
    key: p.key,
    label: p.label,
    kind: p.kind,
    columns: p.columns as ImportPreset['columns'],
    builtIn: false,
    id: p.id,
  }));
  return [...builtIn, ...saved];
}

/** The preset a key names (built-in or saved), or null. */
export async function findPreset(db: Queryable, key: string) {
  const builtIn = BUILT_IN_PRESETS.find((p) => p.key === key);
  if (builtIn) return { ...builtIn, builtIn: true };
  const id = /^saved:(\d{1,9})$/.exec(key)?.[1];
  if (!id) return null;
  const { rows } = await db.query<SavedRow>(
    'SELECT id, name, kind, columns FROM import_presets WHERE id = $1',
    [Number(id)],
  );
  const r = rows[0];
  return r ? { key, label: r.name, kind: r.kind, columns: r.columns, builtIn: false } : null;
}

/** A mapping names the site column and one identity column; checked against the file's headers when given. */
export function checkMapping(columns: PresetBody['columns'], headers?: readonly string[], field = 'columns') {
  const problems: string[] = [];
  if (!columns.site) problems.push(IMPORT_SITE_REQUIRED);
  if (!columns.rmmId && !columns.serialNumber && !columns.name) problems.push(IMPORT_IDENTITY_REQUIRED);
  if (headers) {
    const known = new Set(headers);
    for (const [f, header] of Object.entries(columns))
      if (header && !known.has(header)) problems.push(`${header}: this column is not in the file (${f}).`);
  }
  if (problems.length) throw badRequest({ [field]: problems }, problems);
}

/** Saves a mapping as a preset; `headersKey`, the file's set of headers, lets the next file of that shape find it. */
export async function savePreset(
  db: Queryable,
  body: PresetBody & { headersKey?: string },
  actorId: number,
  field = 'name',
) {
  checkMapping(body.columns);
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO import_presets (name, kind, columns, headers_key, created_by, updated_by)
       VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [body.name, body.kind, body.columns, body.headersKey ?? null, actorId],
    );
    return {
      key: savedKey(rows[0]!.id),
      label: body.name,
      kind: body.kind,
      columns: body.columns,
      builtIn: false,
      id: rows[0]!.id,
    };
  } catch (error) {
    if ((error as { constraint?: string }).constraint === 'import_presets_name_key')
      throw badRequest({ [field]: [IMPORT_PRESET_DUPLICATE] });
    throw error;
  }
}

export async function deletePreset(db: Queryable, id: number): Promise<void> {
  const { rowCount } = await db.query('DELETE FROM import_presets WHERE id = $1', [id]);
  if (rowCount === 0) throw notFound();
}

export const ORGANIZATION_UNKNOWN = 'Choose an organization from the list.';

/** Saves (or replaces) the organization of each RMM site name. */
export async function saveSiteMappings(
  db: Queryable,
  sites: { site: string; organization: number }[],
  actorId: number,
): Promise<void> {
  const ids = [...new Set(sites.map((s) => s.organization))];
  const { rows } = await db.query<{ id: number }>('SELECT id FROM organizations WHERE id = ANY($1::int[])', [
    ids,
  ]);
  const known = new Set(rows.map((r) => r.id));
  if (ids.some((id) => !known.has(id)))
    throw badRequest({ sites: [ORGANIZATION_UNKNOWN] }, [ORGANIZATION_UNKNOWN]);
  await db.query(
    `INSERT INTO rmm_site_mappings (site_key, site_name, organization_id, created_by, updated_by)
     SELECT DISTINCT ON (lower(trim(s.name))) lower(trim(s.name)), trim(s.name), s.org, $3::int, $3::int
       FROM unnest($1::text[], $2::int[]) AS s(name, org)
     ON CONFLICT (site_key) DO UPDATE
       SET organization_id = EXCLUDED.organization_id, site_name = EXCLUDED.site_name,
           updated_by = EXCLUDED.updated_by, updated_at = now(), version = rmm_site_mappings.version + 1`,
    [sites.map((s) => s.site), sites.map((s) => s.organization), actorId],
  );
}

const CLIENT_CONDITIONS: Record<ClientFilter, string> = {
  all: 'true',
  '1': 'o.active',
  '3': 'NOT o.active',
  '2': 'o.rmm_plan IS NOT NULL',
  '4': `o.rmm_plan = 'RMM_BILL_BY_DEVICE'`,
  '5': `o.rmm_plan = 'RMM_BILL_BY_USER'`,
};

const statusCursor = z.tuple([z.string(), z.number().int()]);

/** The organizations (a keyset page by name) with Missing or Uploaded for each kind of export in `month`. */
export async function importStatus(
  db: Queryable,
  query: { month: string; clients: ClientFilter; organization?: number; limit: number; after?: string },
): Promise<{ month: string; items: ImportStatusRow[]; next: string | null }> {
  const cursor = query.after ? decodeCursor(query.after, statusCursor) : null;
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT o.id, o.name FROM organizations o
      WHERE ${CLIENT_CONDITIONS[query.clients]} AND ($1::int IS NULL OR o.id = $1)
        AND ($2::text IS NULL OR (o.name, o.id) > ($2::text, $3::int))
      ORDER BY o.name, o.id LIMIT $4`,
    [query.organization ?? null, cursor?.[0] ?? null, cursor?.[1] ?? null, query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const { rows: uploads } = await db.query<{
    organization_id: number;
    kind: ImportKind;
    uploaded_at: Date;
    run_id: number;
  }>(
    `SELECT organization_id, kind, uploaded_at, run_id FROM import_uploads
      WHERE organization_id = ANY($1::int[]) AND month = $2::date`,
    [page.map((r) => r.id), `${query.month}-01`],
  );
  const items = page.map((o) => {
    const kinds = Object.fromEntries(
      IMPORT_KINDS.map((k) => {
        const u = uploads.find((x) => x.organization_id === o.id && x.kind === k.value);
        return [
          k.value,
          u
            ? { status: 'Uploaded' as const, uploadedAt: u.uploaded_at.toISOString(), runId: u.run_id }
            : { status: 'Missing' as const, uploadedAt: null, runId: null },
        ];
      }),
    ) as ImportStatusRow['kinds'];
    return { organization: { value: o.id, label: o.name }, kinds };
  });
  const last = page[page.length - 1];
  return {
    month: query.month,
    items,
    next: rows.length > query.limit && last ? encodeCursor([last.name, last.id]) : null,
  };
}
