// Numbers of records that are given one when saved without it (OP-1042, PR-1017): <prefix><1000 + id>, assigned in
// the save's transaction once the id is known, with a suffix (-2, -3, …) when someone typed that number by hand.
import { randomUUID } from 'node:crypto';
import type { Queryable } from './records.js';

/** The number a record of this id is given: "OP-1042". */
export const numberFor = (prefix: string, id: number) => `${prefix}${1000 + id}`;

/** A unique stand-in for the insert (the number column is NOT NULL and unique), replaced by assignNumber. */
export const pendingNumber = () => `~${randomUUID()}`;

/** Gives record `id` of `table` its number; each try is checked against the table's unique index on lower(number). */
export async function assignNumber(
  tx: Queryable,
  table: string,
  prefix: string,
  id: number,
): Promise<string> {
  const base = numberFor(prefix, id);
  for (let n = 1; ; n += 1) {
    const number = n === 1 ? base : `${base}-${n}`;
    const { rowCount } = await tx.query(
      `UPDATE ${table} SET number = $2 WHERE id = $1
          AND NOT EXISTS (SELECT 1 FROM ${table} WHERE lower(number) = lower($2))`,
      [id, number],
    );
    if (rowCount) return number;
  }
}
