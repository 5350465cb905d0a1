// Equipment.
// Other areas import from this one only through this file.

import { pathFor } from '../../../shared/routes/index.js';
import { defineArea } from '../../platform/area.js';
import { equipmentRoutes } from './equipment.routes.js';

export const equipmentArea = defineArea({
  name: 'equipment',
  records: ['equipment'],
  searchSources: [
    {
      kind: 'equipment',
      table: 'equipment',
      columns: ['name', 'serial_number', 'model'],
      from: 'equipment t',
      name: 't.name',
      route: (id) => pathFor('equipment_basics', { id }),
      fields: [
        { label: 'Name', column: 't.name', match: 'text' },
        { label: 'Serial Number', column: 't.serial_number', match: 'code' },
        { label: 'Model', column: 't.model', match: 'text' },
      ],
    },
  ],
  register(app, { database, timeZone }) {
    equipmentRoutes(app, database, timeZone);
  },
});
