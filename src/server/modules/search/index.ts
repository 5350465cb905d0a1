// Global search over the search sources of every area.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { searchRoutes } from './search.routes.js';
import { setSearchSources } from './search.service.js';

export const searchArea = defineArea({
  name: 'search',
  register(app, { database, areas }) {
    setSearchSources(areas.flatMap((area) => area.searchSources ?? []));
    searchRoutes(app, database);
  },
});
