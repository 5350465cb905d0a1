// The file store: types decided from the bytes, chunks of 256 KB written as they arrive, nothing kept of a refused
// or abandoned upload, the bytes streamed back exactly, stale uploads swept, download names that cannot break out.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { makeUser } from '../../../test/support/factories.js';
import {
  sampleCompoundFile,
  sampleDocx,
  sampleExe,
  samplePdf,
  samplePng,
  storedZip,
} from '../../../test/support/files.js';
import { FILE_TOO_LARGE, FILE_TYPE_REFUSED } from '../../shared/schemas/document.js';
import {
  binaryCopyRows,
  CHUNK_BYTES,
  contentDisposition,
  deleteStaleUploads,
  FileRefused,
  safeFileName,
  sniffContentType,
  storeUpload,
  streamFile,
  sweepStaleUploads,
} from './files.js';

let api: ApiHarness;
let actorId: number;
beforeAll(async () => {
  api = await setupApi();
  actorId = (await makeUser(api.db.pool)).id;
});
afterAll(() => api?.close());

/** `data` delivered in pieces of `piece` bytes, as a network stream would. */
const pieces = (data: Buffer, piece = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += piece) yield data.subarray(i, i + piece);
    })(),
  );

const collect = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

const fileCount = async () =>
  Number((await api.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM files')).rows[0]!.n);

describe('content type from the bytes', () => {
  it('knows PDF, PNG, DOCX and legacy Word files; refuses programs, text, plain zips and other compound files', async () => {
    expect(await sniffContentType(samplePdf())).toBe('application/pdf');
    expect(await sniffContentType(samplePng())).toBe('image/png');
    expect(await sniffContentType(sampleDocx())).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(await sniffContentType(sampleCompoundFile('WordDocument'))).toBe('application/msword');
    expect(await sniffContentType(sampleCompoundFile('Workbook'))).toBe('application/vnd.ms-excel');
    expect(await sniffContentType(sampleCompoundFile('PowerPoint Document'))).toBe(
      'application/vnd.ms-powerpoint',
    );
    // An installer or a mail message is a compound file too, without an Office stream.
    expect(await sniffContentType(sampleCompoundFile('__properties_version1.0'))).toBeNull();
    expect(await sniffContentType(sampleExe())).toBeNull();
    expect(await sniffContentType(Buffer.from('%PDX this is only text that says it is a PDF'))).toBeNull();
    expect(
      await sniffContentType(storedZip([{ name: 'notes.txt', data: Buffer.from('a plain zip') }])),
    ).toBeNull();
  });
});

describe('storeUpload and streamFile', () => {
  it('writes a file in 256 KB chunks with its size and sha256, and streams back the same bytes', async () => {
    const pdf = samplePdf('Large contract', 700 * 1024);
    const stored = await storeUpload(api.db, pieces(pdf), {
      name: 'C:\\Users\\me\\Contract.pdf',
      actorId,
      maxBytes: 25 * 1024 * 1024,
    });
    expect(stored).toMatchObject({
      name: 'Contract.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    const { rows } = await api.db.pool.query<{ seq: number; bytes: number }>(
      'SELECT seq, length(data) AS bytes FROM file_chunks WHERE file_id = $1 ORDER BY seq',
      [stored.id],
    );
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2]);
    expect(rows.slice(0, 2).every((r) => r.bytes === CHUNK_BYTES)).toBe(true);
    expect(rows.reduce((n, r) => n + r.bytes, 0)).toBe(pdf.length);
    const file = await api.db.pool.query('SELECT complete, created_by FROM files WHERE id = $1', [stored.id]);
    expect(file.rows[0]).toEqual({ complete: true, created_by: actorId });
    expect((await collect(streamFile(api.db, stored.id, stored.size))).equals(pdf)).toBe(true);
  });

  it('reads a file of exactly four chunks (one full read, then an empty one)', async () => {
    const exact = samplePdf('Exact', 4 * CHUNK_BYTES);
    const whole = exact.subarray(0, 4 * CHUNK_BYTES);
    const stored = await storeUpload(api.db, pieces(whole, 100_000), {
      name: 'x.pdf',
      actorId,
      maxBytes: 1e8,
    });
    expect((await collect(streamFile(api.db, stored.id, stored.size))).equals(whole)).toBe(true);
  });

  it('keeps nothing of a refused type, an over-size file or an empty one', async () => {
    const before = await fileCount();
    const refuse = async (data: Buffer, maxBytes = 1024 * 1024) => {
      const error = await storeUpload(api.db, pieces(data, 1000), { name: 'f', actorId, maxBytes }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(FileRefused);
      return error as FileRefused;
    };
    expect((await refuse(sampleExe())).message).toBe(FILE_TYPE_REFUSED);
    expect((await refuse(Buffer.from('Dear customer, ...'))).message).toBe(FILE_TYPE_REFUSED);
    // Refused after the first chunks were written: those go too.
    expect((await refuse(samplePdf('Big', 600 * 1024), 500 * 1024)).message).toBe(FILE_TOO_LARGE);
    expect((await refuse(Buffer.alloc(0))).reason).toBe('EMPTY');
    expect(await fileCount()).toBe(before);
  });

  it('deletes the partial file when the sender goes away mid-upload', async () => {
    const before = await fileCount();
    const pdf = samplePdf('Cut short', 900 * 1024);
    const cut = Readable.from(
      (async function* () {
        yield pdf.subarray(0, 300 * 1024);
        yield pdf.subarray(300 * 1024, 600 * 1024);
        throw new Error('aborted');
      })(),
    );
    await expect(storeUpload(api.db, cut, { name: 'a.pdf', actorId, maxBytes: 1e8 })).rejects.toThrow(
      'aborted',
    );
    expect(await fileCount()).toBe(before);
  });

  it('refuses a stream its parser cut at the limit (truncated)', async () => {
    // Busboy marks its file stream when it stops passing bytes on at the limit.
    const stream = Object.assign(pieces(samplePdf()), { truncated: true });
    await expect(storeUpload(api.db, stream, { name: 'p.pdf', actorId, maxBytes: 1e8 })).rejects.toThrow(
      FILE_TOO_LARGE,
    );
  });

  it('reads chunks in binary COPY form and refuses anything else', () => {
    expect(() => binaryCopyRows(Buffer.from('seq,data\n0,abc\n'))).toThrow('not a binary COPY stream');
  });

  it('ends a download with an error when the file lost a chunk, never a short file', async () => {
    const pdf = samplePdf('Gappy', 600 * 1024);
    const stored = await storeUpload(api.db, pieces(pdf), { name: 'g.pdf', actorId, maxBytes: 1e8 });
    await api.db.pool.query('DELETE FROM file_chunks WHERE file_id = $1 AND seq = 1', [stored.id]);
    await expect(collect(streamFile(api.db, stored.id, stored.size))).rejects.toThrow(/chunk 1 is missing/);
    await api.db.pool.query('DELETE FROM file_chunks WHERE file_id = $1 AND seq = 2', [stored.id]);
    await expect(collect(streamFile(api.db, stored.id, stored.size))).rejects.toThrow(/expected/);
  });
});

describe('stale uploads', () => {
  it('deletes incomplete files older than an hour, and only those', async () => {
    const insert = async (complete: boolean, age: string) =>
      (
        await api.db.pool.query<{ id: number }>(
          `INSERT INTO files (name, content_type, complete, created_at)
           VALUES ('s.pdf', 'application/pdf', $1, now() - $2::interval) RETURNING id`,
          [complete, age],
        )
      ).rows[0]!.id;
    const old = await insert(false, '2 hours');
    const recent = await insert(false, '5 minutes');
    const done = await insert(true, '3 hours');
    await api.db.pool.query(`INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, 0, '\\x00')`, [old]);
    expect(await deleteStaleUploads(api.db)).toBe(1);
    const { rows } = await api.db.pool.query<{ id: number }>('SELECT id FROM files WHERE id = ANY($1)', [
      [old, recent, done],
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual([recent, done].sort());
    const chunks = await api.db.pool.query('SELECT 1 FROM file_chunks WHERE file_id = $1', [old]);
    expect(chunks.rowCount).toBe(0);
  });

  it('sweeps before an upload at most every ten minutes', async () => {
    const stale = () =>
      api.db.pool.query(
        `INSERT INTO files (name, content_type, created_at) VALUES ('s.pdf', 'application/pdf', now() - interval '2 hours')`,
      );
    const left = async () =>
      Number(
        (
          await api.db.pool.query<{ n: string }>(
            `SELECT count(*) AS n FROM files WHERE NOT complete AND created_at < now() - interval '1 hour'`,
          )
        ).rows[0]!.n,
      );
    const t0 = Date.now() + 3_600_000;
    await stale();
    await sweepStaleUploads(api.db, t0);
    expect(await left()).toBe(0);
    await stale();
    await sweepStaleUploads(api.db, t0 + 9 * 60_000);
    expect(await left()).toBe(1);
    await sweepStaleUploads(api.db, t0 + 11 * 60_000);
    expect(await left()).toBe(0);
  });
});

describe('names', () => {
  it('keeps the last path segment without control characters', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\fakepath\\Vertrag Müller.pdf')).toBe('Vertrag Müller.pdf');
    expect(safeFileName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName(undefined)).toBe('file');
    expect(safeFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(255);
  });

  it('gives a download header no name can break out of', () => {
    expect(contentDisposition('Contract 2026.pdf')).toBe(
      `attachment; filename="Contract 2026.pdf"; filename*=UTF-8''Contract%202026.pdf`,
    );
    expect(contentDisposition('Müller "draft"; v2 (final)*.pdf')).toBe(
      `attachment; filename="M_ller _draft__ v2 (final)*.pdf"; ` +
        `filename*=UTF-8''M%C3%BCller%20%22draft%22%3B%20v2%20%28final%29%2A.pdf`,
    );
    expect(contentDisposition('契約書.pdf')).toMatch(
      /^attachment; filename="___.pdf"; filename\*=UTF-8''%E5/,
    );
  });
});
