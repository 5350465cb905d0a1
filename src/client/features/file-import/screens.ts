// The file import screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  file_import: screen(() => import('./file-import-page'), 'FileImportPage'),
  file_import_run: screen(() => import('./file-import-page'), 'FileImportRunPage'),
} satisfies AreaScreens;
