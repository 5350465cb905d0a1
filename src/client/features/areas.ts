// The client's areas, one line each: every area's screens by route name. The compiler proves every screen route
// of the route table (src/shared/routes) has a screen here.
import type { RouteName } from '../../shared/routes';
import { screens as accountingMapping } from './accounting-mapping/screens';
import { screens as adminLists } from './admin-lists/screens';
import { screens as agreements } from './agreements/screens';
import { screens as apiReference } from './api-reference/screens';
import { screens as billingRun } from './billing-run/screens';
import { screens as cases } from './cases/screens';
import { screens as charts } from './charts/screens';
import { screens as documentation } from './documentation/screens';
import { screens as equipment } from './equipment/screens';
import { screens as fileImport } from './file-import/screens';
import { screens as fileManager } from './file-manager/screens';
import { screens as jobs } from './jobs/screens';
import { screens as languageSettings } from './language-settings/screens';
import { screens as mailCatcher } from './mail-catcher/screens';
import { screens as monitoring } from './monitoring/screens';
import { screens as notices } from './notices/screens';
import { screens as opportunities } from './opportunities/screens';
import { screens as organizations } from './organizations/screens';
import { screens as outages } from './outages/screens';
import { screens as people } from './people/screens';
import { screens as profile } from './profile/screens';
import { screens as reports } from './reports/screens';
import { screens as requiredUploads } from './required-uploads/screens';
import type { Screen } from './screen';
import { screens as settings } from './settings/screens';
import { screens as slips } from './slips/screens';
import { screens as software } from './software/screens';
import { screens as sso } from './sso/screens';
import { screens as staff } from './staff/screens';
import { screens as systems } from './systems/screens';
import { screens as uiKit } from './ui-kit/screens';
import { screens as webhooks } from './webhooks/screens';

export const SCREEN_AREAS = [
  accountingMapping,
  adminLists,
  agreements,
  apiReference,
  billingRun,
  cases,
  charts,
  documentation,
  equipment,
  fileImport,
  fileManager,
  jobs,
  languageSettings,
  mailCatcher,
  monitoring,
  notices,
  opportunities,
  organizations,
  outages,
  people,
  profile,
  reports,
  requiredUploads,
  settings,
  slips,
  software,
  sso,
  staff,
  systems,
  uiKit,
  webhooks,
] as const;

/**
 * Routes whose screens are not an area's: the index and log-out routes (loaders only), the sign-in routes and the
 * error page (app-routes.tsx gives them loaders of their own), links outside the app, and the UI kit (optional).
 */
type SpecialRoute =
  | 'index'
  | 'logout'
  | 'login'
  | 'force_sso'
  | '2fa_login'
  | '2fa_setup'
  | 'forgot_password'
  | 'forgot_password_instructions'
  | 'forgot_password_reset'
  | 'error'
  | 'outlook_webmail'
  | 'ui_kit';
export type ScreenRouteName = Exclude<RouteName, SpecialRoute>;

type Keys<A> = A extends unknown ? keyof A : never;
type Missing = Exclude<ScreenRouteName, Keys<(typeof SCREEN_AREAS)[number]>>;
/** Fails to compile, naming the routes, while a screen route has no screen. */
export const EVERY_ROUTE_HAS_A_SCREEN: [Missing] extends [never] ? true : Missing = true;

/** All areas' screens by route name. */
export const SCREENS: Partial<Record<RouteName, Screen>> = Object.assign({}, ...SCREEN_AREAS);
