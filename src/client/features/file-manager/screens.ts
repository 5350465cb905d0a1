// The file manager screen.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  file_manager: screen(() => import('./file-manager-page'), 'FileManagerPage'),
} satisfies AreaScreens;
