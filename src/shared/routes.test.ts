// The route table: paths, matching, and the menus generated from it.
import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, type MenuEntry, matchPath, menuFor, pathFor, ROUTES, USER_MENU } from './routes.js';

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

  it('lists only screens that exist and drops empty groups and menus', () => {
    const menu = menuFor(admin);
    for (const entry of menu) {
      const items = 'route' in entry ? [entry] : entry.groups.flatMap((g) => g.items);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(ROUTES[item.route]).toBeDefined();
    }
  });

  it('gives administrators the admin menu and others the reduced one', () => {
    const adminMenu = labels(menuFor(admin));
    expect(adminMenu.find((l) => l.startsWith('Admin: '))).toContain('Staff');
    expect(adminMenu.find((l) => l.startsWith('Manage: '))).toContain('Organizations');
    expect(adminMenu.find((l) => l.startsWith('Manage: '))).toContain('Cases & Tasks');
    expect(adminMenu.find((l) => l.startsWith('Admin: '))).toContain('Buckets');
    expect(adminMenu.find((l) => l.startsWith('Admin: '))).toContain('Departments');
    expect(labels(menuFor(user))).toEqual([
      'Create Case',
      'Manage: Cases & Tasks',
      'Resources: Outlook Webmail',
    ]);
    expect(ADMIN_MENU.length).toBeGreaterThan(USER_MENU.length);
  });

  it('shows developer-only items to primary developers in their environments only', () => {
    const dev = labels(menuFor({ ...admin, isDeveloper: true }));
    expect(dev.join()).toContain('Design Prototype');
    expect(labels(menuFor(admin)).join()).not.toContain('Design Prototype');
    expect(labels(menuFor({ ...admin, isDeveloper: true, environment: 'prod' })).join()).not.toContain(
      'Design Prototype',
    );
  });
});
