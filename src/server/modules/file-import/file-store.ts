// An export's bytes into the files table as they arrive (a chunk per statement, never a transaction across network
// reads), typed by this module: CSV has no magic bytes, so a file is XLSX by its zip signature, refused when its
// first bytes say it is some other binary file, and CSV otherwise. Readers work on a copy in the temp folder.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import {
  IMPORT_EMPTY,
  IMPORT_LEGACY_EXCEL,
  IMPORT_NOT_TABLE,
  IMPORT_TOO_LARGE,
  IMPORT_XLSX_UNREADABLE,
} from '../../../shared/schemas/file-import.js';
import type { Database } from '../../db/client.js';
import { FileRefused, storeUpload, streamFile } from '../../platform/files.js';

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file this import will not read; `message` is what the user reads. */
export class ImportRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRefused';
  }
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * CSV or XLSX from the first bytes of a file, or the reason it is neither. A file named .xlsx that is no workbook
 * is told so (not to choose a CSV or XLSX file, which it thinks it did).
 */
export async function sniffImportType(head: Buffer, name?: string): Promise<string> {
  if (head.subarray(0, 4).equals(ZIP)) return XLSX_TYPE;
  if (name && /\.xlsx$/i.test(name.trim())) throw new ImportRefused(IMPORT_XLSX_UNREADABLE);
  if (head.subarray(0, 8).equals(CFB)) throw new ImportRefused(IMPORT_LEGACY_EXCEL);
  // UTF-16 text carries NUL bytes but starts with its byte order mark.
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  if (!utf16 && head.subarray(0, 8192).includes(0)) throw new ImportRefused(IMPORT_NOT_TABLE);
  const detected = utf16 ? undefined : await fileTypeFromBuffer(head);
  if (detected) throw new ImportRefused(IMPORT_NOT_TABLE);
  return CSV_TYPE;
}

export type StoredImport = { id: number; name: string; contentType: string; size: number };

/**
 * Streams an upload into a new file (platform/files.ts storeUpload), typed by this module; a refusal reads as the
 * import's own message. On a refusal or a failure the partial file is deleted and the error thrown.
 */
export async function storeImportFile(
  database: Database,
  stream: AsyncIterable<Buffer> & { truncated?: boolean },
  options: { name: string | undefined; actorId: number; maxBytes: number },
): Promise<StoredImport> {
  try {
    return await storeUpload(database, stream, {
      ...options,
      sniff: (head) => sniffImportType(head, options.name),
    });
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    throw new ImportRefused(
      error.reason === 'TOO_LARGE'
        ? IMPORT_TOO_LARGE
        : error.reason === 'EMPTY'
          ? IMPORT_EMPTY
          : IMPORT_NOT_TABLE,
    );
  }
}

/** Copies a stored file into a private temp folder, runs `work` on its path, and removes the copy. */
export async function withTempCopy<T>(
  database: Database,
  fileId: number,
  work: (path: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'sd6-import-'));
  try {
    const path = join(folder, 'export');
    await pipeline(streamFile(database, fileId), createWriteStream(path));
    return await work(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
