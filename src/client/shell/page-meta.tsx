// Keeps document.title in step with the current route (SPEC §1 page title).
import { useEffect } from 'react';
import { breadcrumbTrail } from './breadcrumb-trail';
import { useCurrentRoute } from './current-route';
import { useInstance } from './instance-context';
import { pageTitle } from './page-title';

type RouteLabel = (routeName: string, label: string) => string;
const asIs: RouteLabel = (_name, text) => text;

/** `label` words the route's labels (the signed-in shell passes the language settings' words). */
export function usePageTitle(label: RouteLabel = asIs): void {
  const current = useCurrentRoute();
  const { environment } = useInstance();
  const routeName = current?.route.name;
  const params = current?.params;
  const crumbs = routeName ? breadcrumbTrail(routeName, params ?? {}, label) : [];
  const routeTitle = routeName && current?.route.title ? label(routeName, current.route.title) : undefined;
  const title = pageTitle(environment, routeTitle, crumbs[crumbs.length - 1]?.label);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function PageTitle({ label }: { label?: RouteLabel }) {
  usePageTitle(label);
  return null;
}
