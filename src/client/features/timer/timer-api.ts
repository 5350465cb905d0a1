// Timer calls (issue 17) and their query: the server is the truth, read again on window focus, every minute and when
// another tab says it started or stopped one (BroadcastChannel), so every tab and device shows the same timer.
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  StartTimerBody,
  StartTimerResult,
  StopTimerResult,
  Timer,
  TimerState,
} from '../../../shared/schemas/timer';
import { apiDelete, apiGet, apiPost } from '../../api/http';

export const TIMER_KEY = ['timer'] as const;
export const TIMER_REFETCH_MS = 60_000;
const CHANNEL = 'sd6-timer';
/** The daily summaries' query key (slip-api's SUMMARY_KEY, not imported so the shell stays small). */
const SUMMARY_KEY = 'slip-summary';

/** The timer with the offset of the server's clock from this one (ms), so elapsed time is the server's. */
export type TimerView = { timer: Timer | null; offset: number };

export async function fetchTimer(signal?: AbortSignal): Promise<TimerView> {
  const state = await apiGet<TimerState>('/api/time/timer', { signal });
  return { timer: state.timer, offset: Date.parse(state.serverNow) - Date.now() };
}

export const startTimer = (body: StartTimerBody) => apiPost<StartTimerResult>('/api/time/timer', body);
export const stopTimer = (version: number, comment: string | null) =>
  apiPost<StopTimerResult>('/api/time/timer/stop', { version, comment });
export const discardTimer = (version: number) =>
  apiDelete<{ discarded: true }>('/api/time/timer', { query: { version } });

export function useTimer() {
  return useQuery({
    queryKey: TIMER_KEY,
    queryFn: ({ signal }) => fetchTimer(signal),
    refetchOnWindowFocus: true,
    refetchInterval: TIMER_REFETCH_MS,
  });
}

/** Elapsed milliseconds of a timer now, by the server's clock. */
export const elapsedMs = (timer: Timer, offset: number) => Date.now() + offset - Date.parse(timer.startedAt);

/** The timer and the daily summaries (a stop or switch saves slips) are read again. */
function refetchTimer(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: TIMER_KEY });
  void queryClient.invalidateQueries({ queryKey: [SUMMARY_KEY] });
}

/** After a start, switch, stop or discard here: this tab, the daily panel and the other tabs read again. */
export function useTimerChanged() {
  const queryClient = useQueryClient();
  return () => {
    refetchTimer(queryClient);
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage('changed');
      channel.close();
    }
  };
}

/** Listens for the other tabs' changes (mounted once, in the shell). */
export function useTimerChannel() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => refetchTimer(queryClient);
    return () => channel.close();
  }, [queryClient]);
}
