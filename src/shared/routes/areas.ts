// The areas of the route table, one line each; an area's file holds its routes (names, paths, titles, breadcrumbs,
// access), which are also its menu items (menus.ts places them). The order is the order matchPath tries the paths
// in (within an area, a fixed path such as /manage/case/create before /manage/case/:caseId).
import { routes as accounting } from './accounting.js';
import { routes as adminLists } from './admin-lists.js';
import { routes as agreements } from './agreements.js';
import { routes as apiReference } from './api-reference.js';
import { routes as auth } from './auth.js';
import { routes as cases } from './cases.js';
import { routes as charts } from './charts.js';
import { routes as documentation } from './documentation.js';
import { routes as equipment } from './equipment.js';
import { routes as fileImport } from './file-import.js';
import { routes as fileManager } from './file-manager.js';
import { routes as jobs } from './jobs.js';
import { routes as languageSettings } from './language-settings.js';
import { routes as mailCatcher } from './mail-catcher.js';
import { routes as monitoring } from './monitoring.js';
import { routes as notices } from './notices.js';
import { routes as opportunities } from './opportunities.js';
import { routes as organizations } from './organizations.js';
import { routes as outages } from './outages.js';
import { routes as people } from './people.js';
import { routes as profile } from './profile.js';
import { routes as reports } from './reports.js';
import { routes as requiredUploads } from './required-uploads.js';
import { routes as resources } from './resources.js';
import { routes as settings } from './settings.js';
import { routes as slips } from './slips.js';
import { routes as software } from './software.js';
import { routes as sso } from './sso.js';
import { routes as staff } from './staff.js';
import { routes as systems } from './systems.js';
import type { RouteDef } from './types.js';
import { routes as uiKit } from './ui-kit.js';
import { routes as webhooks } from './webhooks.js';

export const AREAS = [
  auth,
  profile,
  staff,
  organizations,
  people,
  equipment,
  software,
  systems,
  outages,
  adminLists,
  settings,
  cases,
  charts,
  slips,
  agreements,
  opportunities,
  reports,
  accounting,
  fileImport,
  notices,
  requiredUploads,
  sso,
  webhooks,
  languageSettings,
  jobs,
  fileManager,
  documentation,
  apiReference,
  mailCatcher,
  monitoring,
  uiKit,
  resources,
] as const;

export type RouteName = (typeof AREAS)[number][number]['name'];

/** Every route of every area, in matching order. */
export const TABLE: readonly RouteDef[] = AREAS.flat();
export const ROUTES: Readonly<Record<string, RouteDef>> = Object.fromEntries(TABLE.map((r) => [r.name, r]));
