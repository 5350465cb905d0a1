// The permission matrix (README "Permissions"): who may read, create/edit and delete each kind of record. The
// server enforces it on every route; the client hides the actions a user may not take. One table for both, put
// together from the areas' rows (each area declares its kinds of record in records/<area>.ts); README's
// table is written from the same rows (npm run docs:permissions).
import type { Access, RecordAccess, RecordAction } from './access.js';
import { allows } from './access.js';
import { RECORDS } from './records/areas.js';

export type { Access, RecordAccess, RecordAction } from './access.js';
export { ADMIN, allows, WORK } from './access.js';

/** Every kind of record: the areas' own names for them. */
export type RecordKind = keyof typeof RECORDS;

/** Who may read, change and delete each kind of record. */
export const RECORD_ACCESS = Object.fromEntries(
  Object.entries(RECORDS).map(([kind, row]) => [kind, row.access]),
) as Readonly<Record<RecordKind, RecordAccess>>;

/**
 * Client reports, their exports and report history, RMM imports and RMM settings: administrators (the Report and
 * Admin menus are theirs). A report spans every client's devices and what each is billed for.
 */
export const REPORT_ACCESS: Access = 'admin';

/**
 * Case & Task Grammar (/admin/case) and its field history: everyone reads it (the shell names cases, tasks and slips
 * with its words), administrators save it.
 */
export const LANGUAGE_SETTINGS_ACCESS: { read: Access; write: Access } = { read: 'everyone', write: 'admin' };

export function can(user: { isAdmin: boolean }, kind: RecordKind, action: RecordAction): boolean {
  return allows(user, RECORD_ACCESS[kind][action]);
}

/** What the signed-in user may do with one loaded record: sent with it so the screen shows only those actions. */
export type RecordCan = { save: boolean; delete: boolean };
