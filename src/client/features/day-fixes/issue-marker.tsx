// The marker between two slips of the daily panel that names their gap or overlap and fixes it with one key.
import { type KeyboardEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { formatTimeOfDay } from '../../../shared/format/time-of-day';
import type { Slip } from '../../../shared/schemas/slip';
import { useDailyOptional } from '../slips/daily-state';
import { saveSlip } from '../slips/slip-api';
import type { SlipWriter } from '../slips/slip-card';
import { compactTime, type DayFix, type DayIssue, fixesOf, issueSpan, valuesOf } from '../slips/slip-logic';

export const NEW_SLIP_LABEL = 'New slip';

type Props = {
  issue: DayIssue;
  /** The panel's writer (version-checked, idempotent, offline queue); straight to the server without one. */
  writer?: SlipWriter;
  onSaved: (saved: Slip, previous: Slip) => void;
};

export function IssueMarker({ issue, writer, onSaved }: Props) {
  const daily = useDailyOptional();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const fixes = fixesOf(issue);
  const name = `${issue.kind === 'gap' ? 'Gap' : 'Overlap'} ${issueSpan(issue)}`;

  const apply = async (fix: DayFix) => {
    if (busy) return;
    const values = {
      ...valuesOf(fix.slip),
      startTime: formatTimeOfDay(fix.start),
      stopTime: fix.stop === null ? '' : formatTimeOfDay(fix.stop),
    };
    setBusy(true);
    setMessage(null);
    try {
      const result = writer
        ? await writer.save(fix.slip, values, false)
        : { queued: false as const, value: await saveSlip(fix.slip.id, values) };
      // A queued change shows through the panel's offline merge; a saved one replaces its card.
      if (!result.queued) onSaved(result.value, fix.slip);
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
      aria-keyshortcuts={[...fixes.map((f) => f.key), ...(fillNew ? ['n'] : [])].join(' ')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the one-key fixes answer while the marker has focus.
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="sd-daily-gap mb-1">
        <span>{name}</span>
      </div>
      <div className="d-flex flex-wrap justify-content-center align-items-center gap-1">
        {fixes.map((fix) => (
          <Button
            key={fix.key}
            size="sm"
            variant="outline-secondary"
            className="py-0"
            disabled={busy}
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
