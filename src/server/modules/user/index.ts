// The signed-in user: profile, settings, password, and the field history of staff users.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { profileRoutes } from './profile.routes.js';
import { registerUserHistory } from './user.history.js';

export const userArea = defineArea({
  name: 'user',
  register(app, { database, timeZone }) {
    registerUserHistory();
    profileRoutes(app, database, timeZone);
  },
});

export { pageProfile } from './page-profile.js';
// What other areas use.
export { loadProfile } from './profile.service.js';
export { findUser, type UserRecord, updateUser } from './user.repository.js';
