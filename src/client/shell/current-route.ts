// The deepest matched route of the shared table, with its params (route objects carry it in `handle`).
import { useMatches } from 'react-router';
import type { RouteDef } from '../../shared/routes';

export type RouteHandle = { route: RouteDef };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return !!handle && typeof handle === 'object' && 'route' in handle;
}

export function useCurrentRoute(): { route: RouteDef; params: Record<string, string | undefined> } | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    if (isRouteHandle(match.handle)) return { route: match.handle.route, params: match.params };
  }
  return null;
}
