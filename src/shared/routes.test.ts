// The route table: paths, matching, and the menus generated from it.
import { describe, expect, it } from 'vitest';
import { AREAS, TABLE } from './routes/areas.js';
import {
  ADMIN_MENU,
  type MenuEntry,
  matchPath,
  menuFor,
  pathFor,
  ROUTES,
  USER_MENU,
} from './routes/index.js';

const labels = (menu: MenuEntry[]) =>
  menu.map((e) =>
    'route' in e ? e.label : `${e.label}: ${e.groups.flatMap((g) => g.items.map((i) => i.label)).join(', ')}`,
  );

describe('pathFor and matchPath', () => {
  it.each([
    ['profile', {}, {}, '/profile'],
    ['staff_basics', { id: 7 }, {}, '/admin/staff/7'],
    ['staff_history', { id: 'create' }, {}, '/admin/staff/create/history'],
    ['error', { statusCode: 404 }, { from: '/x y' }, '/error/404?from=%2Fx%20y'],
  ] as const)('%s %j %j -> %s', (name, params, query, path) => {
    expect(pathFor(name, params, query)).toBe(path);
  });

  it('refuses a missing parameter', () => {
    expect(() => pathFor('staff_basics')).toThrow(/needs id/);
  });

  it('matches concrete paths back to routes with their params, trailing slash or not', () => {
    expect(matchPath('/admin/staff/12/history/')).toMatchObject({
      route: { name: 'staff_history' },
      params: { id: '12' },
    });
    expect(matchPath('/')?.route.name).toBe('index');
    expect(matchPath('/no/such/page')).toBeNull();
  });

  it('decodes params, and answers no route for a param that is no valid percent-encoding (never throws)', () => {
    expect(matchPath('/admin/staff/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchPath('/admin/staff/%E0%A4%A')).toBeNull();
    expect(matchPath('/admin/staff/%')).toBeNull();
  });

  it('names each route once across the areas', () => {
    expect(AREAS.length).toBeGreaterThan(20);
    expect(Object.keys(ROUTES)).toHaveLength(TABLE.length);
  });

  it('round-trips every internal route', () => {
    for (const route of Object.values(ROUTES).filter((r) => !r.external)) {
      const params = Object.fromEntries([...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], '5']));
      expect(matchPath(pathFor(route.name as never, params))?.route.name).toBe(route.name);
    }
  });

  it('gives every breadcrumb parent an existing route', () => {
    for (const route of Object.values(ROUTES)) if (route.parent) expect(ROUTES[route.parent]).toBeDefined();
  });
});

describe('menuFor', () => {
  const admin = { isAdmin: true, isDeveloper: false, environment: 'dev' as const };
  const user = { isAdmin: false, isDeveloper: false, environment: 'dev' as const };
  /** Each menu's groups as "Group: item, item" lines (an unnamed group as its items alone). */
  const groupsOf = (menu: MenuEntry[], label: string) => {
    const entry = menu.find((e) => e.label === label);
    if (!entry || 'route' in entry) return undefined;
    return entry.groups.map(
      (g) => `${g.label ? `${g.label}: ` : ''}${g.items.map((i) => i.label).join(', ')}`,
    );
  };
  const RESOURCES = [
    'Documentation',
    'Documentation (Dev)',
    'RMM Scripting Documentation',
    'API Reference',
    'Monitoring Dashboard',
    'Monitoring Docs',
  ];

  it('lists only routes that exist and drops empty groups and menus', () => {
    const menu = menuFor(admin);
    for (const entry of menu) {
      const items = 'route' in entry ? [entry] : entry.groups.flatMap((g) => g.items);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(ROUTES[item.route]).toBeDefined();
    }
  });

  it('gives administrators the SPEC menus, groups and order', () => {
    const menu = menuFor(admin);
    expect(menu.map((e) => e.label)).toEqual(['Manage', 'Report', 'Admin', 'Resources']);
    expect(groupsOf(menu, 'Manage')).toEqual([
      'Agreements, Cases & Tasks, Charts, Equipment, Opportunities, Organizations, Outages, People, Software',
    ]);
    expect(groupsOf(menu, 'Report')).toEqual([
      'Client: Antivirus, BitLocker Compliance, Device Summary by Age, Device Summary by Address, Firmware, ' +
        'Outdated Response, Patch, Report History, ' +
        'Services Activity, User and Device Counts, Warranty',
      'Internal: Annual Update, Bill List, Billing Run, Weekly Summary, WIP List',
    ]);
    expect(groupsOf(menu, 'Admin')).toEqual([
      'Device Management: Device Categories, Device Status, Outage Auto Assignment, Outage Types, RMM Settings',
      'Files: Admin Files Import',
      'Internal Settings: Buckets, Case & Task Grammar, Departments, Notices, Required Uploads, SSO Settings, Staff, Webhooks',
      'Sales: Accounting Mapping, Amendment Types, Service Types, Sales Settings',
    ]);
    // In dev the environment-limited mail catcher shows; database admin has no screen, so no route and no item.
    expect(groupsOf(menu, 'Resources')).toEqual([
      [...RESOURCES.slice(0, 4), 'Mail Catcher', ...RESOURCES.slice(4)].join(', '),
    ]);
    expect(ROUTES.database_admin).toBeUndefined();
    expect(labels(menu).join()).not.toMatch(
      /Outlook Webmail|Create Case|Database Admin|Jobs|Design Prototype/,
    );
  });

  it('gives others the reduced menu: Create Case, Manage with cases only, Resources with Outlook Webmail', () => {
    for (const environment of ['dev', 'prod'] as const) {
      expect(labels(menuFor({ ...user, environment }))).toEqual([
        'Create Case',
        'Manage: Cases & Tasks',
        'Resources: Documentation, RMM Scripting Documentation, Outlook Webmail',
      ]);
    }
    // A technician who is a primary developer still gets the reduced menu: developer items are administrators'.
    expect(labels(menuFor({ ...user, isDeveloper: true }))).toEqual(labels(menuFor(user)));
    expect(ADMIN_MENU.length).toBeGreaterThan(USER_MENU.length);
  });

  it('gives primary developers Jobs and the Design Prototype, the prototype in its environments only', () => {
    const resources = (environment: 'dev' | 'design' | 'staging' | 'prod') =>
      groupsOf(menuFor({ ...admin, isDeveloper: true, environment }), 'Resources')?.[0]?.split(', ');
    expect(resources('dev')).toEqual([
      'Documentation',
      'Documentation (Dev)',
      'RMM Scripting Documentation',
      'API Reference',
      'Jobs',
      'Mail Catcher',
      'Monitoring Dashboard',
      'Monitoring Docs',
      'Design Prototype',
    ]);
    expect(resources('staging')).toEqual([
      ...RESOURCES.slice(0, 4),
      'Jobs',
      ...RESOURCES.slice(4),
      'Design Prototype',
    ]);
    expect(resources('prod')).toEqual([...RESOURCES.slice(0, 4), 'Jobs', ...RESOURCES.slice(4)]);
    const items = ADMIN_MENU.flatMap((e) => ('route' in e ? [e] : e.groups.flatMap((g) => g.items)));
    expect(items.filter((i) => i.developer).map((i) => i.label)).toEqual(['Jobs', 'Design Prototype']);
  });

  it('honours SD6_ENV for environment-limited items: the mail catcher in dev and design only', () => {
    const has = (environment: 'dev' | 'design' | 'staging' | 'prod', label: string) =>
      labels(menuFor({ ...admin, environment }))
        .join()
        .includes(label);
    expect(has('dev', 'Mail Catcher')).toBe(true);
    expect(has('design', 'Mail Catcher')).toBe(true);
    expect(has('staging', 'Mail Catcher')).toBe(false);
    expect(has('prod', 'Mail Catcher')).toBe(false);
    expect(ROUTES.mail_catcher?.environments).toEqual(['dev', 'design']);
  });

  it('names a route for every item of both menus, and every route an item names reaches its screen', () => {
    const items = [...ADMIN_MENU, ...USER_MENU].flatMap((e) =>
      'route' in e ? [e] : e.groups.flatMap((g) => g.items),
    );
    const missing = items.filter((i) => !ROUTES[i.route]).map((i) => i.label);
    // Database Admin is the one item without a screen (SPEC: environment-limited database tools): hidden.
    expect(missing).toEqual(['Database Admin']);
  });
});
