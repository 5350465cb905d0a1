// The week's state in the calendar: the badge and who/when, only the allowed actions, Submit Week's warnings before
// anything is sent, Reject's required reason, a refetch after each step, nothing for a week one may not see.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REJECT_NEEDS_COMMENT, type WeekAnswer } from '../../../shared/schemas/timesheet';
import { WeekState } from './week-state';

afterEach(cleanup);

const monday = new Date(2026, 10, 23);
const answer = (over: Partial<WeekAnswer['week']>, can: Partial<WeekAnswer['can']> = {}): WeekAnswer => ({
  week: {
    id: null,
    userId: 7,
    user: { value: 7, label: 'Tina Tech' },
    weekStart: '11/23/2026',
    status: 'OPEN',
    statusLabel: 'Open',
    submittedAt: null,
    submittedBy: null,
    decidedAt: null,
    decidedBy: null,
    comment: null,
    version: 0,
    ...over,
  },
  days: [],
  warnings: ['Tue 11/24: 0:00 logged, under the expected 8:00.'],
  can: { submit: false, approve: false, reject: false, reopen: false, ...can },
});

let responses: { status: number; body: unknown }[];
let fetchMock: ReturnType<typeof vi.fn>;
let last: { status: number; body: unknown } = { status: 500, body: {} };
beforeEach(() => {
  responses = [];
  last = { status: 500, body: {} };
  fetchMock = vi.fn(async () => {
    // After a step the week is fetched again: it answers what the step answered.
    const next = responses.shift() ?? last;
    last = next;
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function show(ownId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WeekState day={monday} userId={7} ownId={ownId} />
    </QueryClientProvider>,
  );
}
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => [String(url), (init as RequestInit | undefined)?.body]);

describe('WeekState', () => {
  it('submits only after the confirm step that lists the warnings, then shows the new state', async () => {
    responses.push(
      { status: 200, body: answer({}, { submit: true }) },
      {
        status: 200,
        body: answer(
          {
            status: 'SUBMITTED',
            statusLabel: 'Submitted',
            version: 1,
            submittedAt: '2026-11-27T16:00:00Z',
            submittedBy: { value: 7, label: 'Tina Tech' },
          },
          { reopen: true },
        ),
      },
    );
    show(7);
    expect(await screen.findByTestId('week-status')).toHaveTextContent('Open');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Week' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveTextContent('Tue 11/24: 0:00 logged, under the expected 8:00.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(confirm.querySelector('button')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Submitted')).toBeInTheDocument();
    expect(calls()[1]).toEqual([
      '/api/time/week/11232026/7/submit',
      JSON.stringify({ version: 0, comment: null }),
    ]);
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(screen.getByTestId('week-state')).toHaveTextContent('by Tina Tech');
  });

  it('Reject asks for a reason before sending anything', async () => {
    responses.push(
      {
        status: 200,
        body: answer(
          { status: 'SUBMITTED', statusLabel: 'Submitted', version: 1 },
          { approve: true, reject: true },
        ),
      },
      {
        status: 200,
        body: answer(
          { status: 'REJECTED', statusLabel: 'Rejected', version: 2, comment: 'Tuesday is empty' },
          {},
        ),
      },
    );
    show(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject Week' }));
    expect(screen.getByText(REJECT_NEEDS_COMMENT)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText(/Reason/), 'Tuesday is empty');
    await userEvent.click(screen.getByRole('button', { name: 'Reject Week' }));
    expect(await screen.findByTestId('week-comment')).toHaveTextContent('Tuesday is empty');
    expect(calls()[1]).toEqual([
      '/api/time/week/11232026/7/reject',
      JSON.stringify({ version: 1, comment: 'Tuesday is empty' }),
    ]);
  });

  it('shows nothing for a week the user may not see', async () => {
    responses.push({
      status: 403,
      body: { message: 'Forbidden', code: 'FORBIDDEN', form: { errors: [], fields: {} } },
    });
    const { container } = show(2);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
