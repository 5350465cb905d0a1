// The case and task grammar screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  language_settings: screen(() => import('./language-settings-page'), 'LanguageSettingsPage'),
  language_settings_history: screen(() => import('./language-settings-page'), 'LanguageSettingsHistoryPage'),
} satisfies AreaScreens;
