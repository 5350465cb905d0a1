// The required-upload screens.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  required_uploads: screen(() => import('./required-upload-screens'), 'RequiredUploadListPage'),
  required_upload_basics: screen(() => import('./required-upload-screens'), 'RequiredUploadBasicsPage'),
  required_upload_history: screen(() => import('./required-upload-screens'), 'RequiredUploadHistoryPage'),
} satisfies AreaScreens;
