// The mail catcher's screen (dev and design only).
import { type AreaScreens, screen } from '../screen';

export const screens = {
  mail_catcher: screen(() => import('./mail-catcher-page'), 'MailCatcherPage'),
} satisfies AreaScreens;
