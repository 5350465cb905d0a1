// The banner notices: shown as status messages, dismissed one by one and remembered in this browser per notice and
// change (an edited notice shows again), long texts shortened until "Show more".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BannerNotice } from '../../shared/schemas/notice';
import { DISMISSED_KEY, NoticeBanner } from './notice-banner';

let notices: BannerNotice[];
beforeEach(() => {
  window.localStorage.clear();
  notices = [
    {
      id: 7,
      title: 'Office move',
      body: 'We move on Friday.\nPhones may be down.',
      updatedAt: '2026-03-01T10:00:00.000Z',
    },
    { id: 9, title: 'Patch night', body: 'Servers restart at 22:00.', updatedAt: '2026-03-02T10:00:00.000Z' },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url !== '/api/notice/active') throw new Error(`unexpected ${url}`);
      return new Response(JSON.stringify({ notices }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <NoticeBanner />
    </QueryClientProvider>,
  );
}

describe('notice banner', () => {
  it('shows each active banner as a status with its title and text, line breaks kept', async () => {
    renderBanner();
    const office = await screen.findByRole('status', { name: 'Office move' });
    expect(office).toHaveTextContent('We move on Friday.');
    expect(office.textContent).toContain('We move on Friday.\nPhones may be down.');
    expect(screen.getByRole('status', { name: 'Patch night' })).toBeInTheDocument();
  });

  it('keeps a dismissed notice hidden after a reload', async () => {
    const user = userEvent.setup();
    const first = renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Dismiss notice: Office move' }));
    expect(screen.queryByRole('status', { name: 'Office move' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Patch night' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]')).toEqual([
      '7@2026-03-01T10:00:00.000Z',
    ]);

    first.unmount();
    renderBanner();
    await screen.findByRole('status', { name: 'Patch night' });
    expect(screen.queryByRole('status', { name: 'Office move' })).not.toBeInTheDocument();
  });

  it('shows an edited notice again although its earlier text was dismissed', async () => {
    window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(['7@2026-03-01T10:00:00.000Z']));
    notices[0] = {
      ...notices[0]!,
      body: 'We move on Monday instead.',
      updatedAt: '2026-03-03T09:00:00.000Z',
    };
    renderBanner();
    expect(await screen.findByRole('status', { name: 'Office move' })).toHaveTextContent('Monday instead');
  });

  it('shows nothing when every banner is dismissed, and survives garbled storage', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(DISMISSED_KEY, '{not json');
    renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Dismiss notice: Office move' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notice: Patch night' }));
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(DISMISSED_KEY)!)).toHaveLength(2);
  });

  it('shortens a long text until Show more', async () => {
    const user = userEvent.setup();
    notices = [
      { id: 3, title: 'Long', body: `${'word '.repeat(100)}THE END`, updatedAt: '2026-03-01T00:00:00.000Z' },
    ];
    renderBanner();
    const banner = await screen.findByRole('status', { name: 'Long' });
    expect(banner).not.toHaveTextContent('THE END');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(banner).toHaveTextContent('THE END');
    await user.click(screen.getByRole('button', { name: 'Show less' }));
    expect(banner).not.toHaveTextContent('THE END');
  });

  it('shows nothing when there are no banners', async () => {
    notices = [];
    renderBanner();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
