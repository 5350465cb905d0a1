// The sign-in screens (single sign-on's is sso/screens.ts): their routes have loaders of their own (app-routes.tsx), so they are not an area's screens.
import { screen } from '../screen';

// The forgot-password screens (ask, instructions, reset) share one chunk.
const forgotPassword = () => import('./forgot-password-pages');

export const signInScreens = {
  login: screen(() => import('./login-page'), 'LoginPage'),
  '2fa_login': screen(() => import('./two-factor-page'), 'TwoFactorPage'),
  '2fa_setup': screen(() => import('./two-factor-setup-page'), 'TwoFactorSetupPage'),
  forgot_password: screen(forgotPassword, 'ForgotPasswordPage'),
  forgot_password_instructions: screen(forgotPassword, 'ForgotPasswordInstructionsPage'),
  forgot_password_reset: screen(forgotPassword, 'ResetPasswordPage'),
};
