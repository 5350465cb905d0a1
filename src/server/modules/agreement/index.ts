// Agreements, their services and amendments, and the agreement timeline.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { agreementRoutes } from './agreement.routes.js';
import { agreementServiceRoutes } from './agreement-service.routes.js';
import { amendmentRoutes } from './amendment.routes.js';

export const agreementArea = defineArea({
  name: 'agreement',
  register(app, { database, timeZone }) {
    agreementRoutes(app, database, timeZone);
    agreementServiceRoutes(app, database, timeZone);
    amendmentRoutes(app, database, timeZone);
  },
});

// What other areas use.
export { addActivity } from './activity.js';
export { AGREEMENT } from './agreement.record.js';
export { suggestedNumber } from './agreement.routes.js';
export { inForce, MONTHLY_SQL } from './agreement-figures.js';
export { AGREEMENT_SERVICE } from './agreement-service.record.js';
