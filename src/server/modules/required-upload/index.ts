// Required uploads (admin list).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { requiredUploadRoutes } from './required-upload.routes.js';

export const requiredUploadArea = defineArea({
  name: 'required-upload',
  records: ['required-upload'],
  register(app, { database, timeZone }) {
    requiredUploadRoutes(app, database, timeZone);
  },
});
