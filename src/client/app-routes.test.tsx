// The route table's environment rule, the chunk-load error text, and the first calls started by their routes (the case
// list, each report, the records people open most).
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORTS } from '../shared/reports';
import { ROUTES, type RouteName } from '../shared/routes';
import type { Profile } from '../shared/schemas/user';
import { PROFILE_KEY } from './api/profile';
import { chunkLoadError, createAppRoutes, screenNames } from './app-routes';
import { SCREEN_AREAS } from './features/areas';
import { reportCall } from './features/reports/report-call';
import { reportApiQuery } from './features/reports/report-query';

/** The route named `id` anywhere in the table. */
function findRoute(routes: RouteObject[], id: string): RouteObject | undefined {
  for (const r of routes) {
    if (r.id === id) return r;
    const inner = r.children && findRoute(r.children, id);
    if (inner) return inner;
  }
  return undefined;
}

describe('screens', () => {
  it('has the platform screens in every environment', () => {
    for (const environment of ['dev', 'design', 'staging', 'prod'] as const) {
      expect(screenNames({ environment, alt: false })).toEqual(
        expect.arrayContaining(['profile', 'profile_history', 'staff', 'staff_basics', 'staff_history']),
      );
    }
  });

  it('gives each screen route one area', () => {
    const names = SCREEN_AREAS.flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
  });

  it('offers the UI kit outside production only', () => {
    expect(screenNames({ environment: 'dev', alt: false })).toContain('ui_kit');
    expect(screenNames({ environment: 'staging', alt: false })).toContain('ui_kit');
    expect(screenNames({ environment: 'prod', alt: false })).not.toContain('ui_kit');
  });
});

describe('chunk load failure', () => {
  it('names the chunk, the type and the URL (SPEC §8)', () => {
    const error = chunkLoadError(
      'staff',
      new TypeError('Failed to fetch dynamically imported module: http://x.test/build/staff-list-page-1.js'),
    );
    expect(error.name).toBe('ChunkLoadError');
    expect(error.message).toBe(
      'Loading chunk staff failed.\n(error: http://x.test/build/staff-list-page-1.js)',
    );
  });
});

describe('the case list route', () => {
  afterEach(() => vi.unstubAllGlobals());

  const start = (signedIn: boolean, url: string) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ items: [], next: null, total: 0 })));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    if (signedIn) queryClient.setQueryData(PROFILE_KEY, { id: 7 } as Profile);
    const route = findRoute(
      createAppRoutes({ queryClient, instance: { environment: 'dev', alt: false } }),
      'cases',
    );
    const loader = route?.loader as (args: { request: Request }) => unknown;
    expect(loader({ request: new Request(`http://x.test${url}`) })).toBeNull();
    return { fetch, queryClient };
  };

  it('starts the first page the screen asks for, under the key the screen reads, beside its chunk', async () => {
    const { fetch, queryClient } = start(true, '/manage/case/');
    expect(fetch).toHaveBeenCalledTimes(1);
    const called = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://x.test');
    expect(called.pathname + called.search).toBe('/api/manage/case?status=OPEN&limit=25');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['case', 'list', { status: 'OPEN' }])).toEqual({
        pages: [{ items: [], next: null, total: 0 }],
        pageParams: [null],
      }),
    );
  });

  it("asks nothing with filters in the address (the screen's own call differs) or before a profile is known", () => {
    expect(start(true, '/manage/case/?status=all').fetch).not.toHaveBeenCalled();
    expect(start(false, '/manage/case/').fetch).not.toHaveBeenCalled();
  });
});

describe('the reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("start each report's first page with the route, under the key and with the call its frame makes", async () => {
    for (const def of REPORTS) {
      const fetch = vi.fn(async () => new Response(JSON.stringify({ rows: [] })));
      vi.stubGlobal('fetch', fetch);
      const queryClient = new QueryClient();
      queryClient.setQueryData(PROFILE_KEY, { id: 7 } as Profile);
      const route = findRoute(
        createAppRoutes({ queryClient, instance: { environment: 'dev', alt: false } }),
        def.route,
      );
      const loader = route?.loader as (args: { request: Request }) => unknown;
      loader({ request: new Request(`http://x.test${ROUTES[def.route as RouteName]!.path}`) });
      const frame = reportCall(def.key, reportApiQuery(def, new URLSearchParams()));
      expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe(`/api/report/${def.key}?limit=25`);
      await vi.waitFor(() => expect(queryClient.getQueryData(frame.queryKey)).toEqual({ rows: [] }));
      // With filters in the address the frame's call differs: the route leaves it to the frame.
      fetch.mockClear();
      loader({ request: new Request(`http://x.test${ROUTES[def.route as RouteName]!.path}?clients=2`) });
      expect(fetch).not.toHaveBeenCalled();
    }
  });
});

describe('the records people open most', () => {
  afterEach(() => vi.unstubAllGlobals());

  const start = (signedIn: boolean, id: string, params: Record<string, string>) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ thing: {} })));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    if (signedIn) queryClient.setQueryData(PROFILE_KEY, { id: 7 } as Profile);
    const route = findRoute(
      createAppRoutes({ queryClient, instance: { environment: 'dev', alt: false } }),
      id,
    );
    const loader = route?.loader as (args: { request: Request; params: Record<string, string> }) => unknown;
    expect(loader({ request: new Request('http://x.test/'), params })).toBeNull();
    return fetch.mock.calls.map((call) => String((call as unknown[])[0]));
  };

  it("start the record's GET with the route, the call the record's screen makes", () => {
    expect(start(true, 'agreement_basics', { id: '12' })).toEqual(['/api/manage/agreement/12']);
    expect(start(true, 'case_basics', { caseId: '3' })).toEqual(['/api/manage/case/3']);
    expect(start(true, 'organization_basics', { id: '5' })).toEqual(['/api/manage/organization/5']);
    expect(start(true, 'person_basics', { id: '8' })).toEqual(['/api/manage/person/8']);
    expect(start(true, 'equipment_basics', { id: '9' })).toEqual(['/api/manage/equipment/9']);
  });

  it('ask nothing for a new record or before a profile is known', () => {
    expect(start(true, 'agreement_basics', { id: 'create' })).toEqual([]);
    expect(start(false, 'agreement_basics', { id: '12' })).toEqual([]);
  });
});
