// The calendar summary (SPEC §2 "Shell panels" and "Calendar", §4, §8, §9): Weekly Summary in a modal on medium
// screens and up, Daily Summary in a side panel on small ones; a user picker, a legend, the time grid (loaded
// lazily) and the Slips / Buckets / Total footer.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate } from 'react-router';
import { parseDate } from '../../../shared/format/date';
import { PROJECT, PROJECT_COLOR, SUPPORT, SUPPORT_COLOR } from '../../../shared/schemas/calendar';
import { profileQuery } from '../../api/profile';
import { useMediaQuery } from '../../shell/use-media-query';
import { Dialog, Select } from '../../ui';
import { useDebounced } from '../../ui/use-debounced';
import { fetchWeeksToApprove, TO_APPROVE_KEY } from '../timesheet/timesheet-api';
import { WeekState } from '../timesheet/week-state';
import { WeeksToApprove } from '../timesheet/weeks-to-approve';
import {
  BILLER_OPTIONS_KEY,
  fetchBillerOptions,
  fetchWeeklySummary,
  WEEKLY_SUMMARY_KEY,
  weekRequest,
} from './calendar-api';
import {
  anchorFor,
  breakdownText,
  CALENDAR_DEBOUNCE_MS,
  CALENDAR_HEIGHT,
  CALENDAR_REVEAL_MS,
  type CalendarMode,
  type Footer,
  footer,
  MEDIUM_UP_QUERY,
  startOfDay,
  toEvent,
} from './calendar-logic';

const CalendarGrid = lazy(() => import('./calendar-grid'));

export const CALENDAR_ELEMENT_ID = 'weekly-calendar-modal';

export function CalendarModal({ showing, onClose }: { showing: boolean; onClose: () => void }) {
  const mode: CalendarMode = useMediaQuery(MEDIUM_UP_QUERY) ? 'week' : 'day';
  return (
    <Dialog
      show={showing}
      onHide={onClose}
      title={mode === 'week' ? 'Weekly Summary' : 'Daily Summary'}
      variant={mode === 'week' ? 'modal' : 'panel'}
      size="xl"
      showOkay={false}
      showCancel={false}
      className="sd-calendar-dialog"
      data-testid="calendar-dialog"
    >
      {showing ? <CalendarBody mode={mode} onClose={onClose} /> : null}
    </Dialog>
  );
}

function Legend() {
  return (
    <ul className="sd-calendar-legend list-inline mb-0" aria-label="Legend">
      {[
        [SUPPORT, SUPPORT_COLOR],
        [PROJECT, PROJECT_COLOR],
      ].map(([label, color]) => (
        <li key={label} className="list-inline-item">
          <span className="sd-calendar-swatch" style={{ backgroundColor: color }} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}

function SummaryFooter({ data }: { data: Footer }) {
  return (
    <div className="table-responsive sd-calendar-summary">
      <table className="table table-sm table-bordered mb-0" data-testid="calendar-summary">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Time</span>
            </th>
            {data.columns.map((c) => (
              <th key={c.key} scope="col" className="text-end">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.label} className={row.label === 'Total' ? 'fw-semibold' : undefined}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, i) => (
                <td
                  key={data.columns[i]!.key}
                  className="text-end"
                  title={breakdownText(cell) || undefined}
                  data-minutes={cell.minutes}
                >
                  {cell.text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CalendarBody({ mode, onClose }: { mode: CalendarMode; onClose: () => void }) {
  const navigate = useNavigate();
  const { data: profile } = useQuery(profileQuery);
  const billers = useQuery({
    queryKey: BILLER_OPTIONS_KEY,
    queryFn: ({ signal }) => fetchBillerOptions(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [picked, setPicked] = useState<number | null>(null);
  const userId = picked ?? profile?.id ?? null;

  // The grid reports its visible range; switching week/day rebuilds it (keyed by mode) from an anchor day.
  const [range, setRange] = useState<{ mode: CalendarMode; start: Date } | null>(null);
  const [built, setBuilt] = useState<{ mode: CalendarMode; anchor: Date }>(() => ({
    mode,
    anchor: startOfDay(new Date()),
  }));
  if (built.mode !== mode) {
    setBuilt({ mode, anchor: range ? anchorFor(range.start, range.mode, new Date()) : built.anchor });
    setRange(null);
  }
  const onRange = useCallback((start: Date) => setRange({ mode, start }), [mode]);

  // Approvers reach the weeks waiting for them; opening one shows that person's week (the grid rebuilt on it).
  const toApprove = useQuery({
    queryKey: TO_APPROVE_KEY,
    queryFn: ({ signal }) => fetchWeeksToApprove(signal),
    retry: false,
  });
  const waiting = toApprove.data?.items.length ?? 0;
  const [approving, setApproving] = useState(false);
  const openWeek = useCallback(
    (user: number, weekStart: string) => {
      const monday = parseDate(weekStart);
      if (!monday) return;
      setPicked(user);
      setApproving(false);
      setRange(null);
      setBuilt({ mode, anchor: monday });
    },
    [mode],
  );

  // SPEC §9: loading waits 500 ms after the last change of range, user or mode; a superseded request is cancelled
  // (its query loses its observer and the signal aborts it). SPEC §8: failures are swallowed.
  const request = range && range.mode === mode && userId !== null ? weekRequest(range.start, userId) : null;
  const debounced = useDebounced(request, CALENDAR_DEBOUNCE_MS);
  const current = request !== null && debounced === request;
  const week = useQuery({
    queryKey: [WEEKLY_SUMMARY_KEY, debounced],
    queryFn: ({ signal }) => fetchWeeklySummary(debounced!, signal),
    enabled: current,
    retry: false,
    staleTime: 0,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
  });
  const arrived = current && !week.isFetching && (week.isSuccess || week.isError);
  const summary = arrived ? week.data?.summary : undefined;

  // SPEC §4/§9: hidden while events load, shown 700 ms after they arrive.
  const [revealed, setRevealed] = useState<string | null>(null);
  useEffect(() => {
    setRevealed(null);
    if (!arrived || request === null) return;
    const timer = window.setTimeout(() => setRevealed(`${mode}:${request}`), CALENDAR_REVEAL_MS);
    return () => window.clearTimeout(timer);
  }, [arrived, request, mode]);
  const visible = arrived && revealed === `${mode}:${request}`;

  const events = useMemo(() => (summary?.slips ?? []).map(toEvent), [summary]);
  const table = useMemo(() => (range ? footer(summary, mode, range.start) : null), [summary, mode, range]);
  const openTask = useCallback(
    (url: string, newWindow: boolean) => {
      if (newWindow) {
        window.open(url, '_blank', 'noopener');
        return;
      }
      onClose();
      navigate(url);
    },
    [navigate, onClose],
  );

  return (
    <div id={CALENDAR_ELEMENT_ID} className="sd-calendar" data-mode={mode}>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-2">
        <Select
          name="calendarUser"
          label="User"
          className="mb-0 sd-calendar-user"
          required
          value={userId}
          options={billers.data ?? []}
          onChange={(v) => {
            if (typeof v === 'number') setPicked(v);
          }}
        />
        <Legend />
        {profile?.isAdmin || waiting > 0 ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary mb-1"
            aria-expanded={approving}
            onClick={() => setApproving((on) => !on)}
          >
            Weeks to Approve{waiting ? ` (${waiting})` : ''}
          </button>
        ) : null}
        {visible ? null : (
          <Spinner size="sm" animation="border" className="ms-auto mb-2" role="status" aria-label="Loading" />
        )}
      </div>
      {approving ? <WeeksToApprove onOpen={openWeek} /> : null}
      {range && userId !== null ? (
        <WeekState day={range.start} userId={userId} ownId={profile?.id ?? null} />
      ) : null}
      <div
        className={visible ? 'sd-calendar-view' : 'sd-calendar-view sd-calendar-hidden'}
        aria-busy={!visible}
        data-testid="calendar-view"
        data-loaded={visible ? request : undefined}
      >
        <div className="sd-calendar-grid" style={{ minHeight: CALENDAR_HEIGHT[mode] }}>
          <Suspense fallback={null}>
            <CalendarGrid
              key={`${mode}:${built.anchor.getTime()}`}
              mode={mode}
              initialDate={built.anchor}
              events={events}
              onRange={onRange}
              onOpenTask={openTask}
            />
          </Suspense>
        </div>
        {table ? <SummaryFooter data={table} /> : null}
      </div>
    </div>
  );
}
