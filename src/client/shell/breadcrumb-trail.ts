// Breadcrumbs from route metadata: the parent chain of the current route, params substituted.
import { pathFor, ROUTES, type RouteDef, type RouteName } from '../../shared/routes';

export type Crumb = { label: string; path: string };
export type TrailItem = Crumb | { ellipsis: true };

/**
 * The crumbs of a route, root first; routes without a breadcrumb label are skipped. `label` words a route's label
 * (the case, task and slip words of the language settings).
 */
export function breadcrumbTrail(
  routeName: string,
  params: Record<string, string | undefined>,
  label: (routeName: string, label: string) => string = (_name, text) => text,
): Crumb[] {
  const crumbs: Crumb[] = [];
  const seen = new Set<string>();
  let name: string | undefined = routeName;
  while (name && !seen.has(name)) {
    seen.add(name);
    const route: RouteDef | undefined = ROUTES[name];
    if (!route) break;
    if (route.breadcrumb) {
      const clean: Record<string, string> = {};
      for (const [k, v] of Object.entries(params)) if (v !== undefined) clean[k] = v;
      try {
        crumbs.unshift({ label: label(name, route.breadcrumb), path: pathFor(name as RouteName, clean) });
      } catch {
        // A parent needing a param the current route lacks cannot be linked: stop the chain there.
        break;
      }
    }
    name = route.parent;
  }
  return crumbs;
}

/** On phones, more than three crumbs show as the first, an ellipsis and the last two (SPEC §2 "Shell panels"). */
export function trimForPhone(crumbs: Crumb[], phone: boolean): TrailItem[] {
  if (!phone || crumbs.length <= 3) return crumbs;
  return [crumbs[0]!, { ellipsis: true }, ...crumbs.slice(-2)];
}
