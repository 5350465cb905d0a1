// Component-test helpers of the report screens: a fetch stub answering by path (recording each call), a router at
// an address, and the media query that picks table or cards.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';

export type Call = { method: string; path: string; query: Record<string, string>; body: unknown };
export type Answer = { status?: number; body: unknown };
/** Answers by "METHOD /path" or "/path" (GET); a function sees the call. */
export type Answers = Record<string, Answer | ((call: Call) => Answer)>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function stubFetch(answers: Answers): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://localhost');
      const method = init?.method ?? 'GET';
      const call: Call = {
        method,
        path: u.pathname,
        query: Object.fromEntries(u.searchParams),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer =
        answers[`${method} ${u.pathname}`] ?? (method === 'GET' ? answers[u.pathname] : undefined);
      if (!answer) return json({ message: `No answer for ${method} ${u.pathname}` }, 404);
      const { status, body } = typeof answer === 'function' ? answer(call) : answer;
      return json(body, status);
    }),
  );
  return calls;
}

/** Wide screens show tables; phones (below md) show cards. */
export function setWide(wide: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

export function renderAt(address: string, element: ReactNode, pattern = '*') {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [address] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client, search: () => new URLSearchParams(router.state.location.search) };
}
