// The permission matrix (README "Permissions"): who may read, create/edit and delete each kind of record. The
// server enforces it on every route; the client hides the actions a user may not take. One table for both. Each
// server area declares its rows in its manifest too; a test holds the areas' rows, this table and README's equal.

/** everyone: any signed-in user; admin: administrators only; nobody: no one through this route. */
export type Access = 'everyone' | 'admin';
export type RecordAccess = { read: Access; write: Access; delete: Access };
export type RecordAction = keyof RecordAccess;

/**
 * Shared customer and work records: everybody's daily work. Anyone may delete one that nothing refers to (a
 * duplicate, a typo); one in use is refused ("Mark it inactive instead"), and every change has field history.
 */
export const WORK: RecordAccess = { read: 'everyone', write: 'everyone', delete: 'everyone' };
/** Admin settings lists. */
export const ADMIN: RecordAccess = { read: 'admin', write: 'admin', delete: 'admin' };

export const RECORD_ACCESS = {
  organization: WORK,
  person: WORK,
  equipment: WORK,
  software: WORK,
  system: WORK,
  outage: WORK,
  case: WORK,
  task: WORK,
  agreement: WORK,
  agreementService: WORK,
  amendment: WORK,
  agreementDocument: WORK,
  opportunity: WORK,
  proposal: WORK,
  opportunityDocument: WORK,
  department: ADMIN,
  'bucket-category': ADMIN,
  'device-category': ADMIN,
  'outage-type': ADMIN,
  amendmentType: ADMIN,
  serviceType: ADMIN,
  notice: ADMIN,
  'required-upload': ADMIN,
} as const satisfies Record<string, RecordAccess>;

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

export type RecordKind = keyof typeof RECORD_ACCESS;

export const allows = (user: { isAdmin: boolean }, access: Access) => access === 'everyone' || user.isAdmin;

export function can(user: { isAdmin: boolean }, kind: RecordKind, action: RecordAction): boolean {
  return allows(user, RECORD_ACCESS[kind][action]);
}

/** What the signed-in user may do with one loaded record: sent with it so the screen shows only those actions. */
export type RecordCan = { save: boolean; delete: boolean };
