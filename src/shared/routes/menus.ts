// The menus (SPEC §2 "Menus"): their order and grouping, written here once. An item is a route of an area: its label
// is the route's breadcrumb (else its title) unless the item names its own, and it shows to whom the route does. An
// item whose route does not exist yet is left out. Only the signed-in shell uses the menus: they load with its chunk,
// not with the entry.
import { ROUTES, type RouteName } from './areas.js';
import type { MenuEntry, MenuItem, MenuViewer } from './types.js';

/** A route, or a route the menu labels otherwise, or an item planned before its route exists (left out until then). */
type LayoutItem = RouteName | { route: RouteName; label: string } | { planned: MenuItem };
type Layout = readonly (
  | LayoutItem
  | { label: string; groups: readonly { label?: string; items: readonly LayoutItem[] }[] }
)[];

const ADMIN_LAYOUT = [
  {
    label: 'Manage',
    groups: [
      {
        items: [
          'agreements',
          'cases',
          'charts',
          'equipment',
          'opportunities',
          'organizations',
          'outages',
          'people',
          'software',
        ],
      },
    ],
  },
  {
    label: 'Report',
    groups: [
      {
        label: 'Client',
        items: [
          'report_antivirus',
          'report_bitlocker',
          'report_device_summary_by_age',
          'report_device_summary_by_address',
          'report_firmware',
          'report_outdated_response',
          'report_patch',
          'report_history',
          'report_services_activity',
          'report_user_and_device_counts',
          'report_warranty',
        ],
      },
      {
        label: 'Internal',
        items: [
          'report_annual_update',
          'report_bill_list',
          'report_billing_run',
          'report_weekly_summary',
          'report_wip_list',
        ],
      },
    ],
  },
  {
    label: 'Admin',
    groups: [
      {
        label: 'Device Management',
        items: [
          'device_categories',
          'device_status_basics',
          'outage_auto_assignment_basics',
          'outage_types',
          'rmm_settings_virtual_devices',
        ],
      },
      { label: 'Files', items: ['file_import'] },
      {
        label: 'Internal Settings',
        items: [
          'buckets',
          'language_settings',
          'departments',
          'notices',
          'required_uploads',
          'sso_settings',
          'staff',
          'webhooks',
        ],
      },
      {
        label: 'Sales',
        items: ['accounting_mapping', 'amendment_types', 'service_types', 'sales_settings_opportunity'],
      },
    ],
  },
  {
    label: 'Resources',
    groups: [
      {
        items: [
          'documentation',
          'documentation_dev',
          'documentation_scripting',
          'api_reference',
          'jobs',
          'mail_catcher',
          { planned: { label: 'Database Admin', route: 'database_admin', environments: ['dev', 'design'] } },
          'monitoring_dashboard',
          'monitoring_docs',
          { route: 'ui_kit', label: 'Design Prototype' },
        ],
      },
    ],
  },
] satisfies Layout;

const USER_LAYOUT = [
  { route: 'case_create', label: 'Create Case' },
  { label: 'Manage', groups: [{ items: ['cases'] }] },
  {
    label: 'Resources',
    groups: [{ items: ['documentation', 'documentation_scripting', 'outlook_webmail'] }],
  },
] satisfies Layout;

function item(entry: LayoutItem): MenuItem {
  if (typeof entry === 'object' && 'planned' in entry) return entry.planned;
  const name = typeof entry === 'string' ? entry : entry.route;
  const route = ROUTES[name]!;
  return {
    label: typeof entry === 'string' ? (route.breadcrumb ?? route.title ?? name) : entry.label,
    route: name,
    ...(route.developer ? { developer: true } : {}),
    ...(route.environments ? { environments: route.environments } : {}),
  };
}

function compose(layout: Layout): MenuEntry[] {
  return layout.map((entry) =>
    typeof entry === 'string' || !('groups' in entry)
      ? item(entry)
      : {
          label: entry.label,
          groups: entry.groups.map((g) => ({
            ...(g.label ? { label: g.label } : {}),
            items: g.items.map(item),
          })),
        },
  );
}

export const ADMIN_MENU: MenuEntry[] = /* @__PURE__ */ compose(ADMIN_LAYOUT);
export const USER_MENU: MenuEntry[] = /* @__PURE__ */ compose(USER_LAYOUT);

function itemVisible(item: MenuItem, viewer: MenuViewer): boolean {
  if (!(item.route in ROUTES)) return false;
  if (item.developer && !viewer.isDeveloper) return false;
  if (item.environments && !item.environments.includes(viewer.environment)) return false;
  const route = ROUTES[item.route];
  if (route?.admin && !viewer.isAdmin) return false;
  return true;
}

/** The menu a viewer sees: administrator or reduced, items of missing screens and empty groups removed. */
export function menuFor(viewer: MenuViewer): MenuEntry[] {
  const source = viewer.isAdmin ? ADMIN_MENU : USER_MENU;
  const out: MenuEntry[] = [];
  for (const entry of source) {
    if ('route' in entry) {
      if (itemVisible(entry, viewer)) out.push(entry);
      continue;
    }
    const groups = entry.groups
      .map((g) => ({ ...g, items: g.items.filter((i) => itemVisible(i, viewer)) }))
      .filter((g) => g.items.length > 0);
    if (groups.length > 0) out.push({ label: entry.label, groups });
  }
  return out;
}
