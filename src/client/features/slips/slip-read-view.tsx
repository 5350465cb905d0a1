// The read-only body of a slip card: abbreviated how/where and the multiplier label (SPEC §2 "Daily panel"), the
// actual time and the billable time, whose rule is explained behind a small info button (reachable by keyboard).
import { useId, useState } from 'react';
import { minutesToHmm } from '../../../shared/format/duration';
import type { Slip } from '../../../shared/schemas/slip';
import { abbreviate } from './slip-logic';

type Props = { slip: Slip; duration: string; warnings?: string[] };

function Cell({
  label,
  value,
  title,
  testId,
}: {
  label: string;
  value: string;
  title?: string;
  testId?: string;
}) {
  return (
    <div className="sd-slip-cell">
      <div className="sd-slip-cell-label">{label}</div>
      <div className="sd-slip-cell-value" title={title} data-testid={testId}>
        {value || '\u00a0'}
      </div>
    </div>
  );
}

/** The billable time and the button that shows how it was worked out. */
function BillableCell({
  slip,
  open,
  onToggle,
  explanationId,
}: {
  slip: Slip;
  open: boolean;
  onToggle: () => void;
  explanationId: string;
}) {
  const explanation = slip.billing?.explanation;
  return (
    <div className="sd-slip-cell">
      <div className="sd-slip-cell-label">Billable</div>
      <div className="sd-slip-cell-value" data-testid="slip-billable">
        {slip.billableMinutes == null ? '\u00a0' : minutesToHmm(slip.billableMinutes)}
        {explanation ? (
          <button
            type="button"
            className="btn btn-link btn-sm p-0 ms-1 align-baseline lh-1 sd-slip-billing-info"
            aria-label="How the billable time was worked out"
            aria-expanded={open}
            aria-controls={explanationId}
            title={explanation}
            onClick={onToggle}
          >
            {/* A letter, not an info symbol: not every system font has one. */}
            <span aria-hidden="true" className="badge rounded-pill text-bg-light border fw-semibold">
              i
            </span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

export function SlipReadView({ slip, duration, warnings }: Props) {
  const [explaining, setExplaining] = useState(false);
  const explanationId = useId();
  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the explanation the info button opened */}
      <div
        className="sd-slip-cells"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && explaining) {
            e.stopPropagation();
            setExplaining(false);
          }
        }}
      >
        <Cell label="Start" value={slip.startTime} />
        <Cell label="End" value={slip.stopTime ?? ''} />
        <Cell label="Date" value={slip.date} />
        <Cell label="Time" value={duration} testId="slip-time" />
        <Cell label="How" value={abbreviate(slip.how)} title={slip.how?.label} />
        <Cell label="Where" value={abbreviate(slip.where)} title={slip.where?.label} />
        <Cell label="Multi" value={slip.rateMultiplier?.label ?? ''} />
        <Cell label="Biller" value={slip.user?.label ?? ''} />
        <BillableCell
          slip={slip}
          open={explaining}
          onToggle={() => setExplaining((o) => !o)}
          explanationId={explanationId}
        />
      </div>
      {explaining && slip.billing?.explanation ? (
        <div
          id={explanationId}
          className="small text-body-secondary sd-slip-billing"
          data-testid="slip-billing-explanation"
        >
          Billable time: {slip.billing.explanation}
        </div>
      ) : null}
      {slip.comment ? <div className="sd-slip-comment">{slip.comment}</div> : null}
      {warnings?.length ? (
        <div className="form-text text-warning-emphasis" role="status" data-testid="slip-warning">
          {warnings.map((w) => (
            <div key={w}>{w}</div>
          ))}
        </div>
      ) : null}
    </>
  );
}
