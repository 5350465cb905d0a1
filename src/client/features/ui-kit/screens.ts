// The UI kit gallery (developers, outside production: its route's environments).
import { type AreaScreens, screen } from '../screen';

export const screens = {
  ui_kit: screen(() => import('./ui-kit-page'), 'UiKitPage'),
} satisfies AreaScreens;
