// Statements PostgreSQL parses and plans once per connection: the hot ones every call runs (the session lookup, a
// list's page, a record by id). Named by a hash of their text, so one text is one name and a name never meets a
// second text (which `pg` refuses). Only for texts built from code (a bounded set): values stay parameters.
import { createHash } from 'node:crypto';
import type pg from 'pg';

const names = new Map<string, string>();
const NAMES_KEPT = 2000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `sd6_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // The map only saves hashing again; past its size a text is hashed each time (still the same name).
    if (names.size < NAMES_KEPT) names.set(text, name);
  }
  return name;
}

/** The query config of a prepared statement: pass it to `query` instead of the text and values. */
export function prepared(text: string, values: unknown[] = []): pg.QueryConfig {
  return { name: nameOf(text), text, values };
}
