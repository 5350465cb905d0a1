// Route names -> paths, titles and breadcrumbs, composed from the areas (areas.ts: one line per area, each area's
// routes and menu items in a file of its own). The menus are menus.ts's (generated: only screens that exist).
import { ROUTES, type RouteName, TABLE } from './areas.js';
import type { RouteDef } from './types.js';

export type { RouteName } from './areas.js';
export { ROUTES } from './areas.js';
export { ADMIN_MENU, menuFor, USER_MENU } from './menus.js';
export type { Environment, Menu, MenuEntry, MenuGroup, MenuItem, MenuViewer, RouteDef } from './types.js';

export function routeExists(name: string): boolean {
  return name in ROUTES;
}

/** Builds a path from a route name: `pathFor('staff_basics', { id: 3 })` → `/admin/staff/3`. */
export function pathFor(
  name: RouteName,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const route = ROUTES[name];
  if (!route) throw new Error(`Unknown route ${name}`);
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs ${key}`);
    return encodeURIComponent(String(value));
  });
  const qs = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

type Pattern = { route: RouteDef; regex: RegExp; keys: string[] };

/** Each route's path as a regular expression, made once (the server matches every page request). */
let patterns: Pattern[] | null = null;
function routePatterns(): Pattern[] {
  patterns ??= TABLE.filter((route) => !route.external).map((route) => {
    const keys: string[] = [];
    const source = route.path
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:([A-Za-z]+)/g, (_, key: string) => {
        keys.push(key);
        return '([^/]+)';
      });
    return { route, regex: new RegExp(`^${source}$`), keys };
  });
  return patterns;
}

/**
 * Finds the route whose pattern matches a concrete path, with its params; null for none, and for a param that is no
 * valid percent-encoding (a hand-made address), which names no record.
 */
export function matchPath(pathname: string): { route: RouteDef; params: Record<string, string> } | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const { route, regex, keys } of routePatterns()) {
    const found = regex.exec(clean);
    if (!found) continue;
    try {
      const params = Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(found[i + 1] ?? '')]));
      return { route, params };
    } catch {
      return null;
    }
  }
  return null;
}
