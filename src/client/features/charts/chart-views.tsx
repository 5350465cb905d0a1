// The five charts of Manage → Charts, drawn with recharts (this module is only in the charts page's chunk). Time is
// plotted in hours and always written h:mm (axes, tooltips, tables); devices are counts.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ChartsResponse } from '../../../shared/charts';
import { formatHours } from '../../../shared/format/figures';
import { formatDecimal } from '../../../shared/format/number';
import { ChartCard } from './chart-card';
import { axisDay, displayDay } from './chart-period';

export const NO_TIME = 'No time logged in this period.';
export const NO_WORK_IN_PROGRESS = 'No work in progress in this period.';
export const NO_DEVICES = 'No active devices.';

const COLORS = {
  support: '#0d6efd',
  project: '#198754',
  billable: '#6f42c1',
  nonBillable: '#6c757d',
  organizations: '#0d6efd',
  wip: '#fd7e14',
  devices: '#0dcaf0',
  aging: '#ffc107',
  old: '#dc3545',
  unknown: '#adb5bd',
};

const hours = (minutes: number) => minutes / 60;
/** Minutes as h:mm, the hours grouped by thousands ("1,250:30"): the one hours formatter of every figure. */
export const hoursText = (minutes: number): string => formatHours(minutes);
/** An hours value of the chart (axis tick, tooltip) as h:mm. */
const hm = (value: unknown) => hoursText(Number(value) * 60);
const GRID = <CartesianGrid strokeDasharray="3 3" vertical={false} />;
const MARGIN = { top: 4, right: 8, bottom: 0, left: 0 };
const WEEK_AXIS = <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={8} />;
// The axis is as wide as its longest label ("1,200:00" needs more room than "8:00").
const HOURS_AXIS = <YAxis tickFormatter={hm} allowDecimals={false} width="auto" tick={{ fontSize: 12 }} />;
// Series in the order drawn (support before project), not alphabetical.
const LEGEND = <Legend itemSorter={null} />;

type Week = ChartsResponse['weeks'][number];
const weekRow = (w: Week) => ({ label: axisDay(w.week), week: w.week });
const sunday = (monday: string) => {
  const d = new Date(`${monday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 6);
  return d.toISOString().slice(0, 10);
};

type WeekSeries = { key: 'support' | 'project' | 'billable' | 'nonBillable'; name: string; color: string };

/** Two kinds of a week's time stacked in one bar per week, with their table under "Show data". */
function StackedWeeks(props: { title: string; weeks: Week[]; series: [WeekSeries, WeekSeries] }) {
  const { weeks, series } = props;
  const total = (w: Week) => w[series[0].key] + w[series[1].key];
  const data = weeks.map((w) => ({
    ...weekRow(w),
    ...Object.fromEntries(series.map((s) => [s.key, hours(w[s.key])])),
  }));
  return (
    <ChartCard
      title={props.title}
      empty={weeks.every((w) => total(w) === 0) ? NO_TIME : null}
      height={260}
      chart={
        <ResponsiveContainer>
          <BarChart data={data} margin={MARGIN} accessibilityLayer={false}>
            {GRID}
            {WEEK_AXIS}
            {HOURS_AXIS}
            <Tooltip formatter={hm} />
            {LEGEND}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} stackId="week" fill={s.color} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      data={{
        columns: ['Week of', ...series.map((s) => s.name), 'Total'],
        rows: weeks.map((w) => ({
          key: w.week,
          cells: [displayDay(w.week), ...series.map((s) => hoursText(w[s.key])), hoursText(total(w))],
        })),
      }}
    />
  );
}

/** Case time per week: support (blue) and project (green) stacked. */
export function HoursPerWeek({ weeks }: { weeks: Week[] }) {
  return (
    <StackedWeeks
      title="Hours per week"
      weeks={weeks}
      series={[
        { key: 'support', name: 'Support', color: COLORS.support },
        { key: 'project', name: 'Project', color: COLORS.project },
      ]}
    />
  );
}

/** Billable case time against no-charge case time and bucket time, per week, stacked. */
export function BillablePerWeek({ weeks }: { weeks: Week[] }) {
  return (
    <StackedWeeks
      title="Billable vs non-billable"
      weeks={weeks}
      series={[
        { key: 'billable', name: 'Billable', color: COLORS.billable },
        { key: 'nonBillable', name: 'Non-billable', color: COLORS.nonBillable },
      ]}
    />
  );
}

const NAME_CHARS = 17;
const shortName = (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);

/** An organization's name beside its bar: one line, shortened (the table under "Show data" has it whole). */
function NameTick(props: { x?: number | string; y?: number | string; payload?: { value: string } }) {
  return (
    <text x={props.x} y={props.y} dy={4} textAnchor="end" fontSize={12} fill="#495057">
      {shortName(props.payload?.value ?? '')}
    </text>
  );
}

/** The organizations with the most case time, as horizontal bars, most first. */
export function TopOrganizations({ organizations }: { organizations: ChartsResponse['topOrganizations'] }) {
  const data = organizations.map((o) => ({ name: o.name, hours: hours(o.minutes) }));
  return (
    <ChartCard
      title="Top organizations by hours"
      empty={organizations.length === 0 ? NO_TIME : null}
      height={40 + 30 * organizations.length}
      chart={
        <ResponsiveContainer>
          <BarChart data={data} layout="vertical" margin={MARGIN} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={hm} allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="name" width={150} tick={<NameTick />} interval={0} />
            <Tooltip formatter={hm} />
            <Bar dataKey="hours" name="Hours" fill={COLORS.organizations} />
          </BarChart>
        </ResponsiveContainer>
      }
      data={{
        columns: ['Organization', 'Hours'],
        rows: organizations.map((o) => ({ key: String(o.id), cells: [o.name, hoursText(o.minutes)] })),
      }}
    />
  );
}

/** Unbilled finished time at the end of each week. */
export function WipTrend({ trend }: { trend: ChartsResponse['wipTrend'] }) {
  const data = trend.map((w) => ({ label: axisDay(sunday(w.week)), hours: hours(w.minutes) }));
  return (
    <ChartCard
      title="Work in progress"
      empty={trend.every((w) => w.minutes === 0) ? NO_WORK_IN_PROGRESS : null}
      height={260}
      chart={
        <ResponsiveContainer>
          <LineChart data={data} margin={MARGIN} accessibilityLayer={false}>
            {GRID}
            {WEEK_AXIS}
            {HOURS_AXIS}
            <Tooltip formatter={hm} />
            <Line dataKey="hours" name="Unbilled" stroke={COLORS.wip} strokeWidth={2} dot={{ r: 3 }} />
          </LineChart>
        </ResponsiveContainer>
      }
      data={{
        columns: ['Week ending', 'Unbilled'],
        rows: trend.map((w) => ({
          key: w.week,
          cells: [displayDay(sunday(w.week)), hoursText(w.minutes)],
        })),
      }}
    />
  );
}

/** The bands past replacement age stand out, as in the device-age report. */
const bandColor = (label: string) =>
  label === '5+ years'
    ? COLORS.old
    : label === '4–5 years'
      ? COLORS.aging
      : label === 'Unknown'
        ? COLORS.unknown
        : COLORS.devices;

/** "1–2 years" → "1–2" under a bar (a phone has room for seven short labels); the heading says they are years. */
const shortBand = (label: string) => label.replace(/ years?$/, '');

/** Active devices by age band. */
export function DeviceAge({ bands }: { bands: ChartsResponse['deviceAge'] }) {
  return (
    <ChartCard
      title="Device age (years)"
      empty={bands.every((b) => b.count === 0) ? NO_DEVICES : null}
      height={260}
      chart={
        <ResponsiveContainer>
          <BarChart data={bands} margin={MARGIN} accessibilityLayer={false}>
            {GRID}
            <XAxis dataKey="label" tickFormatter={shortBand} tick={{ fontSize: 12 }} interval={0} />
            <YAxis
              allowDecimals={false}
              tickFormatter={(v) => formatDecimal(v)}
              width="auto"
              tick={{ fontSize: 12 }}
            />
            <Tooltip />
            <Bar dataKey="count" name="Devices">
              {bands.map((b) => (
                <Cell key={b.label} fill={bandColor(b.label)} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      data={{
        columns: ['Age', 'Devices'],
        rows: bands.map((b) => ({ key: b.label, cells: [b.label, formatDecimal(b.count)] })),
      }}
    />
  );
}
