// The single-record settings screens: RMM, device status, outage auto assignment and sales settings.
import { type AreaScreens, screen } from '../screen';

export const screens = {
  rmm_settings_virtual_devices: screen(() => import('./rmm-settings-page'), 'RmmSettingsPage'),
  rmm_settings_virtual_devices_history: screen(() => import('./rmm-settings-page'), 'RmmSettingsHistoryPage'),
  device_status_basics: screen(() => import('./device-status-page'), 'DeviceStatusPage'),
  device_status_history: screen(() => import('./device-status-page'), 'DeviceStatusHistoryPage'),
  outage_auto_assignment_basics: screen(() => import('./outage-assignment-page'), 'OutageAssignmentPage'),
  outage_auto_assignment_history: screen(
    () => import('./outage-assignment-page'),
    'OutageAssignmentHistoryPage',
  ),
  sales_settings_amendment: screen(() => import('./amendment-settings-page'), 'AmendmentSettingsPage'),
  sales_settings_amendment_history: screen(
    () => import('./amendment-settings-page'),
    'AmendmentSettingsHistoryPage',
  ),
  sales_settings_opportunity: screen(() => import('./opportunity-settings-page'), 'OpportunitySettingsPage'),
  sales_settings_opportunity_history: screen(
    () => import('./opportunity-settings-page'),
    'OpportunitySettingsHistoryPage',
  ),
  sales_settings_roles: screen(() => import('./sales-roles-page'), 'SalesRolesPage'),
  sales_settings_roles_history: screen(() => import('./sales-roles-page'), 'SalesRolesHistoryPage'),
  sales_settings_esignature: screen(() => import('./esignature-settings-page'), 'EsignatureSettingsPage'),
} satisfies AreaScreens;
