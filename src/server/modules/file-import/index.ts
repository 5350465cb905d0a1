// RMM imports.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { fileImportRoutes } from './file-import.routes.js';

export const fileImportArea = defineArea({
  name: 'file-import',
  register(app, { database, timeZone }) {
    fileImportRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { IMPORT_JOB } from './run.service.js';
