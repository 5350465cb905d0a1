// The SSO settings screens (the sign-in page is the sign-in routes').
import { type AreaScreens, screen } from '../screen';

export const screens = {
  sso_settings: screen(() => import('./sso-settings-page'), 'SsoSettingsPage'),
  sso_settings_history: screen(() => import('./sso-settings-page'), 'SsoSettingsHistoryPage'),
} satisfies AreaScreens;

/** The single sign-on page of the sign-in routes (a loader of its own in app-routes.tsx). */
export const ssoSignInScreen = screen(() => import('./sso-page'), 'SsoPage');
