// The summary's small charts, drawn with plain SVG (no chart library for two shapes): a donut and horizontal bars.
// Each names itself and lists its numbers as text, so nothing is only in the picture.
import { useId } from 'react';
import { chartValueText, formatShare } from '../../../shared/format/figures';
import type { ReportChart } from '../../../shared/reports';

type Datum = ReportChart['data'][number];
/** A chart's title, data and what the values count (hours or numbers, which decides how they are written). */
type ChartProps = { title: string; data: Datum[]; unit?: ReportChart['unit'] };

const TONE_COLORS: Record<string, string> = {
  good: 'var(--bs-success)',
  warning: 'var(--bs-warning)',
  bad: 'var(--bs-danger)',
  neutral: 'var(--bs-secondary)',
};
// Data without a tone take these in turn.
const PALETTE = ['var(--bs-primary)', 'var(--bs-info)', '#6f42c1', '#fd7e14', '#20c997', '#d63384'];

export function chartColor(datum: Datum, index: number): string {
  return (datum.tone && TONE_COLORS[datum.tone]) || PALETTE[index % PALETTE.length]!;
}

const share = (value: number, total: number) => (total > 0 ? formatShare(value / total) : '');

function Legend({ unit, data, total }: Omit<ChartProps, 'title'> & { total: number }) {
  return (
    <ul className="list-unstyled small mb-0">
      {data.map((d, i) => (
        <li key={d.label} className="d-flex align-items-center gap-2">
          <svg width="10" height="10" aria-hidden="true" focusable="false">
            <rect width="10" height="10" rx="2" fill={chartColor(d, i)} />
          </svg>
          <span>{d.label}</span>
          <span className="ms-auto fw-semibold">{chartValueText(unit, d.value)}</span>
          {total > 0 ? <span className="text-body-secondary">({share(d.value, total)})</span> : null}
        </li>
      ))}
    </ul>
  );
}

const RADIUS = 45;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function DonutChart({ title, data, unit }: ChartProps) {
  const id = useId();
  const total = data.reduce((sum, d) => sum + Math.max(0, d.value), 0);
  let offset = 0;
  const words = data.map((d) => `${d.label}: ${chartValueText(unit, d.value)}`).join(', ');
  return (
    <figure className="mb-0 d-flex flex-wrap align-items-center gap-3" aria-labelledby={`${id}-t`}>
      <svg width="120" height="120" viewBox="0 0 120 120" role="img" aria-labelledby={`${id}-t ${id}-d`}>
        <title id={`${id}-d`}>{words}</title>
        <circle cx="60" cy="60" r={RADIUS} fill="none" stroke="var(--bs-gray-200)" strokeWidth="18" />
        {total > 0
          ? data.map((d, i) => {
              const length = (Math.max(0, d.value) / total) * CIRCUMFERENCE;
              const segment = (
                <circle
                  key={d.label}
                  cx="60"
                  cy="60"
                  r={RADIUS}
                  fill="none"
                  stroke={chartColor(d, i)}
                  strokeWidth="18"
                  strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                  strokeDashoffset={-offset}
                  transform="rotate(-90 60 60)"
                />
              );
              offset += length;
              return segment;
            })
          : null}
        <text x="60" y="65" textAnchor="middle" fontSize="16" fontWeight="600" fill="currentColor">
          {chartValueText(unit, total)}
        </text>
      </svg>
      <div className="flex-grow-1" style={{ minWidth: '10rem' }}>
        <figcaption id={`${id}-t`} className="fw-semibold small mb-1">
          {title}
        </figcaption>
        <Legend unit={unit} data={data} total={total} />
      </div>
    </figure>
  );
}

export function BarChart({ title, data, unit }: ChartProps) {
  const id = useId();
  const max = data.reduce((m, d) => Math.max(m, d.value), 0);
  const texts = data.map((d) => chartValueText(unit, d.value));
  const row = barRow(texts);
  return (
    <figure className="mb-0" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} className="fw-semibold small mb-1">
        {title}
      </figcaption>
      <ul className="list-unstyled small mb-0">
        {data.map((d, i) => {
          const width = max > 0 ? (Math.max(0, d.value) / max) * 100 : 0;
          return (
            <li key={d.label} className="d-grid align-items-center gap-2 sd-bar-row" style={row}>
              <span className="text-truncate" title={d.label}>
                {d.label}
              </span>
              <svg width="100%" height="14" aria-hidden="true" focusable="false">
                <rect width="100%" height="14" rx="2" fill="var(--bs-gray-200)" />
                {width > 0 ? <rect width={`${width}%`} height="14" rx="2" fill={chartColor(d, i)} /> : null}
              </svg>
              <span className="text-end text-nowrap fw-semibold">{texts[i]}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

// The value column is as wide as the longest figure ("$52,212.50") in every row: the bars line up and a figure never
// breaks over two lines.
const barRow = (texts: string[]) => ({
  gridTemplateColumns: `minmax(5rem, 35%) 1fr ${Math.max(4, ...texts.map((t) => t.length))}ch`,
});

export function ReportChartView({ chart }: { chart: ReportChart }) {
  return chart.kind === 'donut' ? (
    <DonutChart title={chart.title} data={chart.data} unit={chart.unit} />
  ) : (
    <BarChart title={chart.title} data={chart.data} unit={chart.unit} />
  );
}
