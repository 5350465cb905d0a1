// Client state of the shell (SPEC §4): the daily slips panel (showing, date, task for a new slip) and the move-slip dialog.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { wallParts } from '../../../shared/format/wall-clock';
import { forgetDailyShowing, noteDailyShowing, restoredDailyShowing } from '../../pwa/remount';
import { readTimeZone } from '../../shell/environment';

export type MoveState = { slipId: number; taskId: number } | null;

export type DailyState = {
  showing: boolean;
  /** The displayed day (local midnight). */
  date: Date;
  /** A new slip for this task is in progress at the top of the list. */
  createTaskId: number | null;
  move: MoveState;
  /**
   * The panel takes the focus as it shows: when the user opened it, not when it opened by itself (restored after a
   * remount, or beside the case list by preference), which would take the focus from what the user is typing.
   */
  focusOnOpen: boolean;
  open: (options?: { taskId?: number | null; date?: Date; quiet?: boolean }) => void;
  close: () => void;
  setDate: (date: Date) => void;
  clearCreate: () => void;
  openMove: (slipId: number, taskId: number) => void;
  closeMove: () => void;
  /**
   * A request to put text in the one-line entry box at the top of the panel and focus it (the `t` shortcut, a gap's
   * "new slip"). `seq` changes on every request, so asking twice for the same text focuses again.
   */
  quick: { text: string; seq: number } | null;
  /** Opens the panel (on `date` when given) with `text` in the one-line entry box, focused. */
  fillQuick: (text: string, date?: Date) => void;
};

/** SPEC §9 helpers: md 768 px and up edits inline. */
export const MEDIUM_UP_QUERY = '(min-width: 768px)';
/** Wide enough for the panel beside the screen rather than over it (SPEC §9 helpers: xl 1110 px + the panel). */
export const DAILY_BESIDE_QUERY = '(min-width: 1200px)';

/**
 * Today in the company's calendar (the server's time zone: the day a timer's or a fix's slip is saved on), as a
 * local calendar date; the browser's own day when the page was not served by the server. Between midnight in the
 * browser's zone and midnight in the company's, the two differ.
 */
export const today = (timeZone: string | null = readTimeZone(), now = new Date()) => {
  if (!timeZone) return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const { year, month, day } = wallParts(now.getTime(), timeZone);
  return new Date(year, month - 1, day);
};

const DailyContext = createContext<DailyState | null>(null);

export function DailyProvider({ children }: { children: ReactNode }) {
  // SPEC §4: a remount (full page load for an update) keeps the panel's showing flag; everything else starts afresh.
  const [showing, setShowing] = useState(restoredDailyShowing);
  useEffect(forgetDailyShowing, []);
  useEffect(() => noteDailyShowing(showing), [showing]);
  const [date, setDateState] = useState(today);
  const [createTaskId, setCreateTaskId] = useState<number | null>(null);
  const [move, setMove] = useState<MoveState>(null);
  const [quick, setQuick] = useState<{ text: string; seq: number } | null>(null);
  const [focusOnOpen, setFocusOnOpen] = useState(false);

  const open = useCallback((options: { taskId?: number | null; date?: Date; quiet?: boolean } = {}) => {
    setFocusOnOpen(!options.quiet);
    setShowing(true);
    if (options.taskId) setCreateTaskId(options.taskId);
    if (options.date) setDateState(options.date);
  }, []);
  const close = useCallback(() => setShowing(false), []);
  const setDate = useCallback(
    (d: Date) => setDateState(new Date(d.getFullYear(), d.getMonth(), d.getDate())),
    [],
  );
  const clearCreate = useCallback(() => setCreateTaskId(null), []);
  const openMove = useCallback((slipId: number, taskId: number) => setMove({ slipId, taskId }), []);
  const closeMove = useCallback(() => setMove(null), []);
  const fillQuick = useCallback((text: string, day?: Date) => {
    setFocusOnOpen(true);
    setShowing(true);
    if (day) setDateState(new Date(day.getFullYear(), day.getMonth(), day.getDate()));
    setQuick((q) => ({ text, seq: (q?.seq ?? 0) + 1 }));
  }, []);

  const value = useMemo<DailyState>(
    () => ({
      showing,
      date,
      createTaskId,
      move,
      focusOnOpen,
      open,
      close,
      setDate,
      clearCreate,
      openMove,
      closeMove,
      quick,
      fillQuick,
    }),
    [
      showing,
      date,
      createTaskId,
      move,
      focusOnOpen,
      open,
      close,
      setDate,
      clearCreate,
      openMove,
      closeMove,
      quick,
      fillQuick,
    ],
  );
  return <DailyContext.Provider value={value}>{children}</DailyContext.Provider>;
}

/** The shell's daily state, or null outside the authenticated shell. */
export function useDailyOptional(): DailyState | null {
  return useContext(DailyContext);
}

export function useDaily(): DailyState {
  const state = useContext(DailyContext);
  if (!state) throw new Error('useDaily needs the DailyProvider of the app shell');
  return state;
}
