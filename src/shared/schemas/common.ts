// Shapes shared by every entity: options, the list contract, versions.
import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';

/** Select-style values travel as {label, value} to the client and as the bare value back (SPEC §3). */
export const optionSchema = z.object({ label: z.string(), value: z.union([z.string(), z.number()]) });
export type Option = z.infer<typeof optionSchema>;

export const idParam = z.object({ id: z.coerce.number().int().positive() });
export const idOrCreateParam = z.object({
  id: z.union([z.literal('create'), z.coerce.number().int().positive()]),
});

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
export type ListPage<T> = { items: T[]; next: string | null };

/** Who changed a record and when: shown on info dialogs and in the conflict message. */
export const stampSchema = z.object({ at: z.string(), by: optionSchema.nullable() });
export type Stamp = z.infer<typeof stampSchema>;
