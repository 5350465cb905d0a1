// Equipment.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { equipmentRoutes } from './equipment.routes.js';

export const equipmentArea = defineArea({
  name: 'equipment',
  register(app, { database, timeZone }) {
    equipmentRoutes(app, database, timeZone);
  },
});
