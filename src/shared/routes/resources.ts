// Links of the Resources menu that lead outside the app.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'outlook_webmail',
    path: 'https://outlook.office.com/mail/',
    title: 'Outlook Webmail',
    external: true,
  },
] as const satisfies readonly RouteDef[];
