// The charts' period picker: a preset (last 4, 12, 26 or 52 weeks) or days chosen in From and To. The date fields
// show the period on screen until a day is chosen; choosing one keeps the other end where it was.
import { CHART_PERIODS } from '../../../shared/charts';
import { FormField } from '../../ui';
import { DateFilter } from '../records/date-filter';
import { type ChartParams, CUSTOM, presetOf } from './chart-period';

export const PERIOD_LABELS = { weeks: 'Period', from: 'From', to: 'To' } as const;

const OPTIONS = [
  ...CHART_PERIODS.map((p) => ({ value: p.value, label: p.label })),
  { value: CUSTOM, label: 'Custom' },
];

export function ChartPeriodPicker(props: {
  params: ChartParams;
  set: (changes: Record<string, string | null>) => void;
  /** The period the charts show (MM/dd/yyyy), once known. */
  shown: { from: string; to: string } | null;
}) {
  const { params, set, shown } = props;
  const preset = presetOf(params);
  const custom = preset === CUSTOM;
  // In the fields: the days chosen, else the period shown.
  const day = (end: 'from' | 'to') => params[end] || (custom ? '' : (shown?.[end] ?? ''));
  const choose = (end: 'from' | 'to', value: string | null) => {
    const other = end === 'from' ? 'to' : 'from';
    set({ weeks: null, [end]: value, [other]: params[other] || (value ? (shown?.[other] ?? null) : null) });
  };
  return (
    <form
      className="row g-2 align-items-start sd-filters"
      onSubmit={(e) => e.preventDefault()}
      aria-label="Chart period"
    >
      <div className="col-sm-6 col-md-4 col-xl-3">
        <FormField label={PERIOD_LABELS.weeks} name="weeks" id="f-weeks" className="mb-0">
          <select
            id="f-weeks"
            name="weeks"
            className="form-select"
            value={preset}
            onChange={(e) => {
              const v = e.target.value;
              if (v === CUSTOM) set({ weeks: null, from: day('from') || null, to: day('to') || null });
              else set({ weeks: v, from: null, to: null });
            }}
          >
            {OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className="col-6 col-md-3 col-xl-2">
          <DateFilter
            label={PERIOD_LABELS[end]}
            name={end}
            value={day(end)}
            onChange={(v) => choose(end, v)}
          />
        </div>
      ))}
    </form>
  );
}
