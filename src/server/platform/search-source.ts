// What global search looks in: each area declares a source per entity in its manifest (Area.searchSources), with
// its searchable fields and the screen a hit opens. The fields' values are kept in one table, search_entries, in
// step with the records by triggers generated from these sources (search-index-sql.ts), in the writer's transaction.

/**
 * How a field matches a term:
 * - text: substring, or typo-tolerant word similarity (pg_trgm `<%`) once the term has 3 characters;
 * - code: substring only (serial numbers, short codes, email addresses);
 * - digits: the field's digits contain the term's digits (phone numbers typed with or without punctuation);
 * - number: the record number equals the term (`123` or `#123`).
 */
export type MatchKind = 'text' | 'code' | 'digits' | 'number';

export type SearchField = {
  label: string;
  /**
   * SQL over the source's `t` alias (or the table a related field joins): the text searched (number: a key).
   */
  column: string;
  /** SQL of the text shown as the matched value when it is not `column` itself (a phone, not its digits). */
  value?: string;
  match: MatchKind;
  /**
   * A field of another record (an agreement's organization name), with the FROM clause that joins it (the searched
   * table still `t`; the other fields do without the join). Its hits rank below the same match on a record's own
   * fields, so searching an organization's name shows the organization before its agreements.
   */
  related?: { from: string };
  /**
   * false: a text field searched by substring only. Free prose (slip comments: the largest table, growing daily)
   * gains little from typo tolerance and would cost every search a similarity pass over it.
   */
  typos?: false;
};

/**
 * Another table whose rows show in a source's entries (an agreement shows its organization's name): when one of its
 * `columns` changes, the source's records that `records` selects are indexed again.
 */
export type SearchFollow = {
  table: string;
  /** The followed table's key (joins a row's old and new version). */
  key?: string;
  columns: string[];
  /** SQL selecting the ids (as `id`) of the source's records that show a row of `changed` (the changed rows). */
  records: string;
};

export type SearchSource = {
  kind: string;
  /** The searched table (`t` in `from`): its rows are the records found. */
  table: string;
  /** Its columns the entries are built from: an update of other columns leaves the index alone. */
  columns: string[];
  /** FROM clause; the searched table is `t`. */
  from: string;
  follows?: SearchFollow[];
  /** SQL of what was found (shown as the result's name). */
  name: string;
  /** SQL of what it belongs to, shown under the name (an opportunity's organization and stage). */
  detail?: string;
  /** SQL of up to two more ids the route needs (a slip's case and task). */
  ids?: [string] | [string, string];
  route: (id: number, more: number[]) => string;
  fields: SearchField[];
};

/** SQL of a column's digits only (a phone number typed with or without punctuation). */
export const digitsOf = (column: string) => `regexp_replace(${column}, '\\D', '', 'g')`;
/** A text as an SQL string literal. */
export const sqlLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;
