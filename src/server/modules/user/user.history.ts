// Field history of staff users (entity "User"): readable by administrators and by the user themself.
import { registerHistoryEntity } from '../../platform/history.js';
import { USER_FIELD_LABELS } from './user.repository.js';

export function registerUserHistory(): void {
  registerHistoryEntity({
    key: 'user',
    objectClass: 'User',
    fieldLabels: USER_FIELD_LABELS,
    title: async (db, id) => {
      const { rows } = await db.query<{ name: string }>(
        `SELECT first_name || ' ' || last_name AS name FROM users WHERE id = $1`,
        [id],
      );
      return rows[0]?.name ?? null;
    },
    canRead: (user, id) => user.isAdmin || user.id === id,
  });
}
