// Each report's plan, by key.
import type { ReportKey } from '../../../../shared/reports.js';
import { annualUpdatePlan } from './annual-update.js';
import { billListPlan } from './bill-list.js';
import { deviceAddressPlan, deviceAgePlan } from './device-age.js';
import { outdatedResponsePlan, patchPlan, warrantyPlan } from './health.js';
import { devicePlan, firmwarePlan } from './inventory.js';
import { servicesActivityPlan, userAndDeviceCountsPlan } from './organizations.js';
import { userPlan } from './people.js';
import type { PlanBuilder } from './plan.js';
import { antivirusPlan, bitlockerPlan } from './security.js';
import { weeklySummaryPlan } from './weekly-summary.js';
import { wipListPlan } from './wip-list.js';

export const REPORT_PLANS: Record<ReportKey, PlanBuilder> = {
  antivirus: antivirusPlan,
  bitlocker: bitlockerPlan,
  device: devicePlan,
  'device-summary-by-age': deviceAgePlan,
  'device-summary-by-address': deviceAddressPlan,
  firmware: firmwarePlan,
  'outdated-response': outdatedResponsePlan,
  patch: patchPlan,
  'services-activity': servicesActivityPlan,
  'user-and-device-counts': userAndDeviceCountsPlan,
  warranty: warrantyPlan,
  user: userPlan,
  'annual-update': annualUpdatePlan,
  'bill-list': billListPlan,
  'weekly-summary': weeklySummaryPlan,
  'wip-list': wipListPlan,
};
