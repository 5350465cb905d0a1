// Signing in and out: the sign-in steps, password reset, single sign-on and the error page (public routes).
import type { RouteDef } from './types.js';

export const routes = [
  { name: 'index', path: '/' },
  { name: 'login', path: '/login', title: 'Log In', public: true },
  { name: 'logout', path: '/logout', title: 'Log Out', public: true },
  { name: 'error', path: '/error/:statusCode', title: 'Error', public: true },
  { name: '2fa_login', path: '/2fa', title: 'Two-Factor Sign-In', public: true },
  { name: '2fa_setup', path: '/2fa_setup', title: 'Set Up Two-Factor Sign-In', public: true },
  { name: 'forgot_password', path: '/forgot_password', title: 'Forgot Password', public: true },
  {
    name: 'forgot_password_instructions',
    path: '/forgot_password/instructions',
    title: 'Check Your Email',
    public: true,
  },
  {
    name: 'forgot_password_reset',
    path: '/forgot_password/reset/:token',
    title: 'Choose a New Password',
    public: true,
  },
  { name: 'force_sso', path: '/sso', title: 'Single Sign-On', public: true },
] as const satisfies readonly RouteDef[];
