// Signing in: password, two-factor, forgot-password.
// Other areas import from this one only through this file.
import { defineArea } from '../../platform/area.js';
import { forgotPasswordRoutes } from './forgot-password.routes.js';
import { loginRoutes } from './login.routes.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export const authArea = defineArea({
  name: 'auth',
  register(app, { database, config, policy }) {
    loginRoutes(app, database, policy);
    twoFactorRoutes(app, database, policy);
    forgotPasswordRoutes(app, database, config);
  },
});

// What other areas use.
export { issuePasswordReset } from './password-reset.service.js';
export { TWO_FACTOR_FIELD } from './two-factor.service.js';
