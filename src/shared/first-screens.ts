// The screens people open first, with the source modules each needs besides the entry: the build lists their
// files (dist/client/.vite/first-screens.json), the server preloads them with the page, and both are budgeted.

export type FirstScreen = { path: string; modules: string[] };

export const FIRST_SCREENS: FirstScreen[] = [
  { path: '/login', modules: ['src/client/features/auth/login-page.tsx'] },
  {
    path: '/manage/case',
    modules: ['src/client/shell/layouts.tsx', 'src/client/features/cases/case-list-page.tsx'],
  },
];

/** Budget of a first screen's JavaScript, gzip (issue 10 §4). */
export const FIRST_SCREEN_BUDGET_GZIP = 150 * 1024;

export const FIRST_SCREENS_FILE = '.vite/first-screens.json';
