// A documentation book: its contents, the search across the book, a page with its previous/next links, links
// inside a page staying in the app, and the contents folded above the page on narrower screens.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DocPage, DocToc } from '../../../shared/schemas/documentation';
import { setWide, stubFetch } from '../reports/report-test-kit';
import { DocumentationPage } from './documentation-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOC: DocToc = {
  book: 'user',
  title: 'Documentation',
  pages: [
    {
      slug: 'getting-started',
      title: 'Getting started',
      group: 'Start here',
      sections: [
        { anchor: 'getting-started', title: 'Getting started', level: 1, text: 'Sign in to SD6.' },
        {
          anchor: 'two-factor',
          title: 'Two-factor sign-in',
          level: 3,
          text: 'Enter the code from your authenticator app.',
        },
      ],
    },
    {
      slug: 'logging-time',
      title: 'Logging time',
      group: 'Daily work',
      sections: [
        { anchor: 'logging-time', title: 'Logging time', level: 1, text: 'Time is logged in slips.' },
        { anchor: 'keyboard', title: 'Keyboard', level: 3, text: 'Ctrl+S saves the slip you are editing.' },
      ],
    },
    {
      slug: 'reports',
      title: 'Running reports',
      group: 'Daily work',
      sections: [
        { anchor: 'reports', title: 'Running reports', level: 1, text: 'Exports as CSV, XLSX or PDF.' },
      ],
    },
  ],
};

const PAGE: DocPage = {
  book: 'user',
  slug: 'logging-time',
  title: 'Logging time',
  html:
    '<h1 id="logging-time">Logging time</h1><p>See <a href="/resources/documentation/reports">reports</a> and the ' +
    '<a href="#keyboard">keys</a>.</p><h3 id="keyboard">Keyboard <a href="#keyboard" class="sd-doc-anchor">#</a></h3>',
  headings: [
    { anchor: 'logging-time', title: 'Logging time', level: 1 },
    { anchor: 'keyboard', title: 'Keyboard', level: 3 },
  ],
  previous: { slug: 'getting-started', title: 'Getting started' },
  next: { slug: 'reports', title: 'Running reports' },
};

function renderBook(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/resources/documentation', element: <DocumentationPage /> },
      { path: '/resources/documentation/:page', element: <DocumentationPage /> },
    ],
    { initialEntries: [address] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('documentation book', () => {
  it('lists the pages in order under their groups, each linking to its page', async () => {
    setWide(true);
    stubFetch({ '/api/resources/docs/user': { body: TOC } });
    renderBook('/resources/documentation');
    expect(await screen.findByRole('heading', { name: 'Documentation' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Documentation contents' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Getting started', 'Logging time', 'Running reports']);
    expect(within(nav).getByText('Daily work')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Logging time' })).toHaveAttribute(
      'href',
      '/resources/documentation/logging-time',
    );
  });

  it('searches headings and text across the book; every word must match; results link to the section', async () => {
    setWide(true);
    stubFetch({ '/api/resources/docs/user': { body: TOC } });
    renderBook('/resources/documentation');
    const box = await screen.findByRole('searchbox', { name: 'Search Documentation' });
    await userEvent.type(box, 'ctrl saves');
    const hits = screen.getByTestId('doc-hits');
    expect(
      within(hits)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Logging time › Keyboard']);
    expect(within(hits).getByRole('link')).toHaveAttribute(
      'href',
      '/resources/documentation/logging-time#keyboard',
    );
    expect(hits).toHaveTextContent('Ctrl+S saves the slip you are editing.');
    expect(screen.queryByRole('navigation', { name: 'Documentation contents' })).toBeNull();

    await userEvent.clear(box);
    await userEvent.type(box, 'SIGN');
    expect(
      within(screen.getByTestId('doc-hits'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Getting started', 'Getting started › Two-factor sign-in']);

    await userEvent.clear(box);
    await userEvent.type(box, 'invoice printer');
    expect(screen.getByText('No pages mention “invoice printer”.')).toBeInTheDocument();

    await userEvent.clear(box);
    expect(screen.getByRole('navigation', { name: 'Documentation contents' })).toBeInTheDocument();
  });

  it('shows a page with previous and next links and the current page marked in the contents', async () => {
    setWide(true);
    stubFetch({
      '/api/resources/docs/user': { body: TOC },
      '/api/resources/docs/user/logging-time': { body: PAGE },
    });
    renderBook('/resources/documentation/logging-time');
    expect(await screen.findByRole('heading', { name: 'Logging time', level: 1 })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Previous and next pages' });
    expect(within(pager).getByRole('link', { name: /Getting started/ })).toHaveAttribute(
      'href',
      '/resources/documentation/getting-started',
    );
    expect(within(pager).getByRole('link', { name: /Running reports/ })).toHaveAttribute(
      'href',
      '/resources/documentation/reports',
    );
    const nav = screen.getByRole('navigation', { name: 'Documentation contents' });
    expect(within(nav).getByRole('link', { name: 'Logging time' })).toHaveAttribute('aria-current', 'page');
  });

  it('follows links inside a page within the app: other pages by path, headings by hash', async () => {
    setWide(true);
    stubFetch({
      '/api/resources/docs/user': { body: TOC },
      '/api/resources/docs/user/logging-time': { body: PAGE },
      '/api/resources/docs/user/reports': {
        body: {
          ...PAGE,
          slug: 'reports',
          title: 'Running reports',
          html: '<h1 id="reports">Running reports</h1>',
          previous: { slug: 'logging-time', title: 'Logging time' },
          next: null,
        },
      },
    });
    const router = renderBook('/resources/documentation/logging-time');
    await userEvent.click(await screen.findByRole('link', { name: 'keys' }));
    expect(router.state.location).toMatchObject({
      pathname: '/resources/documentation/logging-time',
      hash: '#keyboard',
    });
    await userEvent.click(screen.getByRole('link', { name: 'reports' }));
    expect(router.state.location.pathname).toBe('/resources/documentation/reports');
    expect(await screen.findByRole('heading', { name: 'Running reports', level: 1 })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Previous and next pages' });
    expect(
      within(pager)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Previous‹ Logging time']);
  });

  it('on narrower screens folds the contents and search above the page', async () => {
    setWide(false);
    stubFetch({
      '/api/resources/docs/user': { body: TOC },
      '/api/resources/docs/user/logging-time': { body: PAGE },
    });
    renderBook('/resources/documentation/logging-time');
    const summary = await screen.findByText('Contents and search');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    expect(screen.getByRole('searchbox', { name: 'Search Documentation' })).toBeVisible();
  });

  it('says so when a page does not exist', async () => {
    setWide(true);
    stubFetch({ '/api/resources/docs/user': { body: TOC } });
    renderBook('/resources/documentation/no-such-page');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
