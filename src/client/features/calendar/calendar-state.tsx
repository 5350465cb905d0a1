// Client state of the shell (SPEC §4): the weekly summary showing or hidden; the provider renders the calendar.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { lazyComponent, MountWhenOpened } from '../../shell/lazy-chunk';

// The weekly summary's code loads with its first opening.
const CalendarModal = lazyComponent<{ showing: boolean; onClose: () => void }>(
  'calendar',
  () => import('./calendar-modal'),
  'CalendarModal',
);

export type CalendarState = { showing: boolean; open: () => void; close: () => void };

const CalendarContext = createContext<CalendarState | null>(null);

export function CalendarProvider({ children }: { children: ReactNode }) {
  const [showing, setShowing] = useState(false);
  const open = useCallback(() => setShowing(true), []);
  const close = useCallback(() => setShowing(false), []);
  const value = useMemo(() => ({ showing, open, close }), [showing, open, close]);
  return (
    <CalendarContext.Provider value={value}>
      {children}
      <MountWhenOpened open={showing}>
        <CalendarModal showing={showing} onClose={close} />
      </MountWhenOpened>
    </CalendarContext.Provider>
  );
}

/** The calendar state, or null outside the authenticated shell. */
export function useCalendarOptional(): CalendarState | null {
  return useContext(CalendarContext);
}
