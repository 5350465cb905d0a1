// The read-only body of a slip card: abbreviated how/where and the multiplier label (SPEC §2 "Daily panel").
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

export function SlipReadView({ slip, duration, warnings }: Props) {
  return (
    <>
      <div className="sd-slip-cells">
        <Cell label="Start" value={slip.startTime} />
        <Cell label="End" value={slip.stopTime ?? ''} />
        <Cell label="Date" value={slip.date} />
        <Cell label="Time" value={duration} testId="slip-time" />
        <Cell label="How" value={abbreviate(slip.how)} title={slip.how?.label} />
        <Cell label="Where" value={abbreviate(slip.where)} title={slip.where?.label} />
        <Cell label="Multi" value={slip.rateMultiplier?.label ?? ''} />
        <Cell label="Biller" value={slip.user?.label ?? ''} />
      </div>
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
