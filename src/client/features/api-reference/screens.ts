// The API reference screen.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  api_reference: screen(() => import('./api-reference-page'), 'ApiReferencePage'),
} satisfies AreaScreens;
