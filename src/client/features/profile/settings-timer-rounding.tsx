// The own settings' "Timer rounding": a stopped timer's slip is rounded up to 1, 5 (default) or 30 minutes.
import { TIMER_ROUNDING_OPTIONS } from '../../../shared/schemas/timer';
import { Select } from '../../ui';

export const TIMER_ROUNDING_LABEL = 'Timer rounding';

type Props = {
  value: number | null | undefined;
  onChange: (v: number) => void;
  errors: string[] | undefined;
  readOnly: boolean;
};

export function TimerRoundingField({ value, onChange, errors, readOnly }: Props) {
  return (
    <div className="row g-x-3">
      <div className="col-sm-6">
        <Select
          label={TIMER_ROUNDING_LABEL}
          name="timerRounding"
          required
          readOnly={readOnly}
          options={TIMER_ROUNDING_OPTIONS}
          value={value ?? null}
          onChange={(v) => onChange(Number(v))}
          errors={errors}
          hint={readOnly ? undefined : 'A stopped timer’s slip is rounded up to this.'}
        />
      </div>
    </div>
  );
}
