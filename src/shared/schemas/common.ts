// Shapes shared by every entity: options, the list contract, versions.
import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';
import { BLANK, INVALID } from './messages.js';

/** Select-style values travel as {label, value} to the client and as the bare value back (SPEC §3). */
export const optionSchema = z.object({ label: z.string(), value: z.union([z.string(), z.number()]) });
export type Option = z.infer<typeof optionSchema>;

/** The largest value of an integer column: ids, references and versions above it name nothing. */
export const MAX_INT = 2_147_483_647;

/** Plain decimal digits only: "0x10", "1e3", " 7" or "+7" are not numbers of a record. */
const digits = (v: unknown) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v);

/** A whole number 0..MAX_INT (or min..MAX_INT) given as a number or as decimal digits (path, query or body). */
export const wholeNumber = (min = 0) =>
  z.preprocess(
    digits,
    z
      .number({ error: (issue) => (issue.input === undefined ? BLANK : INVALID) })
      .int(INVALID)
      .min(min, INVALID)
      .max(MAX_INT, INVALID),
  );

/** A record id (1..MAX_INT); out of range or malformed in a path it is a 404, in a query or form a field error. */
export const recordId = () => wholeNumber(1);

export const idParam = z.object({ id: recordId() });
export const idOrCreateParam = z.object({ id: z.union([z.literal('create'), recordId()]) });

/** List contract: `limit` (default 25, SPEC §9) and an opaque keyset cursor `after`; never unbounded. */
export { PAGE_SIZE };
export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  after: z.string().max(500).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.string().max(40).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;
/** One keyset page; the first page may say how many rows match the filters in all. */
export type ListPage<T> = { items: T[]; next: string | null; total?: number };

/** Who changed a record and when: shown on info dialogs and in the conflict message. */
export const stampSchema = z.object({ at: z.string(), by: optionSchema.nullable() });
export type Stamp = z.infer<typeof stampSchema>;

/** A change done, with nothing more to tell (signed out, password changed, token revoked…). */
export const okResponse = z.object({ ok: z.literal(true) });
