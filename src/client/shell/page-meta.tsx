// Keeps document.title in step with the current route (SPEC §1 page title).
import { useEffect } from 'react';
import { breadcrumbTrail } from './breadcrumb-trail';
import { useCurrentRoute } from './current-route';
import { useInstance } from './instance-context';
import { pageTitle } from './page-title';

export function usePageTitle(): void {
  const current = useCurrentRoute();
  const { environment } = useInstance();
  const routeName = current?.route.name;
  const params = current?.params;
  const crumbs = routeName ? breadcrumbTrail(routeName, params ?? {}) : [];
  const title = pageTitle(environment, current?.route.title, crumbs[crumbs.length - 1]?.label);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function PageTitle() {
  usePageTitle();
  return null;
}
