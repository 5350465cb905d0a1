// Date input (SPEC §5): every accepted typed format, shown as MM/dd/yyyy; a month-grid popover; min, max, disabled dates.
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { formatDate, normalizeDateInput, parseDateInput } from '../../shared/format';
import { DatePicker } from './date-picker';
import { type FieldProps, FormField, fieldId, useField } from './form-field';
import { ReadOnlyText } from './read-only-text';

/** SPEC §9: Tab pressed while the popover is open moves on after this delay. */
export const DATE_TAB_DELAY_MS = 400;

export type DateInputProps = FieldProps & {
  /** MM/dd/yyyy, or '' when empty. */
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  /** Bounds in any accepted format (usually MM/dd/yyyy). */
  min?: string;
  max?: string;
  /** Dates (any accepted format) or a test that cannot be chosen. */
  disabledDates?: string[] | ((d: Date) => boolean);
  /** false: an empty field is an error (default true). */
  allowEmpty?: boolean;
  placeholder?: string;
  id?: string;
};

/** The message of the last blur's check, or null. */
type Problem = string | null;

/** The next (or previous) focusable element in document order. */
function focusNeighbour(from: HTMLElement, backwards: boolean) {
  const all = Array.from(
    document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
    ),
  ).filter(
    (el) =>
      !el.hasAttribute('disabled') &&
      el.tabIndex >= 0 &&
      !el.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
  const i = all.indexOf(from);
  all[backwards ? i - 1 : i + 1]?.focus();
}

function DateControl(props: DateInputProps & { id: string; onProblem: (p: Problem) => void }) {
  const field = useField();
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [gridOnOpen, setGridOnOpen] = useState(false);
  const close = () => {
    setOpen(false);
    setGridOnOpen(false);
  };
  /** Opens the popover with focus in the month grid. */
  const openGrid = () => {
    if (open) setFocusRequest((n) => n + 1);
    else {
      setGridOnOpen(true);
      setOpen(true);
    }
  };
  // Focus coming back from the popover (a pick, Escape) does not reopen it.
  const quiet = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const min = useMemo(() => (props.min ? parseDateInput(props.min) : null), [props.min]);
  const max = useMemo(() => (props.max ? parseDateInput(props.max) : null), [props.max]);
  const disabled = props.disabledDates;
  const isDisabled = useMemo(() => {
    if (typeof disabled === 'function') return disabled;
    const days = new Set((disabled ?? []).map((d) => parseDateInput(d)?.toDateString()));
    return (d: Date) => days.has(d.toDateString());
  }, [disabled]);

  // A click outside the control closes the popover.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) {
        setOpen(false);
        setGridOnOpen(false);
      }
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const commit = (text: string) => {
    const check = normalizeDateInput(text, {
      min: min ?? undefined,
      max: max ?? undefined,
      disabled: isDisabled,
      allowEmpty: props.allowEmpty,
    });
    props.onProblem(check.valid ? null : (check.error ?? null));
    if (check.value !== text) props.onChange(check.value);
  };
  const pick = (d: Date) => {
    const shown = formatDate(d);
    field?.markChanged();
    props.onProblem(null);
    props.onChange(shown);
    close();
    quiet.current = true;
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      // Into the month grid (opening it first if needed).
      e.preventDefault();
      openGrid();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab' && open) {
      // Close the popover first, then move on once it is gone.
      e.preventDefault();
      close();
      commit(props.value);
      const from = e.currentTarget;
      const back = e.shiftKey;
      window.setTimeout(() => focusNeighbour(from, back), DATE_TAB_DELAY_MS);
    }
  };

  const current = props.value ? parseDateInput(props.value) : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the input and its popover closes the popover
    <div
      ref={wrapper}
      className="position-relative sd-date-input"
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) {
          close();
          // The input's own blur commits; focus leaving from the grid commits here.
          if (popover.current?.contains(e.target)) commit(props.value);
        }
      }}
    >
      <div className="input-group">
        <input
          ref={input}
          id={props.id}
          name={props.name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className={['form-control', field?.invalid ? 'is-invalid' : ''].filter(Boolean).join(' ')}
          value={props.value}
          placeholder={props.placeholder ?? 'MM/DD/YYYY'}
          onFocus={() => {
            if (!quiet.current) setOpen(true);
            quiet.current = false;
          }}
          onChange={(e) => {
            field?.markChanged();
            props.onProblem(null);
            props.onChange(e.target.value);
          }}
          onBlur={(e) => {
            // Into the month grid is not leaving the field; anywhere else (the button too) is.
            if (!popover.current?.contains(e.relatedTarget as Node | null)) commit(props.value);
            props.onBlur?.();
          }}
          onKeyDown={onKeyDown}
          required={props.required}
          aria-required={props.required || undefined}
          disabled={props.disabled}
          aria-invalid={field?.invalid || undefined}
          aria-describedby={field?.describedBy}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-label="Choose date"
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={props.disabled}
          onClick={() => (open ? close() : openGrid())}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
            <path d="M4 0v1H2a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V2a1 1 0 0 0-1-1h-2V0h-1v1H5V0zM2 5h12v9H2z" />
          </svg>
        </button>
      </div>
      {open ? (
        <div
          ref={popover}
          role="dialog"
          aria-label="Choose date"
          className="dropdown-menu show shadow mt-1"
          style={{ minWidth: 280, zIndex: 1070 }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
              quiet.current = true;
              input.current?.focus();
            }
          }}
        >
          <DatePicker
            value={current}
            onSelect={pick}
            min={min ?? undefined}
            max={max ?? undefined}
            isDisabled={isDisabled}
            focusRequest={focusRequest}
            autoFocus={gridOnOpen}
          />
        </div>
      ) : null}
    </div>
  );
}

export function DateInput(props: DateInputProps) {
  const id = fieldId(props.name, props.id);
  const [problem, setProblem] = useState<Problem>(null);
  // One message per problem: the form's errors (the schema's, after Save) replace the last blur's check, which says
  // the same in other words.
  const errors = useMemo(
    () => (problem && !props.errors?.length ? [problem] : props.errors),
    [problem, props.errors],
  );
  return (
    <FormField {...props} errors={errors} id={id}>
      {props.readOnly ? (
        <ReadOnlyText id={id} value={props.value} />
      ) : (
        <DateControl {...props} id={id} onProblem={setProblem} />
      )}
    </FormField>
  );
}
