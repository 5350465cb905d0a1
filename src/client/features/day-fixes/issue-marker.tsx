// The marker of a gap or overlap in the daily panel: it names the stretch (and, for a slip inside another, both) and
// applies each fix of the day's interval model with one key, through the panel's writer.
import { type KeyboardEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { DayFix, DayIssue } from '../../../shared/day-intervals';
import { stretchText } from '../../../shared/day-intervals';
import { formatTimeOfDay } from '../../../shared/format/time-of-day';
import type { Slip } from '../../../shared/schemas/slip';
import { useDailyOptional } from '../slips/daily-state';
import type { SlipWriter } from '../slips/slip-card';
import { compactTime, valuesOf } from '../slips/slip-logic';

export const NEW_SLIP_LABEL = 'New slip';
export const NO_FIX = 'No one-key fix: edit the slips.';

type Props = {
  issue: DayIssue;
  fixes: DayFix[];
  /** The day's slips by id (the fixes name them by id). */
  slips: ReadonlyMap<number, Slip>;
  /** The panel's writer (version-checked, idempotent, offline queue); the fixes wait for it. */
  writer?: SlipWriter;
  onSaved: (saved: Slip, previous: Slip) => void;
  onCreated: (saved: Slip) => void;
  onDeleted: (slip: Slip) => void;
};

const timeText = (minutes: number | null) => (minutes === null ? '' : formatTimeOfDay(minutes));
const rangeOf = (slip: Slip | undefined) => (slip ? `${slip.startTime} – ${slip.stopTime ?? ''}` : '');

export function IssueMarker({ issue, fixes, slips, writer, onSaved, onCreated, onDeleted }: Props) {
  const daily = useDailyOptional();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const name = `${issue.kind === 'gap' ? 'Gap' : 'Overlap'} ${stretchText(issue.from, issue.to)}`;
  const nested =
    issue.kind === 'overlap' && issue.inner !== null && issue.outer !== null
      ? `${rangeOf(slips.get(issue.inner))} lies inside ${rangeOf(slips.get(issue.outer))}`
      : null;

  const apply = async (fix: DayFix) => {
    if (busy || !writer) return;
    setBusy(true);
    setMessage(null);
    try {
      // The new slip first: should a later step be refused, no logged minute is lost.
      for (const part of fix.creates) {
        const from = slips.get(part.copyOf)!;
        const values = {
          ...valuesOf(from),
          version: 0,
          startTime: timeText(part.start),
          stopTime: timeText(part.stop),
        };
        const result = await writer.save({ ...from, id: 0, number: 0, version: 0 }, values, true);
        if (!result.queued) onCreated(result.value);
      }
      for (const change of fix.changes) {
        const slip = slips.get(change.id)!;
        const values = {
          ...valuesOf(slip),
          startTime: timeText(change.start),
          stopTime: timeText(change.stop),
        };
        const result = await writer.save(slip, values, false);
        // A queued change shows through the panel's offline merge; a saved one replaces its card.
        if (!result.queued) onSaved(result.value, slip);
      }
      for (const id of fix.deletes) {
        const slip = slips.get(id)!;
        const result = await writer.remove(slip);
        if (!result.queued) onDeleted(slip);
      }
    } catch (error) {
      // Refused (billed case, locked week, changed by someone else): the reason stays at the marker.
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  // A new slip for the gap goes through the one-line entry box, the times filled in, the task left to type.
  const fillNew =
    issue.kind === 'gap' && daily
      ? () => daily.fillQuick(`${compactTime(issue.from)}-${compactTime(issue.to)} `)
      : null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.toLowerCase();
    const fix = fixes.find((f) => f.key === key);
    const action = fix ? () => apply(fix) : key === 'n' && fillNew ? fillNew : null;
    if (!action) return;
    // The key is this marker's: not a global shortcut's, not typed anywhere.
    e.preventDefault();
    e.stopPropagation();
    action();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable group of fixes; a fieldset would not take focus.
    <div
      className="sd-day-issue mb-2 rounded focus-ring"
      data-testid="gap-marker"
      data-kind={issue.kind}
      role="group"
      aria-label={name}
      aria-description={nested ?? undefined}
      aria-keyshortcuts={[...fixes.map((f) => f.key), ...(fillNew ? ['n'] : [])].join(' ')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the one-key fixes answer while the marker has focus.
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="sd-daily-gap mb-1">
        <span>{name}</span>
      </div>
      {nested ? <div className="small text-center text-warning-emphasis mb-1">{nested}</div> : null}
      <div className="d-flex flex-wrap justify-content-center align-items-center gap-1">
        {fixes.map((fix) => (
          <Button
            key={fix.key}
            size="sm"
            variant="outline-secondary"
            className="py-0"
            disabled={busy || !writer}
            aria-keyshortcuts={fix.key}
            onClick={() => apply(fix)}
          >
            {fix.label} <kbd>{fix.key}</kbd>
          </Button>
        ))}
        {fillNew ? (
          <Button
            size="sm"
            variant="outline-secondary"
            className="py-0"
            aria-keyshortcuts="n"
            onClick={fillNew}
          >
            {NEW_SLIP_LABEL} <kbd>n</kbd>
          </Button>
        ) : null}
        {fixes.length === 0 && !fillNew ? <span className="small text-body-secondary">{NO_FIX}</span> : null}
        {busy ? <Spinner size="sm" animation="border" aria-label="Saving" /> : null}
      </div>
      {message ? (
        <div className="small text-danger text-center mt-1" role="alert" data-testid="issue-message">
          {message}
        </div>
      ) : null}
    </div>
  );
}
