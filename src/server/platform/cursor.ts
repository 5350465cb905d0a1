// Opaque keyset cursors for the list contract: the sort key of the last row, base64url JSON.
import type { z } from 'zod';
import { badRequest } from './errors.js';

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string, schema: T): z.infer<T> {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through: a tampered or stale cursor is a bad request, not a server error
  }
  throw badRequest({ after: ['This page link is no longer valid. Reload the list.'] });
}
