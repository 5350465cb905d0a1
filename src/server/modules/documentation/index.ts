// The documentation books (Resources).
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { documentationRoutes } from './docs.routes.js';

export const documentationArea = defineArea({
  name: 'documentation',
  register(app, _context) {
    documentationRoutes(app);
  },
});
