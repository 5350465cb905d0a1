// Schema constants without zod: list screens import them from here and load before the forms' zod code.

/** A fixed list of codes with their labels (select options, filters); fields.ts builds schemas from it. */
export type CodeList<T extends string = string> = readonly { value: T; label: string }[];

/** List contract: `limit` defaults to 25 (SPEC §9). */
export const PAGE_SIZE = 25;

/** The case list's status filter: Open (default), Closed, or all. */
export const CASE_STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'OPEN', label: 'Open' },
  { value: 'CLOSED', label: 'Closed' },
] as const satisfies CodeList;
