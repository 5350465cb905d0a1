// The monitoring dashboard: the figures of the process that answered, refreshed every 10 s while the tab is shown,
// with the way to the monitoring docs and the /metrics endpoint.
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MonitoringSnapshot } from '../../../shared/schemas/monitoring';
import { renderAt, stubFetch } from '../reports/report-test-kit';
import { formatBytes, formatDuration, MonitoringPage, REFRESH_MS } from './monitoring-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

const snapshot = (requestsLastMinute: number): MonitoringSnapshot => ({
  generatedAt: '2026-11-24T08:00:00.000Z',
  process: { pid: 4242, uptimeSeconds: 3 * 3600 + 25 * 60, nodeVersion: 'v20.20.2' },
  traffic: {
    requestsLastMinute,
    errorsLastMinute: 1,
    errorRateLastMinute: 1 / requestsLastMinute,
    requestsTotal: 9876,
    errorsTotal: 3,
  },
  routes: [
    { method: 'GET', route: '/api/manage/case', requests: 800, p50Ms: 4.2, p95Ms: 31 },
    { method: 'POST', route: '/api/slip/:id', requests: 120, p50Ms: 12, p95Ms: 250 },
  ],
  eventLoop: { lagMeanMs: 10.5, lagP50Ms: 10.2, lagP99Ms: 14.8, lagMaxMs: 20 },
  memory: { heapUsedBytes: 80 * 1024 * 1024, heapTotalBytes: 120 * 1024 * 1024, rssBytes: 210 * 1024 * 1024 },
  database: { kind: 'postgres', total: 6, idle: 4, waiting: 0, max: 10 },
  jobs: { waiting: 2, active: 1, failed: 0 },
});

describe('monitoring dashboard', () => {
  it('shows uptime, traffic, errors, lag, memory, pool, jobs and the busiest routes, with the docs link', async () => {
    stubFetch({ '/api/admin/monitoring': { body: snapshot(200) } });
    renderAt('/resources/monitoring', <MonitoringPage />);
    expect(await screen.findByTestId('mon-uptime')).toHaveTextContent('3h 25m');
    expect(screen.getByTestId('mon-rpm')).toHaveTextContent('200');
    expect(screen.getByTestId('mon-errors')).toHaveTextContent('0.50%');
    expect(screen.getByTestId('mon-lag')).toHaveTextContent('14.8 ms');
    expect(screen.getByTestId('mon-memory')).toHaveTextContent('210.0 MB');
    expect(screen.getByTestId('mon-pool')).toHaveTextContent('2 of 10 busy');
    expect(screen.getByTestId('mon-jobs')).toHaveTextContent('2 waiting');
    const rows = within(screen.getByTestId('mon-routes')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'GET/api/manage/case8004.2 ms31.0 ms',
      'POST/api/slip/:id12012.0 ms250 ms',
    ]);
    expect(screen.getByRole('link', { name: 'How to monitor SD6' })).toHaveAttribute(
      'href',
      '/resources/documentation-dev/monitoring',
    );
    expect(screen.getByText(/the process that answered|app process that answered/)).toHaveTextContent(
      '/metrics',
    );
  });

  it('refreshes every 10 seconds while the tab is shown, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 0;
    const calls = stubFetch({ '/api/admin/monitoring': () => ({ body: snapshot(100 + ++count) }) });
    renderAt('/resources/monitoring', <MonitoringPage />);
    expect(await screen.findByTestId('mon-rpm')).toHaveTextContent('101');
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    await waitFor(() => expect(screen.getByTestId('mon-rpm')).toHaveTextContent('102'));
    act(() => focusManager.setFocused(false));
    const before = calls.length;
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS * 3));
    expect(calls.length).toBe(before);
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });

  it('keeps the last figures with a warning when a refresh fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = false;
    stubFetch({
      '/api/admin/monitoring': () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: snapshot(150) },
    });
    renderAt('/resources/monitoring', <MonitoringPage />);
    expect(await screen.findByTestId('mon-rpm')).toHaveTextContent('150');
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(REFRESH_MS));
    expect(await screen.findByText(/The last refresh failed/)).toBeInTheDocument();
    expect(screen.getByTestId('mon-rpm')).toHaveTextContent('150');
  });

  it('formats durations and sizes for people', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(2 * 86_400 + 3600 * 5 + 60)).toBe('2d 5h 1m');
    expect(formatBytes(512 * 1024)).toBe('512 kB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(formatBytes(null)).toBe('—');
  });
});
