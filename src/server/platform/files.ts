// Uploaded files in the database: written a chunk at a time as the bytes arrive (each chunk its own short statement,
// never a transaction held open across network reads: the embedded database has one connection), typed from their
// first bytes, and streamed back out a few chunks per query, so no file is ever whole in memory.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import type pg from 'pg';
import type { Connection, Submittable } from 'pg';
import {
  FILE_EMPTY,
  FILE_TOO_LARGE,
  FILE_TYPE_REFUSED,
  type FileRefusal,
} from '../../shared/schemas/document.js';
import type { Database } from '../db/client.js';
import type { Queryable } from './records.js';
import { withTransaction } from './transaction.js';

/** Bytes per row of file_chunks. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks one query reads when a file is streamed out (1 MB). */
const CHUNKS_PER_READ = 4;
/** An upload still incomplete after this long was abandoned (a crash, a lost connection). */
export const STALE_UPLOAD_MINUTES = 60;

/** What may be uploaded: decided from the bytes, never from the name or the client's content type. */
export const ALLOWED_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/tiff',
  'image/heic',
  'image/heif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/x-cfb',
]);

export type StoredFile = { id: number; name: string; contentType: string; size: number; sha256: string };

/** A file the store would not keep; `message` is what the person who sent it reads. */
export class FileRefused extends Error {
  constructor(readonly reason: FileRefusal) {
    super(reason === 'TOO_LARGE' ? FILE_TOO_LARGE : reason === 'EMPTY' ? FILE_EMPTY : FILE_TYPE_REFUSED);
    this.name = 'FileRefused';
  }
}

/** The name shown and offered on download: its last path segment, no control characters, at most 255 long. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(clean).slice(0, 255).join('') || 'file';
}

/**
 * The Content-Disposition of a download: an ASCII fallback name and the exact name in RFC 5987 form, safe for any
 * name (quotes, semicolons, line breaks and non-Latin scripts cannot break out of the header).
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

// ---- Legacy Office files (Compound File Binary): Word, Excel and PowerPoint name their main stream ----

const CFB_OFFICE_STREAMS: Record<string, string> = {
  WordDocument: 'application/msword',
  Workbook: 'application/vnd.ms-excel',
  Book: 'application/vnd.ms-excel',
  'PowerPoint Document': 'application/vnd.ms-powerpoint',
};
const END_OF_CHAIN = 0xfffffffe;

/**
 * A compound file's Office type from the directory entries found in `head`; null when its directory ends within
 * `head` without an Office stream (an installer, a mail message: refused); x-cfb when the directory runs past
 * `head` (a large document whose directory sits further on: accepted as a legacy Office file).
 */
export function compoundFileType(head: Buffer): string | null {
  if (head.length < 512) return null;
  const shift = head.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perFatSector = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const difat = (i: number) => (i < 109 ? head.readUInt32LE(0x4c + i * 4) : END_OF_CHAIN);
  /** The next sector of a chain, or undefined when the FAT sector needed is not in `head`. */
  const nextSector = (sector: number): number | undefined => {
    const fatSector = difat(Math.floor(sector / perFatSector));
    if (fatSector >= 0xfffffffa) return undefined;
    const at = sectorOffset(fatSector) + (sector % perFatSector) * 4;
    return at + 4 <= head.length ? head.readUInt32LE(at) : undefined;
  };
  let sector = head.readUInt32LE(0x30);
  for (let visited = 0; visited < 256; visited++) {
    if (sector === END_OF_CHAIN) return null;
    const start = sectorOffset(sector);
    if (sector >= 0xfffffffa || start + sectorSize > head.length) return 'application/x-cfb';
    for (let entry = start; entry < start + sectorSize; entry += 128) {
      const nameBytes = head.readUInt16LE(entry + 0x40);
      if (nameBytes < 2 || nameBytes > 64) continue;
      const name = head.toString('utf16le', entry, entry + nameBytes - 2);
      if (CFB_OFFICE_STREAMS[name] && head[entry + 0x42] === 2) return CFB_OFFICE_STREAMS[name];
    }
    const next = nextSector(sector);
    if (next === undefined) return 'application/x-cfb';
    sector = next;
  }
  return null;
}

/** The content type of a file from its first bytes, or null when it is not one that may be uploaded. */
export async function sniffContentType(head: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  const type = detected.mime === 'application/x-cfb' ? compoundFileType(head) : detected.mime;
  return type && ALLOWED_TYPES.has(type) ? type : null;
}

// ---- Storing ----

export type StoreOptions = {
  name: string | undefined;
  actorId: number | null;
  maxBytes: number;
  /**
   * The type of a file from its first chunk, throwing when it is refused (default: the document types, by their
   * magic bytes; an RMM import also takes CSV, which has none).
   */
  sniff?: (head: Buffer) => Promise<string>;
};

async function documentType(head: Buffer): Promise<string> {
  const type = await sniffContentType(head);
  if (!type) throw new FileRefused('TYPE');
  return type;
}

/**
 * Reads `stream` into a new file: the first chunk decides the type (refused: nothing is kept), each chunk is
 * inserted while the next one arrives, and the file is marked complete at the end. On any refusal or failure,
 * including the sender going away, the partial file is deleted and the error thrown.
 */
export async function storeUpload(
  database: Database,
  stream: AsyncIterable<Buffer> & { truncated?: boolean },
  options: StoreOptions,
): Promise<StoredFile> {
  const name = safeFileName(options.name);
  const hash = createHash('sha256');
  let size = 0;
  let seq = 0;
  let fileId: number | null = null;
  let contentType = '';
  // Chunk buffers used in turn: while some are being inserted, the next one fills from the network. A buffer is
  // filled again only once its insert has finished, so no chunk is copied twice or allocated anew. PostgreSQL writes
  // a few chunks at once on as many connections; the embedded database has one, so one insert runs at a time.
  const inFlight = database.kind === 'postgres' ? 3 : 1;
  const buffers = Array.from({ length: inFlight + 1 }, () => Buffer.allocUnsafe(CHUNK_BYTES));
  const inserts: (Promise<void> | null)[] = buffers.map(() => null);
  let current = 0;
  let filled = 0;
  // The first failed insert, thrown when its buffer is next needed or at the end.
  let failure: { error: unknown } | null = null;

  /** Waits until buffer `i` is no longer being inserted. */
  const free = async (i: number) => {
    await inserts[i];
    inserts[i] = null;
    if (failure) throw failure.error;
  };
  const settle = async () => {
    await Promise.all(inserts);
    inserts.fill(null);
    if (failure) throw failure.error;
  };

  const write = async (chunk: Buffer, slot: number) => {
    if (fileId === null) {
      contentType = await (options.sniff ?? documentType)(chunk);
      const { rows } = await database.pool.query<{ id: number }>(
        'INSERT INTO files (name, content_type, created_by) VALUES ($1, $2, $3) RETURNING id',
        [name, contentType, options.actorId],
      );
      fileId = rows[0]!.id;
    }
    inserts[slot] = database.pool
      .query('INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [fileId, seq++, chunk])
      .then(
        () => undefined,
        (error: unknown) => {
          failure ??= { error };
        },
      );
  };

  try {
    for await (const data of stream) {
      size += data.length;
      if (size > options.maxBytes) throw new FileRefused('TOO_LARGE');
      hash.update(data);
      for (let at = 0; at < data.length; ) {
        const copied = data.copy(buffers[current]!, filled, at);
        filled += copied;
        at += copied;
        if (filled === CHUNK_BYTES) {
          await write(buffers[current]!, current);
          current = (current + 1) % buffers.length;
          filled = 0;
          await free(current);
        }
      }
    }
    // A parser that cut the file at its limit (multipart) says so: the file was larger than allowed.
    if (stream.truncated) throw new FileRefused('TOO_LARGE');
    if (size === 0) throw new FileRefused('EMPTY');
    if (filled > 0) await write(buffers[current]!.subarray(0, filled), current);
    await settle();
    const sha256 = hash.digest('hex');
    await database.pool.query('UPDATE files SET size = $2, sha256 = $3, complete = true WHERE id = $1', [
      fileId,
      size,
      sha256,
    ]);
    return { id: fileId!, name, contentType, size, sha256 };
  } catch (error) {
    await settle().catch(() => undefined);
    if (fileId !== null) await deleteFile(database.pool, fileId).catch(() => undefined);
    throw error;
  }
}

/**
 * Stores bytes the server made itself (a generated PDF) as a complete file inside the caller's transaction, so the
 * file exists exactly when the change that made it commits. Its type is known, not sniffed.
 */
export async function storeGenerated(
  tx: Queryable,
  bytes: Buffer,
  options: { name: string; contentType: string; actorId: number | null },
): Promise<StoredFile> {
  const name = safeFileName(options.name);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO files (name, content_type, created_by, size, sha256, complete)
     VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
    [name, options.contentType, options.actorId, bytes.length, sha256],
  );
  const id = rows[0]!.id;
  for (let seq = 0, at = 0; at < bytes.length; seq += 1, at += CHUNK_BYTES)
    await tx.query('INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
      id,
      seq,
      bytes.subarray(at, at + CHUNK_BYTES),
    ]);
  return { id, name, contentType: options.contentType, size: bytes.length, sha256 };
}

/**
 * Stores bytes the server makes as they come (a report export of any size): each chunk inserted in a statement of
 * its own while the next is made (reading pauses the maker meanwhile), never a transaction held open across them
 * (the embedded database has one connection). Then ONE transaction marks the file complete and runs `link` (the
 * row that keeps it), so the file exists exactly when that commits. On any failure the partial file is deleted.
 */
export async function storeGeneratedStream<T>(
  database: Database,
  bytes: AsyncIterable<Buffer>,
  options: { name: string; contentType: string; actorId: number | null },
  link: (tx: pg.PoolClient, file: StoredFile) => Promise<T>,
): Promise<T> {
  const name = safeFileName(options.name);
  const hash = createHash('sha256');
  let fileId: number | null = null;
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const insert = async (chunk: Buffer) => {
    if (fileId === null) {
      const { rows } = await database.pool.query<{ id: number }>(
        'INSERT INTO files (name, content_type, created_by) VALUES ($1, $2, $3) RETURNING id',
        [name, options.contentType, options.actorId],
      );
      fileId = rows[0]!.id;
    }
    await database.pool.query('INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, $3)', [
      fileId,
      seq++,
      chunk,
    ]);
  };
  try {
    for await (const data of bytes) {
      size += data.length;
      hash.update(data);
      pending.push(data);
      pendingBytes += data.length;
      while (pendingBytes >= CHUNK_BYTES) {
        const all = Buffer.concat(pending, pendingBytes);
        await insert(all.subarray(0, CHUNK_BYTES));
        pending = [all.subarray(CHUNK_BYTES)];
        pendingBytes -= CHUNK_BYTES;
      }
    }
    if (pendingBytes > 0 || fileId === null) await insert(Buffer.concat(pending, pendingBytes));
    const file: StoredFile = {
      id: fileId!,
      name,
      contentType: options.contentType,
      size,
      sha256: hash.digest('hex'),
    };
    return await withTransaction(database, async ({ client }) => {
      await client.query('UPDATE files SET size = $2, sha256 = $3, complete = true WHERE id = $1', [
        file.id,
        file.size,
        file.sha256,
      ]);
      return link(client, file);
    });
  } catch (error) {
    if (fileId !== null) await deleteFile(database.pool, fileId).catch(() => undefined);
    throw error;
  }
}

/** Deletes a file and its chunks (an abandoned upload, a replaced or removed document's file). */
export async function deleteFile(db: Queryable, fileId: number): Promise<void> {
  await db.query('DELETE FROM files WHERE id = $1', [fileId]);
}

/** Deletes uploads left incomplete for longer than STALE_UPLOAD_MINUTES; returns how many. */
export async function deleteStaleUploads(
  database: Database,
  olderThanMinutes = STALE_UPLOAD_MINUTES,
): Promise<number> {
  const { rowCount } = await database.pool.query(
    'DELETE FROM files WHERE NOT complete AND created_at < now() - make_interval(mins => $1)',
    [olderThanMinutes],
  );
  return rowCount ?? 0;
}

const lastSweep = new WeakMap<Database, number>();
/** Runs deleteStaleUploads at most every ten minutes per database: called before each upload, it costs nothing. */
export async function sweepStaleUploads(database: Database, now = Date.now()): Promise<void> {
  if (now - (lastSweep.get(database) ?? 0) < 10 * 60_000) return;
  lastSweep.set(database, now);
  await deleteStaleUploads(database).catch(() => undefined);
}

// ---- Reading ----

export type FileInfo = { id: number; name: string; contentType: string; size: number };

/** A complete file's description, or null. */
export async function fileInfo(database: Database, fileId: number): Promise<FileInfo | null> {
  const { rows } = await database.pool.query<{
    id: number;
    name: string;
    content_type: string;
    size: number;
  }>('SELECT id, name, content_type, size FROM files WHERE id = $1 AND complete', [fileId]);
  const row = rows[0];
  return row ? { id: row.id, name: row.name, contentType: row.content_type, size: row.size } : null;
}

/**
 * COPY … TO STDOUT run through pg's query-object interface (the one pg-cursor uses): the rows arrive as the raw
 * bytes of PostgreSQL's binary COPY format. pg reads ordinary results as text, so a bytea column would come as hex
 * text twice its size, decoded twice; COPY hands over the bytes as they are stored.
 */
class CopyOut implements Submittable {
  private readonly parts: Buffer[] = [];
  readonly done: Promise<Buffer>;
  private settle!: { resolve: (bytes: Buffer) => void; reject: (error: unknown) => void };

  constructor(private readonly text: string) {
    this.done = new Promise((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }

  submit(connection: Connection): void {
    (connection as unknown as { query: (text: string) => void }).query(this.text);
  }

  // The message's chunk is a view of the connection's read buffer, reused for the next read: keep a copy.
  handleCopyData(message: { chunk: Buffer }): void {
    this.parts.push(Buffer.from(message.chunk));
  }

  handleReadyForQuery(): void {
    this.settle.resolve(this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts));
  }

  handleError(error: unknown): void {
    this.settle.reject(error);
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The (seq, data) rows of a binary COPY; `data` are views of `bytes`. */
export function binaryCopyRows(bytes: Buffer): { seq: number; data: Buffer }[] {
  if (bytes.length < 19 || !bytes.subarray(0, 11).equals(COPY_SIGNATURE))
    throw new Error('not a binary COPY stream');
  let at = 19 + bytes.readUInt32BE(15);
  const rows: { seq: number; data: Buffer }[] = [];
  for (;;) {
    const fields = bytes.readInt16BE(at);
    at += 2;
    if (fields === -1) return rows;
    if (fields !== 2) throw new Error(`binary COPY row of ${fields} fields, 2 expected`);
    at += 4; // the int4's length (4)
    const seq = bytes.readInt32BE(at);
    at += 4;
    const length = bytes.readInt32BE(at);
    at += 4;
    rows.push({ seq, data: bytes.subarray(at, at + length) });
    at += length;
  }
}

/** Chunks `from` … `from + count - 1` of a file, as stored: one COPY holding the connection only while it runs. */
async function readChunks(database: Database, fileId: number, from: number, count: number) {
  if (![fileId, from, count].every(Number.isSafeInteger)) throw new Error('chunk positions must be integers');
  const client = await database.pool.connect();
  try {
    const copy = client.query(
      new CopyOut(
        `COPY (SELECT seq, data FROM file_chunks WHERE file_id = ${fileId} AND seq >= ${from}
                ORDER BY seq LIMIT ${count}) TO STDOUT WITH (FORMAT binary)`,
      ),
    );
    return binaryCopyRows(await copy.done);
  } finally {
    client.release();
  }
}

/**
 * The bytes of a file, read CHUNKS_PER_READ chunks at a time as the reader asks for them (the next read runs while
 * the last is written out). A file deleted or changed while it is read ends the stream with an error instead of a
 * short or mixed file.
 */
export function streamFile(database: Database, fileId: number, expectedSize?: number): Readable {
  const read = (from: number) => {
    const batch = readChunks(database, fileId, from, CHUNKS_PER_READ);
    // A read ahead that is never awaited (the reader went away) must not fail the process.
    batch.catch(() => undefined);
    return batch;
  };
  async function* chunks() {
    let next = 0;
    let sent = 0;
    let batch = read(0);
    for (;;) {
      const rows = await batch;
      const more = rows.length === CHUNKS_PER_READ;
      if (more) batch = read(next + CHUNKS_PER_READ);
      for (const row of rows) {
        if (row.seq !== next) throw new Error(`file ${fileId}: chunk ${next} is missing`);
        next += 1;
        sent += row.data.length;
        yield row.data;
      }
      if (!more) break;
    }
    if (expectedSize !== undefined && sent !== expectedSize)
      throw new Error(`file ${fileId}: ${sent} bytes read, ${expectedSize} expected`);
  }
  return Readable.from(chunks(), { objectMode: false });
}
