// RMM settings: which devices are virtual.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { rmmSettingsRoutes } from './rmm-settings.routes.js';

export const rmmSettingsArea = defineArea({
  name: 'rmm-settings',
  register(app, { database, timeZone }) {
    rmmSettingsRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { loadVirtualDevices, NO_VIRTUAL_DEVICES, type VirtualDevices, virtualCondition } from './virtual.js';
