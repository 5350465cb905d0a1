// The serializer of declared answers: production leaves out what the schema does not describe and reads a Date as
// its ISO string; strict mode (tests, development) refuses an undescribed field instead.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { droppedPaths, responseSerializer, UndescribedFieldError } from './serializer.js';

const schema = z.object({ id: z.number(), at: z.string(), rows: z.array(z.object({ name: z.string() })) });
const serializerOf = (strict: boolean) =>
  responseSerializer(strict)({ schema, method: 'GET', url: '/api/x', httpStatus: '200' } as never);
const at = new Date('2026-11-29T12:00:00.000Z');

describe('the response serializer', () => {
  it('sends the described fields, a Date as its ISO string, in either mode', () => {
    const data = { id: 1, at, rows: [{ name: 'Zoë "東京"\n=1+1' }] };
    const expected = JSON.stringify({ id: 1, at: at.toISOString(), rows: [{ name: 'Zoë "東京"\n=1+1' }] });
    expect(serializerOf(false)(data)).toBe(expected);
    expect(serializerOf(true)(data)).toBe(expected);
  });

  it('leaves an undescribed field out in production and refuses it in strict mode, naming it', () => {
    const data = { id: 1, at: 'x', rows: [{ name: 'a', secret: 'hash' }], extra: true };
    expect(JSON.parse(serializerOf(false)(data) as string)).toEqual({
      id: 1,
      at: 'x',
      rows: [{ name: 'a' }],
    });
    expect(() => serializerOf(true)(data)).toThrow(UndescribedFieldError);
    expect(() => serializerOf(true)(data)).toThrow(/rows\[0\]\.secret, extra/);
  });

  it('refuses an answer its schema does not match, in either mode', () => {
    for (const strict of [false, true])
      expect(() => serializerOf(strict)({ id: 'one', at: 'x', rows: [] })).toThrow();
  });

  it('lists the paths a schema dropped', () => {
    expect(
      droppedPaths({ a: 1, b: { c: 2, d: [{ e: 1, f: 2 }] } }, { a: 1, b: { c: 2, d: [{ e: 1 }] } }),
    ).toEqual(['b.d[0].f']);
    expect(droppedPaths([1, 2], [1, 2])).toEqual([]);
  });
});
