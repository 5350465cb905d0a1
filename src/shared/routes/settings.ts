// Single-record settings pages: device status, outage auto assignment, RMM and sales settings.
import type { RouteDef } from './types.js';

export const routes = [
  {
    name: 'device_status_basics',
    path: '/admin/device-status',
    title: 'Device Status',
    breadcrumb: 'Device Status',
    admin: true,
  },
  {
    name: 'device_status_history',
    path: '/admin/device-status/history',
    breadcrumb: 'Field History',
    parent: 'device_status_basics',
    admin: true,
  },
  {
    name: 'outage_auto_assignment_basics',
    path: '/admin/outage-auto-assignment',
    title: 'Outage Auto Assignment',
    breadcrumb: 'Outage Auto Assignment',
    admin: true,
  },
  {
    name: 'outage_auto_assignment_history',
    path: '/admin/outage-auto-assignment/history',
    breadcrumb: 'Field History',
    parent: 'outage_auto_assignment_basics',
    admin: true,
  },
  {
    name: 'sales_settings_amendment',
    path: '/admin/sales-settings-amendment',
    title: 'Sales Settings: Amendments',
    breadcrumb: 'Sales Settings',
  },
  {
    name: 'sales_settings_amendment_history',
    path: '/admin/sales-settings-amendment/history',
    breadcrumb: 'Field History',
    parent: 'sales_settings_amendment',
  },
  {
    name: 'sales_settings_opportunity',
    path: '/admin/sales-settings-opportunity',
    title: 'Sales Settings: Opportunities',
    breadcrumb: 'Sales Settings',
    admin: true,
  },
  {
    name: 'sales_settings_opportunity_history',
    path: '/admin/sales-settings-opportunity/history',
    breadcrumb: 'Field History',
    parent: 'sales_settings_opportunity',
    admin: true,
  },
  {
    name: 'sales_settings_roles',
    path: '/admin/sales-settings-roles',
    title: 'Sales Settings: Roles',
    breadcrumb: 'Sales Settings',
    admin: true,
  },
  {
    name: 'sales_settings_roles_history',
    path: '/admin/sales-settings-roles/history',
    breadcrumb: 'Field History',
    parent: 'sales_settings_roles',
    admin: true,
  },
  {
    name: 'sales_settings_esignature',
    path: '/admin/sales-settings-esignature',
    title: 'Sales Settings: E-Signature',
    breadcrumb: 'Sales Settings',
    admin: true,
  },
  {
    name: 'rmm_settings_virtual_devices',
    path: '/admin/rmm-settings',
    title: 'RMM Settings: Virtual Devices',
    breadcrumb: 'RMM Settings',
    admin: true,
  },
  {
    name: 'rmm_settings_virtual_devices_history',
    path: '/admin/rmm-settings/history',
    breadcrumb: 'Field History',
    parent: 'rmm_settings_virtual_devices',
    admin: true,
  },
] as const satisfies readonly RouteDef[];
