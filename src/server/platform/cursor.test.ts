// Keyset cursors are opaque, round-trip, and a tampered one is a 400, not a 500.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from './cursor.js';
import { HttpError } from './errors.js';

const schema = z.tuple([z.string(), z.number().int()]);

describe('cursors', () => {
  it('round-trip any key', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer(), (s, n) => {
        expect(decodeCursor(encodeCursor([s, n]), schema)).toEqual([s, n]);
      }),
    );
  });

  it.each(['', 'garbage', encodeCursor(['only one']), encodeCursor([1, 'swapped'])])(
    'refuses %j as a bad request',
    (cursor) => {
      try {
        decodeCursor(cursor, schema);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(HttpError);
        expect((error as HttpError).status).toBe(400);
      }
    },
  );
});
