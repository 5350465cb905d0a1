// The route table's environment rule, the chunk-load error text, and the first calls started by their routes (the
// case list, a report, an agreement) under the key their screens read.
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORTS } from '../shared/reports';
import type { Profile } from '../shared/schemas/user';
import { PROFILE_KEY } from './api/profile';
import { chunkLoadError, createAppRoutes, screenNames } from './app-routes';
import { SCREEN_AREAS } from './features/areas';
import { recordKey } from './features/records/record-query';
import { reportApiQuery, reportQueryKey } from './features/reports/report-query';

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

describe('first calls started by their routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The route named `id` anywhere in the table. */
  const find = (routes: RouteObject[], id: string): RouteObject | undefined => {
    for (const r of routes) {
      if (r.id === id) return r;
      const inner = r.children && find(r.children, id);
      if (inner) return inner;
    }
    return undefined;
  };
  const start = (
    name: string,
    url: string,
    { signedIn = true, params = {} }: { signedIn?: boolean; params?: Record<string, string> } = {},
  ) => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ items: [], next: null, total: 0 })));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    if (signedIn) queryClient.setQueryData(PROFILE_KEY, { id: 7 } as Profile);
    const route = find(createAppRoutes({ queryClient, instance: { environment: 'dev', alt: false } }), name);
    expect(route, name).toBeDefined();
    const loader = route?.loader as
      | ((args: { request: Request; params: Record<string, string> }) => unknown)
      | undefined;
    if (loader) expect(loader({ request: new Request(`http://x.test${url}`), params })).toBeNull();
    const called = () =>
      fetch.mock.calls.map((c) => {
        const u = new URL(String((c as unknown[])[0]), 'http://x.test');
        return u.pathname + u.search;
      });
    return { fetch, queryClient, called, loader };
  };

  it('the case list: the first page the screen asks for, under the key the screen reads', async () => {
    const { called, queryClient } = start('cases', '/manage/case/');
    expect(called()).toEqual(['/api/manage/case?status=OPEN&limit=25']);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['case', 'list', { status: 'OPEN' }])).toEqual({
        pages: [{ items: [], next: null, total: 0 }],
        pageParams: [null],
      }),
    );
  });

  it("asks nothing with filters in the address (the screen's own call differs) or before a profile is known", () => {
    expect(start('cases', '/manage/case/?status=all').fetch).not.toHaveBeenCalled();
    expect(start('cases', '/manage/case/', { signedIn: false }).fetch).not.toHaveBeenCalled();
    expect(start('report_device', '/report/device?clients=all').fetch).not.toHaveBeenCalled();
    expect(start('report_device', '/report/device', { signedIn: false }).fetch).not.toHaveBeenCalled();
  });

  it.each(REPORTS.map((def) => ({ route: def.route, def })))(
    '$route: its first page, under the key its frame reads',
    async ({ route, def }) => {
      const { called, queryClient } = start(route, `/report/${def.key}`);
      expect(called()).toEqual([`/api/report/${def.key}?limit=25`]);
      const key = reportQueryKey(def.key, reportApiQuery(def, new URLSearchParams()));
      await vi.waitFor(() =>
        expect(queryClient.getQueryData(key)).toEqual({ items: [], next: null, total: 0 }),
      );
    },
  );

  it('report history (a list of files, not a report) starts nothing of its own', () => {
    expect(start('report_history', '/report/report-history').loader).toBeUndefined();
  });

  it('a saved agreement: its record under the key its basics screen and header read; a new one nothing', async () => {
    const top = start('agreement_basics', '/manage/agreement/12?asOf=01012027', { params: { id: '12' } });
    expect(top.called()).toEqual(['/api/manage/agreement/12']);
    const under = start('organization_agreement_basics', '/manage/organization/3/agreements/12', {
      params: { id: '3', agreementId: '12' },
    });
    expect(under.called()).toEqual(['/api/manage/agreement/12']);
    // The answer has no agreement: loading it fails, and the screen's own call reports that.
    await vi.waitFor(() =>
      expect(under.queryClient.getQueryState(recordKey('/api/manage/agreement', '12'))?.status).toBe('error'),
    );
    expect(
      start('agreement_basics', '/manage/agreement/create', { params: { id: 'create' } }).fetch,
    ).not.toHaveBeenCalled();
    expect(
      start('agreement_basics', '/manage/agreement/12', { params: { id: '12' }, signedIn: false }).fetch,
    ).not.toHaveBeenCalled();
  });
});
