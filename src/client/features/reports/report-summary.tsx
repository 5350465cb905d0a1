// The top of a report: what it covers (filters in words, period, organization), its figures as cards with a tone,
// the chart, and the notices (e.g. a disclaimer) as text.
import type { ReportFigure, ReportResponse } from '../../../shared/reports';
import { ReportChartView } from './report-charts';

const TONES: Record<NonNullable<ReportFigure['tone']>, { accent: string; text: string }> = {
  good: { accent: 'var(--bs-success)', text: 'text-success-emphasis' },
  warning: { accent: 'var(--bs-warning)', text: 'text-warning-emphasis' },
  bad: { accent: 'var(--bs-danger)', text: 'text-danger-emphasis' },
};

export function FigureCard({ figure }: { figure: ReportFigure }) {
  const tone = figure.tone ? TONES[figure.tone] : null;
  return (
    <div
      className="card h-100"
      style={{ borderLeft: `4px solid ${tone?.accent ?? 'var(--bs-gray-400)'}` }}
      data-tone={figure.tone ?? 'none'}
    >
      <div className="card-body py-2 px-3">
        <div className="small text-body-secondary">{figure.label}</div>
        {/* A long amount ("$509,285.98") is set smaller rather than broken across lines. */}
        <div
          className={`${figure.value.length > 9 ? 'fs-5' : 'fs-4'} fw-semibold text-nowrap ${tone?.text ?? ''}`.trim()}
        >
          {figure.value}
        </div>
      </div>
    </div>
  );
}

export function ReportSummary({ report }: { report: ReportResponse }) {
  const { figures, chart } = report.summary;
  return (
    <section aria-label="Summary" className="mb-3">
      <p className="small text-body-secondary mb-2" data-testid="report-scope">
        {report.organization ? <strong className="text-body">{report.organization.label} · </strong> : null}
        {report.filtersText}
        {report.period && !report.filtersText.includes(report.period.from)
          ? ` · Period ${report.period.from} – ${report.period.to}`
          : null}
      </p>
      {/* Sized by the room the report has, not the window's width: beside an open daily panel a 1280 px window
          leaves a report 700 px, where four cards a row broke "$514,064.70" over three lines. */}
      <div className="sd-report-summary">
        {figures.length > 0 ? (
          <div className="sd-report-figures">
            {figures.map((f) => (
              <FigureCard key={f.label} figure={f} />
            ))}
          </div>
        ) : null}
        {chart && chart.data.length > 0 ? (
          <div className="sd-report-chart">
            <div className="card h-100">
              <div className="card-body py-2 px-3">
                <ReportChartView chart={chart} />
              </div>
            </div>
          </div>
        ) : null}
      </div>
      {report.notices.map((n) => (
        <aside key={n.title} className="alert alert-secondary small mt-3 mb-0" aria-label={n.title}>
          <div className="fw-semibold">{n.title}</div>
          <div className="sd-history-value">{n.body}</div>
        </aside>
      ))}
    </section>
  );
}
