// What the generic record service presents: every record's id, version and created/updated stamps, and the response
// shapes of its routes (a list page, one record with its form options and rights, a saved record). Keys are in the
// order the server presents them, so declaring a response leaves its text as it was.
import { z } from 'zod';

/** Who created or last changed a record: a user as an option. */
export const stampedBy = z.object({ value: z.number(), label: z.string() }).nullable();

/** The values every presented record carries before its fields. */
export const recordBase = z.object({
  id: z.number(),
  version: z.number(),
  created: z.string(),
  createdBy: stampedBy,
  updated: z.string(),
  updatedBy: stampedBy,
});
export type RecordBase = z.infer<typeof recordBase>;

/** A reference field's value: the referred record's id and label. */
export const refValue = z.object({ value: z.number(), label: z.string() });
export type RefValue = z.infer<typeof refValue>;
/** A code field's value: the stored code and its label. */
export const codeValue = z.object({ value: z.string(), label: z.string() });

/** Form options of a record screen: per field, the options to choose from (extra keys such as a default kept). */
export const formOptionsSchema = z.record(
  z.string(),
  z.array(z.looseObject({ value: z.union([z.string(), z.number()]), label: z.string() })),
);

/** What this user may do with the record. */
export const recordCanSchema = z.object({ save: z.boolean(), delete: z.boolean() });

/** One page of a record list; the first page also carries how many rows match its filters. */
export const recordListResponse = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next: z.string().nullable(), total: z.number().int().optional() });

/** A new record's form values: not yet stamped, given as they are. */
const blankRecord = z.looseObject({ id: z.literal(0), version: z.literal(0) });

/** GET one record (or the values of a new one) under its key, with its form options and this user's rights. */
export const oneRecordResponse = <T extends z.ZodType>(key: string, record: T) =>
  z.object({
    [key]: z.union([record, blankRecord]),
    formOptions: formOptionsSchema,
    can: recordCanSchema,
    /** Why Delete would be refused (others refer to the record, or its own state forbids it); null when it may go. */
    deleteBlockedReason: z.string().nullable().optional(),
  });

/** A saved record under its key. */
export const savedRecordResponse = <T extends z.ZodType>(key: string, record: T) =>
  z.object({ [key]: record });

/** A record deleted. */
export const deletedResponse = z.object({ deleted: z.literal(true) });

/** The response of one record's screen as the client reads it: a stored record, or a new record's values. */
export type RecordResponse<Rec> = Rec | (Partial<Rec> & { id: 0; version: 0 });
