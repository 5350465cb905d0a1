// The daily panel's slip list: a new slip on top, slip cards sorted by start, gap and overlap markers (each with
// its one-key fixes) and overlap warnings.
import { Fragment, useMemo } from 'react';
import { formatTimeOfDay, parseTimeOfDay } from '../../../shared/format/time-of-day';
import type { Slip, SlipFormOptions } from '../../../shared/schemas/slip';
import { IssueMarker } from '../day-fixes/issue-marker';
import type { Pending } from '../offline/queue-logic';
import { SlipCard, type SlipCardProps, type SlipWriter } from './slip-card';
import { dayIssues, gapLength, gapsAfter, NO_SLIPS, OVERLAP_WARNING, overlaps } from './slip-logic';

type Props = {
  slips: Slip[];
  newSlip: Slip | null;
  formOptions: SlipFormOptions;
  onSaved: (saved: Slip, previous: Slip | null) => void;
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
  onNewCancelled,
  handlers,
  writer,
  pending,
}: Props) {
  const gaps = useMemo(() => gapsAfter(slips), [slips]);
  const issues = useMemo(() => dayIssues(slips), [slips]);
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
      {slips.map((slip, i) => (
        <Fragment key={slip.id}>
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
          {issues.has(slip.id) ? (
            <IssueMarker issue={issues.get(slip.id)!} writer={writer} onSaved={onSaved} />
          ) : gaps.has(slip.id) ? (
            <div className="sd-daily-gap" data-testid="gap-marker" role="note">
              <span>
                Gap
                {gapLength(slips, i) ? ` ${gapLength(slips, i)}` : slip.stopTime ? '' : ': no end time'}
              </span>
            </div>
          ) : null}
        </Fragment>
      ))}
    </div>
  );
}
