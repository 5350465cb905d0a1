// The daily panel's slip list: a new slip on top, slip cards sorted by start, the day's gap and overlap markers (each
// with its one-key fixes) before the slip they lead to, a note after a slip with no end, and overlap warnings.
import { Fragment, useMemo } from 'react';
import { type DayIssue, fixesOf } from '../../../shared/day-intervals';
import { formatTimeOfDay, parseTimeOfDay } from '../../../shared/format/time-of-day';
import type { Slip, SlipFormOptions } from '../../../shared/schemas/slip';
import { IssueMarker } from '../day-fixes/issue-marker';
import type { Pending } from '../offline/queue-logic';
import { SlipCard, type SlipCardProps, type SlipWriter } from './slip-card';
import { dayModelOf, NO_SLIPS, OVERLAP_WARNING, overlaps } from './slip-logic';

type Props = {
  slips: Slip[];
  newSlip: Slip | null;
  formOptions: SlipFormOptions;
  onSaved: (saved: Slip, previous: Slip | null) => void;
  /** A slip a fix created (the second part of a split); without it, as a saved new slip. */
  onCreated?: (saved: Slip) => void;
  onNewCancelled: () => void;
  handlers: Pick<SlipCardProps, 'onDeleted' | 'onEditRequest' | 'onMove' | 'onCopy'>;
  writer?: SlipWriter;
  /** Display id → its change waiting in the offline queue. */
  pending?: ReadonlyMap<number, Pending>;
};

const short = (time: string | null) => {
  const m = time ? parseTimeOfDay(time) : null;
  return m === null ? '' : formatTimeOfDay(m);
};

export function DailySlipList({
  slips,
  newSlip,
  formOptions,
  onSaved,
  onCreated,
  onNewCancelled,
  handlers,
  writer,
  pending,
}: Props) {
  const model = useMemo(() => dayModelOf(slips), [slips]);
  // A gap's marker stands before the slip that ends it, an overlap's before the later of its two slips.
  const markersBefore = useMemo(() => {
    const found = new Map<number, DayIssue[]>();
    for (const issue of [...model.gaps, ...model.overlaps]) {
      const id = issue.kind === 'gap' ? issue.next : issue.second;
      found.set(id, [...(found.get(id) ?? []), issue]);
    }
    return found;
  }, [model]);
  const overlapping = useMemo(() => overlaps(slips), [slips]);
  const byId = useMemo(() => new Map(slips.map((s) => [s.id, s])), [slips]);
  const warningsOf = (slip: Slip) => {
    const others = overlapping.get(slip.id);
    if (!others?.length) return undefined;
    const ranges = others
      .map((id) => byId.get(id))
      .filter((s) => s !== undefined)
      .map((s) => `${short(s.startTime)}${s.stopTime ? ` - ${short(s.stopTime)}` : ''}`);
    return [`${OVERLAP_WARNING} (${ranges.join(', ')}).`];
  };

  if (slips.length === 0 && !newSlip) {
    return <p className="text-body-secondary my-3 sd-daily-empty">{NO_SLIPS}</p>;
  }
  return (
    <div className="sd-daily-slips">
      {newSlip ? (
        <SlipCard
          key={`new-${newSlip.taskId}`}
          slip={newSlip}
          formOptions={formOptions}
          isNew
          onSaved={(saved) => onSaved(saved, null)}
          onCancel={onNewCancelled}
          writer={writer}
          onQueued={onNewCancelled}
        />
      ) : null}
      {slips.map((slip) => (
        <Fragment key={slip.id}>
          {markersBefore.get(slip.id)?.map((issue) => (
            <IssueMarker
              key={issue.kind === 'gap' ? `gap-${issue.previous}-${issue.from}` : `overlap-${issue.first}`}
              issue={issue}
              fixes={fixesOf(model, issue)}
              slips={byId}
              writer={writer}
              onSaved={onSaved}
              onCreated={onCreated ?? ((saved) => onSaved(saved, null))}
              onDeleted={(deleted) => handlers.onDeleted?.(deleted)}
            />
          ))}
          <SlipCard
            key={`${slip.id}-${slip.version}`}
            slip={slip}
            formOptions={formOptions}
            warnings={warningsOf(slip)}
            onSaved={onSaved}
            {...handlers}
            writer={writer}
            pending={pending?.get(slip.id)}
          />
          {slip.stopTime ? null : (
            <div className="sd-daily-gap" data-testid="gap-marker" role="note">
              <span>Gap: no end time</span>
            </div>
          )}
        </Fragment>
      ))}
    </div>
  );
}
