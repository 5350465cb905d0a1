// What a record definition says: its table, fields and how it is presented (the generic record service reads it).
// Definitions name their table and columns through the Drizzle schema and their record type through the shared
// response schema, so a renamed column or field fails to compile.
import { getTableName, type Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RecordKind } from '../../shared/permissions.js';
import type { Option } from '../../shared/schemas/common.js';
import type { AuthUser } from './auth.js';

export type FieldKind = 'text' | 'bool' | 'int' | 'date' | 'timestamp' | 'ref' | 'code';

export type RecordField<Name extends string = string> = {
  /** Name in the API and the form. */
  name: Name;
  column: string;
  label: string;
  kind?: FieldKind;
  /** kind ref: the joined table and the SQL label of its row (alias `${name}_r`). */
  ref?: { table: string; label: string };
  /** kind code: value -> label (stored as the value, presented as {label, value}). */
  codes?: readonly { value: string; label: string }[];
  /** false: not written by saves (computed or owned elsewhere). */
  writable?: boolean;
  /** false: changes are not recorded in field history. */
  history?: boolean;
  /** The text field history records for the presented value (default: its label, or the value as text). */
  display?: (value: unknown) => string | null;
};

/** The names a record definition may give its fields and columns: the record type's own keys. */
export type FieldName<Rec> = Exclude<keyof Rec, number | symbol>;

/**
 * A record as the API presents it (`Rec`, by default any record): its fields are named after the record type's keys,
 * and `schema` (the shared response schema) is what its routes declare and serialize with.
 */
export type RecordDef<Rec extends Presented = Presented> = {
  /** History key, policy subject (/api/history/{key}/{id}) and row of the permission matrix. */
  key: RecordKind;
  table: string;
  /** SPEC §3 entity class shown on the history screen. */
  objectClass: string;
  fields: RecordField<FieldName<Rec>>[];
  /** SQL expression (alias t) naming one record, e.g. "t.name". */
  title: string;
  /** Foreign keys that block a delete, with the message shown; default is a generic one. */
  inUseMessage?: string;
  canRead: (user: AuthUser) => boolean;
  /** Labels of history fields written by hooks rather than columns (e.g. an amendment's service changes). */
  historyLabels?: Record<string, string>;
  /** Adds derived values to every presented record (e.g. the form parts of a timestamp). */
  present?(record: Rec): Rec;
  /**
   * Read-only values presented with every record, beside its fields: SQL expressions over t and the joined rows of
   * its ref fields (alias `${field}_r`), e.g. a document's file size. Timestamps are presented as ISO text.
   */
  columns?: { name: FieldName<Rec>; sql: string }[];
  /**
   * The record's response schema (its shared schema's): the routes declare it, so the API serializes with it and
   * documents it. Keys in the order the record is presented. None: the response is not declared.
   */
  schema?: z.ZodType<Rec>;
};

/** A field as a definition writes it: its column is the Drizzle column (or, for definitions not yet typed, its name). */
export type RecordFieldInput<Name extends string = string> = Omit<RecordField<Name>, 'column' | 'ref'> & {
  column: AnyPgColumn | string;
  ref?: { table: Table | string; label: string };
};

/** A record definition that names its table and columns through the Drizzle schema. */
export type RecordDefInput<Rec extends Presented> = Omit<RecordDef<Rec>, 'table' | 'fields'> & {
  table: Table | string;
  fields: RecordFieldInput<FieldName<Rec>>[];
};

/** The SQL name of a Drizzle table (or a table named as text). */
export const sqlTable = (table: Table | string): string =>
  typeof table === 'string' ? table : getTableName(table);

/** The SQL name of a Drizzle column (or a column named as text). */
export const sqlColumn = (column: AnyPgColumn | string): string =>
  typeof column === 'string' ? column : column.name;

/**
 * A record definition whose table and columns come from the Drizzle schema, so renaming one there fails to compile
 * here, and whose record type comes from `schema`: its field names are the record type's keys.
 */
export function defineRecord<Rec extends Presented = Presented>(def: RecordDefInput<Rec>): RecordDef<Rec> {
  return {
    ...def,
    table: sqlTable(def.table),
    fields: def.fields.map(({ ref, ...f }) => ({
      ...f,
      column: sqlColumn(f.column),
      ...(ref ? { ref: { table: sqlTable(ref.table), label: ref.label } } : {}),
    })),
  };
}

export type Presented = {
  id: number;
  version: number;
  created: string;
  createdBy: Option | null;
  updated: string;
  updatedBy: Option | null;
  [field: string]: unknown;
};
