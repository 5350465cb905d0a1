// Who may do what: the words of the permission matrix (README "Permissions"). Each area writes its kinds of record
// with these (records/<area>.ts); permissions.ts puts the areas' rows together.

/** everyone: any signed-in user; admin: administrators only. */
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

/** A kind of record's row of the permission table, declared once by its area. */
export type RecordRow = {
  access: RecordAccess;
  /**
   * README "Permissions": the first words of the row that states it, and how that row names this kind of record
   * (`npm run docs:permissions` writes the row's access from this row, and adds the name when the row lacks it).
   */
  readme: readonly [row: string, names: string];
};

/** An area's kinds of record, keyed by kind (the key of its routes' policies and field history). */
export type RecordRows = Readonly<Record<string, RecordRow>>;

/** Field history's record classes (SPEC §3) an area owns, and the names users know them by. */
export type HistoryLabels = Readonly<Record<string, string>>;

export const allows = (user: { isAdmin: boolean }, access: Access) => access === 'everyone' || user.isAdmin;
