// A form with one file, sent as multipart/form-data: the text fields first, checked before a byte of the file is
// kept, then the file streamed into the file store. Every malformed or refused upload ends as a 400 (or the
// caller's 409) in the one error shape, its partial file deleted and the rest of the request read and discarded,
// so the browser sees the answer instead of a reset connection.
import type { Readable } from 'node:stream';
// The request decorations (parts, isMultipart) of @fastify/multipart, registered once in app.ts.
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FIELD_NOT_EXPECTED,
  FILE_LAST,
  FILE_TOO_LARGE,
  ONE_FILE,
  UPLOAD_UNREADABLE,
} from '../../shared/schemas/document.js';
import type { Database } from '../db/client.js';
import { badRequest, type FieldErrors, HttpError } from './errors.js';
import { deleteFile, FileRefused, type StoredFile, storeUpload, sweepStaleUploads } from './files.js';

export const TOO_MANY_PARTS = 'This form has too many fields.';
export const FIELD_TWICE = 'This field is given more than once.';
export const FIELD_TOO_LONG = 'This value is too long.';

/** Room for the text fields and part headers beside the file (20 fields of at most 10 KB). */
const FORM_OVERHEAD_BYTES = 256 * 1024;
/** Largest rest of a refused request read and discarded before the connection is closed instead. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
const DRAIN_LIMIT_MS = 30_000;

export type FormWithFile<T> = { form: T; file: StoredFile | null };

export type FormWithFileOptions<T> = {
  /** Names of the text fields the form has. */
  fields: readonly string[];
  /** Name of the file part. */
  fileField: string;
  /**
   * Checks the text fields read so far (all of them: the file must come last), adding `problems` found while
   * reading them; throws an HttpError (400, 409) to refuse before the file is read.
   */
  parse: (fields: Record<string, unknown>, problems: FieldErrors) => Promise<T>;
  actorId: number;
  maxBytes: number;
};

type MultipartError = Error & { code?: string };

/** A failure of the multipart parser (limits, malformed bodies) as the 400 a person can read. */
function readableFailure(error: unknown, fileField: string): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof FileRefused) return badRequest({ [fileField]: [error.message] });
  const code = (error as MultipartError)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest({ [fileField]: [ONE_FILE] });
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest({ [fileField]: [FILE_TOO_LARGE] });
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest({}, [TOO_MANY_PARTS]);
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest({}, [UPLOAD_UNREADABLE]);
  // Busboy's own errors (no boundary, a body cut short or malformed) carry no code, only these messages.
  if (error instanceof Error && /multipart|content-type|terminated early/i.test(error.message))
    return badRequest({}, [UPLOAD_UNREADABLE]);
  return error;
}

/**
 * Reads and discards what is left of a refused request, up to a limit of bytes and time; past it the connection is
 * closed after the answer. Resolves once the request has ended or the limit is hit.
 */
async function discardRest(request: FastifyRequest, reply: FastifyReply, file: Readable | null) {
  const raw = request.raw;
  // The parser would wait for its part to be read: take the request away from it and drop the bytes here.
  raw.unpipe();
  file?.destroy();
  if (raw.readableEnded || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let seen = 0;
    const stop = (close: boolean) => {
      if (close) reply.header('connection', 'close');
      clearTimeout(timer);
      raw.off('data', count);
      raw.off('end', ended);
      raw.off('close', ended);
      raw.off('error', ended);
      resolve();
    };
    const ended = () => stop(false);
    const count = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_LIMIT_BYTES) stop(true);
    };
    const timer = setTimeout(() => stop(true), DRAIN_LIMIT_MS);
    raw.on('data', count);
    raw.on('end', ended);
    raw.on('close', ended);
    raw.on('error', ended);
    raw.resume();
  });
}

export async function readFormWithFile<T>(
  database: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  options: FormWithFileOptions<T>,
): Promise<FormWithFile<T>> {
  const fields: Record<string, unknown> = {};
  const problems: FieldErrors = {};
  const problem = (name: string, message: string) => {
    problems[name] = [...(problems[name] ?? []), message];
  };
  let form: { value: T } | null = null;
  let stored: StoredFile | null = null;
  let reading: Readable | null = null;
  // A body declared larger than any allowed file is refused before a byte is read, and not read at all.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > options.maxBytes + FORM_OVERHEAD_BYTES) {
    reply.header('connection', 'close');
    throw badRequest({ [options.fileField]: [FILE_TOO_LARGE] });
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        reading = part.file;
        if (part.fieldname !== options.fileField)
          throw badRequest({ [part.fieldname]: [FIELD_NOT_EXPECTED] });
        form = { value: await options.parse(fields, problems) };
        await sweepStaleUploads(database);
        try {
          stored = await storeUpload(database, part.file, {
            name: part.filename,
            actorId: options.actorId,
            maxBytes: options.maxBytes,
          });
        } catch (error) {
          // An empty file input sends an empty part with no name: no file was chosen.
          if (!(error instanceof FileRefused && error.reason === 'EMPTY' && !part.filename)) throw error;
        }
        reading = null;
        continue;
      }
      const name = part.fieldname;
      if (form) throw badRequest({}, [FILE_LAST]);
      if (name === options.fileField) problem(name, 'Send the file as a file, not as text.');
      else if (!options.fields.includes(name) || part.fieldnameTruncated) problem(name, FIELD_NOT_EXPECTED);
      else if (name in fields) problem(name, FIELD_TWICE);
      else if (part.valueTruncated) problem(name, FIELD_TOO_LONG);
      else fields[name] = part.value;
    }
    if (!form) form = { value: await options.parse(fields, problems) };
    return { form: form.value, file: stored };
  } catch (error) {
    if (stored) await deleteFile(database.pool, (stored as StoredFile).id).catch(() => undefined);
    const failure = readableFailure(error, options.fileField);
    await discardRest(request, reply, reading);
    throw failure;
  }
}
