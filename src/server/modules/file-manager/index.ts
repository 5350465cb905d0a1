// The File Manager (admin).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { fileManagerRoutes } from './file-manager.routes.js';

export const fileManagerArea = defineArea({
  name: 'file-manager',
  register(app, { database }) {
    fileManagerRoutes(app, database);
  },
});
