// A month grid of day buttons for DateInput's popover (roving focus): arrows, Home/End, PageUp/PageDown, Enter, Escape.

import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { MONTH_NAMES } from '../../shared/format/date';

const DAYS = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

/** Local midnight of the day. */
export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}
export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}
/** Same day n months later, clamped to the month's last day. */
export function addMonths(d: Date, n: number): Date {
  const last = new Date(d.getFullYear(), d.getMonth() + n + 1, 0).getDate();
  return new Date(d.getFullYear(), d.getMonth() + n, Math.min(d.getDate(), last));
}
export function sameDay(a: Date | null | undefined, b: Date | null | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}
/** Six weeks of days starting on the Sunday on or before the 1st of the month. */
export function monthGrid(year: number, month: number): Date[][] {
  const first = new Date(year, month, 1);
  const start = addDays(first, -first.getDay());
  return Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
}

/** Where a key moves the focused day (APG date picker), or null for other keys. */
export function keyMove(key: string, shift: boolean, d: Date): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(d, -1);
    case 'ArrowRight':
      return addDays(d, 1);
    case 'ArrowUp':
      return addDays(d, -7);
    case 'ArrowDown':
      return addDays(d, 7);
    case 'Home':
      return addDays(d, -d.getDay());
    case 'End':
      return addDays(d, 6 - d.getDay());
    case 'PageUp':
      return addMonths(d, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(d, shift ? 12 : 1);
    default:
      return null;
  }
}

export type DatePickerProps = {
  value: Date | null;
  onSelect: (d: Date) => void;
  min?: Date;
  max?: Date;
  isDisabled?: (d: Date) => boolean;
  /** Day focused when there is no value (default today). */
  today?: Date;
  /** Focus the day on opening. */
  autoFocus?: boolean;
  /** A new number moves DOM focus to the focused day. */
  focusRequest?: number;
};

export function DatePicker(props: DatePickerProps) {
  const titleId = useId();
  const unavailable = (d: Date) =>
    (props.min !== undefined && d < startOfDay(props.min)) ||
    (props.max !== undefined && d > startOfDay(props.max)) ||
    !!props.isDisabled?.(d);
  const clamp = (d: Date) => {
    if (props.min && d < startOfDay(props.min)) return startOfDay(props.min);
    if (props.max && d > startOfDay(props.max)) return startOfDay(props.max);
    return d;
  };
  const [focused, setFocused] = useState(() => clamp(startOfDay(props.value ?? props.today ?? new Date())));
  const grid = useRef<HTMLTableElement>(null);

  // DOM focus follows the focused day after keyboard moves, and goes to it when asked (opening, focusRequest).
  const wantFocus = useRef(!!props.autoFocus);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focused and focusRequest are the triggers
  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused, props.focusRequest]);
  const lastRequest = useRef(props.focusRequest);
  if (lastRequest.current !== props.focusRequest) {
    lastRequest.current = props.focusRequest;
    wantFocus.current = true;
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = keyMove(e.key, e.shiftKey, focused);
    if (target) {
      e.preventDefault();
      wantFocus.current = true;
      setFocused(clamp(target));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!unavailable(focused)) props.onSelect(focused);
    }
  };

  const year = focused.getFullYear();
  const month = focused.getMonth();
  const nav = (n: number) => setFocused(clamp(addMonths(focused, n)));
  return (
    <div className="p-2 sd-date-picker">
      <div className="d-flex align-items-center justify-content-between mb-1">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label="Previous month"
          onClick={() => nav(-1)}
        >
          ‹
        </button>
        <h2 id={titleId} className="h6 mb-0" aria-live="polite">
          {MONTH_NAMES[month]} {year}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          aria-label="Next month"
          onClick={() => nav(1)}
        >
          ›
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the day buttons inside */}
      <div onKeyDown={onKeyDown}>
        <table
          ref={grid}
          aria-labelledby={titleId}
          className="table table-sm table-borderless mb-0 text-center sd-date-grid"
        >
          <thead>
            <tr>
              {DAYS.map(([short, long]) => (
                <th key={short} scope="col" abbr={long} className="small text-body-secondary fw-normal p-0">
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(year, month).map((week) => (
              <tr key={week[0]!.toDateString()}>
                {week.map((day) => {
                  const selected = sameDay(day, props.value);
                  const off = unavailable(day);
                  const outside = day.getMonth() !== month;
                  return (
                    <td key={day.toDateString()} className="p-0">
                      <button
                        type="button"
                        tabIndex={sameDay(day, focused) ? 0 : -1}
                        className={[
                          'btn btn-sm w-100 px-0',
                          selected ? 'btn-primary' : 'btn-light',
                          outside && !selected ? 'text-body-secondary' : '',
                          sameDay(day, props.today ?? new Date()) && !selected ? 'fw-bold' : '',
                        ]
                          .filter(Boolean)
                          .join(' ')}
                        aria-pressed={selected}
                        aria-current={sameDay(day, props.today ?? new Date()) ? 'date' : undefined}
                        aria-disabled={off || undefined}
                        aria-label={`${DAYS[day.getDay()]![1]}, ${MONTH_NAMES[day.getMonth()]} ${day.getDate()}, ${day.getFullYear()}`}
                        style={off ? { opacity: 0.45, textDecoration: 'line-through' } : undefined}
                        onClick={() => {
                          setFocused(clamp(day));
                          if (!off) props.onSelect(day);
                        }}
                      >
                        {day.getDate()}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
