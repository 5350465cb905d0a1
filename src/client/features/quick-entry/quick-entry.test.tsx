// The one-line entry's "1–9": while the list of matching tasks shows, a digit picks that task (1 = the first) and
// is not typed; with no list, or going on a number such as `#12`, digits are typed as usual.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickMatch } from '../../../shared/quick-entry';
import { DailyProvider } from '../slips/daily-state';
import type { SlipWriter } from '../slips/slip-card';
import { QuickEntry } from './quick-entry';

const TWO: QuickMatch = {
  consumed: 1,
  total: 2,
  matches: [
    { taskId: 11, taskTitle: 'Tunnel rebuild', caseId: 5, caseTitle: 'Network', organization: 'Acme' },
    { taskId: 12, taskTitle: 'Printer swap', caseId: 6, caseTitle: 'Office', organization: 'Acme' },
  ],
};
const ONE: QuickMatch = { consumed: 1, total: 1, matches: [TWO.matches[0]!] };

let answer: QuickMatch;
beforeEach(() => {
  answer = TWO;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.startsWith('/api/time/recent-tasks') ? { tasks: [] } : answer;
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderEntry() {
  // Queued: the entry clears without a saved slip to show.
  const save = vi.fn<SlipWriter['save']>(async () => ({ queued: true }));
  const writer: SlipWriter = { save, remove: vi.fn() };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DailyProvider>
        <QuickEntry slips={[]} writer={writer} userId={7} onSaved={() => {}} />
      </DailyProvider>
    </QueryClientProvider>,
  );
  return { save, box: screen.getByRole('textbox', { name: 'Log time' }) as HTMLInputElement };
}

/** A key as a browser delivers it: keydown, then (unless prevented) the character lands in the box. */
function press(box: HTMLInputElement, key: string) {
  if (fireEvent.keyDown(box, { key })) {
    fireEvent.change(box, { target: { value: `${box.value}${key}` } });
  }
}

describe('one-line entry digits', () => {
  it('a digit picks from the shown list without Enter, and is not typed', async () => {
    const { save, box } = renderEntry();
    fireEvent.change(box, { target: { value: '930-1045 acme fixed it' } });
    const list = await screen.findByRole('list', { name: 'Matching tasks' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    press(box, '2');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].task).toEqual({ value: 12, label: 'Printer swap' });
    expect(box.value).not.toContain('2');
  });

  it('with no list shown, digits are typed', async () => {
    answer = ONE;
    const { save, box } = renderEntry();
    fireEvent.change(box, { target: { value: '930-1045 acme fixed' } });
    await screen.findByText(/Tunnel rebuild/);
    expect(screen.queryByRole('list', { name: 'Matching tasks' })).toBeNull();
    press(box, ' ');
    press(box, '2');
    expect(box.value).toBe('930-1045 acme fixed 2');
    expect(save).not.toHaveBeenCalled();
  });

  it('a digit going on a case number is typed even while the list shows', async () => {
    const { save, box } = renderEntry();
    fireEvent.change(box, { target: { value: '930-1045 acme #' } });
    await screen.findByRole('list', { name: 'Matching tasks' });
    press(box, '1');
    expect(box.value).toBe('930-1045 acme #1');
    expect(save).not.toHaveBeenCalled();
  });
});
