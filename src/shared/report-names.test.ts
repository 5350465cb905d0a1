// One name per report: the Report menu's item, the page title, the breadcrumb and the report's own title (exports,
// report history, required uploads) are the same words.
import { describe, expect, it } from 'vitest';
import { REPORTS } from './reports.js';
import { ADMIN_MENU, type MenuItem, ROUTES } from './routes/index.js';

const reportMenu = ADMIN_MENU.find((e) => 'groups' in e && e.label === 'Report');
const menuItems: MenuItem[] =
  reportMenu && 'groups' in reportMenu ? reportMenu.groups.flatMap((g) => g.items) : [];

describe('report names', () => {
  it('lists every report route of the menu in the catalogue, as report history or as the billing run', () => {
    expect(menuItems.length).toBeGreaterThan(10);
    // The billing run is a screen of its own (it drafts invoices), not a report of the catalogue.
    const screens = ['report_history', 'report_billing_run'];
    for (const item of menuItems)
      expect(REPORTS.some((r) => r.route === item.route) || screens.includes(item.route), item.route).toBe(
        true,
      );
  });

  it.each(menuItems.map((i) => [i.label, i] as const))(
    'menu item %s equals its page title and breadcrumb',
    (_, item) => {
      const route = ROUTES[item.route];
      expect(route?.title).toBe(item.label);
      expect(route?.breadcrumb).toBe(item.label);
    },
  );

  it.each(REPORTS.map((r) => [r.key, r] as const))(
    'report %s: one title for page, breadcrumb and exports',
    (_, def) => {
      const route = ROUTES[def.route];
      expect(route?.title).toBe(def.title);
      expect(route?.breadcrumb).toBe(def.title);
      const item = menuItems.find((i) => i.route === def.route);
      if (item) expect(item.label).toBe(def.title);
    },
  );

  it('gives the device summary by address its own route, title and place after the one by age', () => {
    expect(ROUTES.report_device_summary_by_address?.path).toBe('/report/device-summary-by-address');
    const routes = menuItems.map((i) => i.route);
    expect(routes.indexOf('report_device_summary_by_address')).toBe(
      routes.indexOf('report_device_summary_by_age') + 1,
    );
  });
});
