// The file manager's reading and deleting: the stored files with their owners and every record that uses one
// (the tables referencing files.id: agreement_documents, opportunity_documents, import_runs, report_history).
import { z } from 'zod';
import { pathFor } from '../../../shared/routes/index.js';
import {
  FILE_USE_LABELS,
  type FileList,
  type FileListQuery,
  type FileUse,
  type FileUseKind,
  type StorageTotals,
  type StoredFileItem,
} from '../../../shared/schemas/file-manager.js';
import type { Database } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../platform/cursor.js';
import { conflict, notFound } from '../../platform/errors.js';
import type { Queryable } from '../../platform/records.js';
import { withTransaction } from '../../platform/transaction.js';

/** Every use of a file, one row each: (file_id, kind, ref_id, parent_id, label). */
const USES = `
  SELECT file_id, 'agreement' AS kind, id AS ref_id, agreement_id AS parent_id, title AS label
    FROM agreement_documents WHERE file_id IS NOT NULL
  UNION ALL
  SELECT file_id, 'opportunity', id, opportunity_id, title FROM opportunity_documents WHERE file_id IS NOT NULL
  UNION ALL
  SELECT file_id, 'import', id, NULL, file_name FROM import_runs
  UNION ALL
  SELECT file_id, 'report', id, NULL, title FROM report_history`;

/** "f is used somewhere", as a condition on the files row `f`. */
const USED = `(EXISTS (SELECT 1 FROM agreement_documents x WHERE x.file_id = f.id)
            OR EXISTS (SELECT 1 FROM opportunity_documents x WHERE x.file_id = f.id)
            OR EXISTS (SELECT 1 FROM import_runs x WHERE x.file_id = f.id)
            OR EXISTS (SELECT 1 FROM report_history x WHERE x.file_id = f.id))`;

type UseRow = { file_id: number; kind: FileUseKind; ref_id: number; parent_id: number | null; label: string };

function hrefOf(use: UseRow): string {
  switch (use.kind) {
    case 'agreement':
      return pathFor('agreement_document_basics', { id: use.parent_id ?? 0, documentId: use.ref_id });
    case 'opportunity':
      return pathFor('opportunity_document_basics', { id: use.parent_id ?? 0, documentId: use.ref_id });
    case 'import':
      return pathFor('file_import_run', { runId: use.ref_id });
    case 'report':
      return pathFor('report_history');
  }
}

async function usesOf(db: Queryable, fileIds: number[]): Promise<Map<number, FileUse[]>> {
  const out = new Map<number, FileUse[]>();
  if (!fileIds.length) return out;
  const { rows } = await db.query<UseRow>(
    `SELECT * FROM (${USES}) u WHERE file_id = ANY($1::int[]) ORDER BY kind, ref_id`,
    [fileIds],
  );
  for (const row of rows) {
    const list = out.get(row.file_id) ?? [];
    list.push({ kind: row.kind, kindLabel: FILE_USE_LABELS[row.kind], label: row.label, href: hrefOf(row) });
    out.set(row.file_id, list);
  }
  return out;
}

export async function storageTotals(db: Queryable): Promise<StorageTotals> {
  const { rows } = await db.query<{
    count: number;
    bytes: string;
    unused_count: number;
    unused_bytes: string;
  }>(
    `SELECT count(*)::int AS count, coalesce(sum(size), 0)::text AS bytes,
            count(*) FILTER (WHERE NOT ${USED})::int AS unused_count,
            coalesce(sum(size) FILTER (WHERE NOT ${USED}), 0)::text AS unused_bytes
       FROM files f WHERE f.complete`,
  );
  const r = rows[0]!;
  return {
    count: r.count,
    bytes: Number(r.bytes),
    unusedCount: r.unused_count,
    unusedBytes: Number(r.unused_bytes),
  };
}

type FileRow = {
  id: number;
  name: string;
  content_type: string;
  size: string;
  created_at: Date;
  created_key: string;
  created_by: number | null;
  owner_name: string | null;
};

const cursorSchema = z.tuple([z.string().max(64), z.number().int()]);

export async function listFiles(db: Queryable, query: FileListQuery): Promise<FileList> {
  const bySize = query.sort === 'size';
  const key = bySize ? 'f.size' : 'f.created_at';
  const keyParam = bySize ? '$1::bigint' : '$1::timestamptz';
  const after = query.after ? decodeCursor(query.after, cursorSchema) : null;
  const { rows } = await db.query<FileRow>(
    `SELECT f.id, f.name, f.content_type, f.size::text AS size, f.created_at, f.created_by,
            to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key,
            u.first_name || ' ' || u.last_name AS owner_name
       FROM files f LEFT JOIN users u ON u.id = f.created_by
      WHERE f.complete
        AND ($3::boolean IS FALSE OR NOT ${USED})
        AND ($1::text IS NULL OR (${key}, f.id) < (${keyParam}, $2::int))
      ORDER BY ${key} DESC, f.id DESC LIMIT $4`,
    [after?.[0] ?? null, after?.[1] ?? null, query.filter === 'unused', query.limit + 1],
  );
  const page = rows.slice(0, query.limit);
  const uses = await usesOf(
    db,
    page.map((r) => r.id),
  );
  const last = page[page.length - 1];
  const items: StoredFileItem[] = page.map((r) => ({
    id: r.id,
    name: r.name,
    contentType: r.content_type,
    size: Number(r.size),
    owner: r.created_by == null ? null : { value: r.created_by, label: r.owner_name ?? '' },
    created: r.created_at.toISOString(),
    uses: uses.get(r.id) ?? [],
  }));
  return {
    items,
    next:
      rows.length > query.limit && last
        ? encodeCursor([bySize ? last.size : last.created_key, last.id])
        : null,
    totals: await storageTotals(db),
  };
}

/** A complete file's name, type and size, or 404. */
export async function downloadable(
  db: Queryable,
  id: number,
): Promise<{ id: number; name: string; contentType: string; size: number }> {
  const { rows } = await db.query<{ id: number; name: string; content_type: string; size: string }>(
    'SELECT id, name, content_type, size::text AS size FROM files WHERE id = $1 AND complete',
    [id],
  );
  const r = rows[0];
  if (!r) throw notFound();
  return { id: r.id, name: r.name, contentType: r.content_type, size: Number(r.size) };
}

/** The message of a refused delete: where the file is used. */
export const inUseMessage = (uses: FileUse[]) =>
  `This file is used by ${uses.map((u) => `${u.kindLabel} "${u.label}"`).join(', ')}. Remove it there first; a file in use cannot be deleted.`;

/** Deletes an unused file (its chunks cascade) in one transaction; 409 naming its uses when it is used. */
export async function deleteUnusedFile(database: Database, id: number): Promise<void> {
  await withTransaction(database, async ({ client }) => {
    const { rows } = await client.query('SELECT id FROM files WHERE id = $1 FOR UPDATE', [id]);
    if (!rows[0]) throw notFound();
    const uses = (await usesOf(client, [id])).get(id) ?? [];
    if (uses.length) throw conflict(inUseMessage(uses), { uses });
    try {
      await client.query('SAVEPOINT remove_file');
      await client.query('DELETE FROM files WHERE id = $1', [id]);
    } catch (error) {
      // A record took the file between the check and the delete: the foreign key refuses, and so do we.
      if ((error as { code?: string }).code !== '23503') throw error;
      await client.query('ROLLBACK TO SAVEPOINT remove_file');
      const now = (await usesOf(client, [id])).get(id) ?? [];
      throw conflict(inUseMessage(now), { uses: now });
    }
  });
}
