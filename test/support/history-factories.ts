// Report history, required uploads and generated files for tests; and reading a PDF back as its pages' text.
import type pg from 'pg';

type Db = Pick<pg.Pool, 'query'>;
let counter = 0;

/** The text of every page of a PDF, page by page (pdfjs-dist, as a reader would see it). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes) }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** A complete stored file of a few bytes. */
export async function makeFile(
  db: Db,
  overrides: Partial<{ name: string; contentType: string; bytes: Buffer }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const bytes = overrides.bytes ?? Buffer.from(`file ${counter}\n`);
  const name = overrides.name ?? `file-${counter}.csv`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO files (name, content_type, size, sha256, complete) VALUES ($1, $2, $3, '', true) RETURNING id`,
    [name, overrides.contentType ?? 'text/csv; charset=utf-8', bytes.length],
  );
  await db.query('INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, 0, $2)', [rows[0]!.id, bytes]);
  return { id: rows[0]!.id, name };
}

/** A required upload (report notice). */
export async function makeRequiredUpload(
  db: Db,
  overrides: Partial<{
    name: string;
    report: string | null;
    frequency: 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
    clients: string;
    active: boolean;
    createdAt: string;
  }> = {},
): Promise<{ id: number; name: string }> {
  counter += 1;
  const name = overrides.name ?? `Required upload ${counter}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO report_notices (name, report, frequency, clients, active, created_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now())) RETURNING id`,
    [
      name,
      overrides.report === undefined ? null : overrides.report,
      overrides.frequency ?? 'QUARTERLY',
      overrides.clients ?? '1',
      overrides.active ?? true,
      overrides.createdAt ?? null,
    ],
  );
  return { id: rows[0]!.id, name };
}

/** A report history row for these organizations, with a stored file. */
export async function makeHistory(
  db: Db,
  overrides: Partial<{
    report: string;
    title: string;
    format: 'CSV' | 'XLSX' | 'PDF' | 'FILE';
    organizations: number[];
    requiredUploadId: number | null;
    createdAt: string;
    createdBy: number | null;
    filters: Record<string, string>;
  }> = {},
): Promise<{ id: number; fileId: number }> {
  const file = await makeFile(db);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO report_history (report, title, format, filters, filters_text, file_id, required_upload_id,
                                 created_at, created_by)
     VALUES ($1, $2, $3, $4, 'Clients: Active', $5, $6, COALESCE($7::timestamptz, now()), $8) RETURNING id`,
    [
      overrides.report ?? 'warranty',
      overrides.title ?? 'Warranty',
      overrides.format ?? 'CSV',
      JSON.stringify(overrides.filters ?? {}),
      file.id,
      overrides.requiredUploadId ?? null,
      overrides.createdAt ?? null,
      overrides.createdBy ?? null,
    ],
  );
  const id = rows[0]!.id;
  for (const organizationId of overrides.organizations ?? [])
    await db.query(
      'INSERT INTO report_history_organizations (report_history_id, organization_id) VALUES ($1, $2)',
      [id, organizationId],
    );
  return { id, fileId: file.id };
}
