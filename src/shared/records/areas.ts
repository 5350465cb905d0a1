// The areas' kinds of record and field history's classes, put together. Each area declares its own in
// records/<area>.ts (named as its route file, routes/<area>.ts): `records`, its rows of the permission table (who may
// read, change and delete, and README's row), and `historyLabels`. An area is one import and one line in each list
// below; a new kind of record in an area is a row of that area's file and nothing else. permissions.ts and
// history-labels.ts read them from here. Apart from the route table, which the first screen loads: these load with
// what uses them (history screens), not with the first screen.
import { historyLabels as adminListLabels, records as adminLists } from './admin-lists.js';
import { historyLabels as agreementLabels, records as agreements } from './agreements.js';
import { historyLabels as caseLabels, records as cases } from './cases.js';
import { records as equipment, historyLabels as equipmentLabels } from './equipment.js';
import { historyLabels as languageSettingsLabels } from './language-settings.js';
import { historyLabels as noticeLabels, records as notices } from './notices.js';
import { records as opportunities, historyLabels as opportunityLabels } from './opportunities.js';
import { historyLabels as organizationLabels, records as organizations } from './organizations.js';
import { historyLabels as outageLabels, records as outages } from './outages.js';
import { records as people, historyLabels as peopleLabels } from './people.js';
import { historyLabels as reportLabels } from './reports.js';
import { historyLabels as requiredUploadLabels, records as requiredUploads } from './required-uploads.js';
import { historyLabels as settingsLabels } from './settings.js';
import { historyLabels as slipLabels } from './slips.js';
import { records as software, historyLabels as softwareLabels } from './software.js';
import { historyLabels as ssoLabels } from './sso.js';
import { historyLabels as staffLabels } from './staff.js';
import { historyLabels as systemLabels, records as systems } from './systems.js';
import { historyLabels as webhookLabels } from './webhooks.js';

/** Every kind of record, keyed by kind: who may read, change and delete it, and its row of README's table. */
export const RECORDS = {
  ...organizations,
  ...people,
  ...equipment,
  ...software,
  ...systems,
  ...outages,
  ...cases,
  ...agreements,
  ...opportunities,
  ...adminLists,
  ...notices,
  ...requiredUploads,
};

/** Every class of field history, by the name users know it by. */
export const HISTORY_LABELS: Readonly<Record<string, string>> = {
  ...organizationLabels,
  ...peopleLabels,
  ...equipmentLabels,
  ...softwareLabels,
  ...systemLabels,
  ...outageLabels,
  ...caseLabels,
  ...agreementLabels,
  ...opportunityLabels,
  ...adminListLabels,
  ...noticeLabels,
  ...requiredUploadLabels,
  ...settingsLabels,
  ...languageSettingsLabels,
  ...ssoLabels,
  ...slipLabels,
  ...staffLabels,
  ...webhookLabels,
  ...reportLabels,
};
