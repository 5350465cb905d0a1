// Required uploads (admin list).
// Other areas import from this one only through this file.
import { ADMIN } from '../../../shared/permissions.js';
import { defineArea } from '../../platform/area.js';
import { requiredUploadRoutes } from './required-upload.routes.js';

export const requiredUploadArea = defineArea({
  name: 'required-upload',
  permissions: [{ kind: 'required-upload', access: ADMIN, readme: ['RMM imports', 'required uploads'] }],
  register(app, { database, timeZone }) {
    requiredUploadRoutes(app, database, timeZone);
  },
});
