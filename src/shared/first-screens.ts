// The screens people open first, with the source modules each needs besides the entry: the build lists their
// files (dist/client/.vite/first-screens.json), the server preloads them with the page, and both are budgeted.
// `eager` names what the screen still imports by itself right after its first render (effects, not clicks): the
// server does not preload it, but the budget counts it, because the browser fetches it before the page is idle
// (`npm run bench lighthouse` measures what really loads). Whatever waits for interaction or idle time is not
// listed. A module is a source path, or a package as `node_modules/<name>`.

export type FirstScreen = { path: string; modules: string[]; eager: string[] };

/**
 * What every screen imports right after its first render (the entry's own effects). Empty since the service
 * worker, nav menus, offline engine and timer wait for idle time and the sign-in rules for the first key (when-idle.ts).
 */
export const EAGER_FOR_EVERY_SCREEN: string[] = [];

export const FIRST_SCREENS: FirstScreen[] = [
  {
    path: '/login',
    modules: ['src/client/features/auth/login-page.tsx'],
    eager: [],
  },
  {
    path: '/manage/case',
    modules: ['src/client/shell/layouts.tsx', 'src/client/features/cases/case-list-page.tsx'],
    eager: [],
  },
];

/** Budget of a first screen's JavaScript, gzip (issue 10 §4). */
export const FIRST_SCREEN_BUDGET_GZIP = 150 * 1024;

export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

/** Where the build writes each screen's eager files, counted in the budget but not preloaded. */
export const FIRST_SCREENS_EAGER_FILE = '.vite/first-screens-eager.json';

/** Every route's files besides the entry's (the signed-in layout and the screen's chunks), by route name. */
export const ROUTE_FILES_FILE = '.vite/route-files.json';
