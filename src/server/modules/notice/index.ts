// Notices (admin list) and the active ones shown in the shell.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { noticeRoutes } from './notice.routes.js';

export const noticeArea = defineArea({
  name: 'notice',
  records: ['notice'],
  register(app, { database, timeZone }) {
    noticeRoutes(app, database, timeZone);
  },
});
