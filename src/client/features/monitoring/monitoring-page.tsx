// Resources → Monitoring Dashboard (administrators): the app's own metrics, read by the process that answers, every
// 10 seconds while the tab is visible.
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { pathFor } from '../../../shared/routes';
import type { MonitoringSnapshot } from '../../../shared/schemas/monitoring';
import { apiGet } from '../../api/http';
import { ListTable } from '../../ui';

export const REFRESH_MS = 10_000;

const number = (n: number) => n.toLocaleString('en-US');

export function formatDuration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${seconds % 60}s`;
  return `${seconds}s`;
}

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024).toFixed(0)} kB`;
}

const msText = (value: number | null) =>
  value === null ? '—' : `${value < 100 ? value.toFixed(1) : number(Math.round(value))} ms`;
const percent = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toFixed(value < 0.1 ? 2 : 1)}%`;

function Figure({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div className="col-6 col-md-4 col-xl-2">
      <Card className="sd-card h-100">
        <Card.Body className="py-2 px-3">
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-5 fw-semibold" data-testid={testId}>
            {value}
          </div>
          {detail ? <div className="small text-body-secondary">{detail}</div> : null}
        </Card.Body>
      </Card>
    </div>
  );
}

function Figures({ data }: { data: MonitoringSnapshot }) {
  const { traffic, eventLoop, memory, database, jobs } = data;
  return (
    <div className="row g-2 mb-3">
      <Figure
        label="Uptime"
        value={formatDuration(data.process.uptimeSeconds)}
        detail={`pid ${data.process.pid}`}
        testId="mon-uptime"
      />
      <Figure
        label="Requests per minute"
        value={number(traffic.requestsLastMinute)}
        detail={`${number(traffic.requestsTotal)} since start`}
        testId="mon-rpm"
      />
      <Figure
        label="Error rate (5xx)"
        value={percent(traffic.errorRateLastMinute)}
        detail={`${number(traffic.errorsLastMinute)} last minute, ${number(traffic.errorsTotal)} since start`}
        testId="mon-errors"
      />
      <Figure
        label="Event-loop lag"
        value={msText(eventLoop.lagP99Ms)}
        detail={`p99; p50 ${msText(eventLoop.lagP50Ms)}`}
        testId="mon-lag"
      />
      <Figure
        label="Memory (RSS)"
        value={formatBytes(memory.rssBytes)}
        detail={`heap ${formatBytes(memory.heapUsedBytes)} of ${formatBytes(memory.heapTotalBytes)}`}
        testId="mon-memory"
      />
      <Figure
        label="Database pool"
        value={`${database.total - database.idle} of ${database.max} busy`}
        detail={`${database.idle} idle, ${database.waiting} waiting · ${database.kind === 'embedded' ? 'embedded' : 'PostgreSQL'}`}
        testId="mon-pool"
      />
      {jobs ? (
        <Figure
          label="Background jobs"
          value={`${number(jobs.waiting)} waiting`}
          detail={`${number(jobs.active)} running, ${number(jobs.failed)} failed`}
          testId="mon-jobs"
        />
      ) : null}
    </div>
  );
}

function Routes({ data }: { data: MonitoringSnapshot }) {
  return (
    <Card className="sd-card mb-3">
      <Card.Header>Busiest routes since start (API and pages)</Card.Header>
      {/* A long route may make the table wider than a phone: it scrolls sideways and says so, as every list does. */}
      <ListTable>
        <table className="table table-sm mb-0" data-testid="mon-routes">
          <thead>
            <tr>
              <th scope="col">Route</th>
              <th scope="col" className="text-end">
                Requests
              </th>
              <th scope="col" className="text-end">
                p50
              </th>
              <th scope="col" className="text-end">
                p95
              </th>
            </tr>
          </thead>
          <tbody>
            {data.routes.length === 0 ? (
              <tr>
                <td colSpan={4} className="text-body-secondary">
                  No requests yet.
                </td>
              </tr>
            ) : (
              data.routes.map((r) => (
                <tr key={`${r.method} ${r.route}`}>
                  <td className="text-break sd-cell-min">
                    <span className="text-body-secondary small me-1">{r.method}</span>
                    <code>{r.route}</code>
                  </td>
                  <td className="text-end">{number(r.requests)}</td>
                  <td className="text-end text-nowrap">{msText(r.p50Ms)}</td>
                  <td className="text-end text-nowrap">{msText(r.p95Ms)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ListTable>
    </Card>
  );
}

export function MonitoringPage() {
  const query = useQuery({
    queryKey: ['admin-monitoring'],
    queryFn: ({ signal }) => apiGet<MonitoringSnapshot>('/api/admin/monitoring', { signal }),
    // TanStack Query pauses the interval while the tab is hidden and refetches on return.
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  const updated = query.data ? new Date(query.data.generatedAt).toLocaleTimeString('en-US') : null;
  return (
    <>
      <div className="sd-page-head flex-wrap">
        <h1 className="h4 mb-0">Monitoring Dashboard</h1>
        <Link to={pathFor('monitoring_docs')} className="btn btn-sm btn-outline-secondary">
          How to monitor SD6
        </Link>
      </div>
      <p className="text-body-secondary small">
        Figures of the app process that answered, refreshed every 10 seconds while this tab is shown
        {updated ? ` (last ${updated})` : ''}. With several app processes each has its own figures: this page
        shows one of them. For all of them, and for history and alerts, scrape <code>/metrics</code>, the
        Prometheus endpoint of every process.
      </p>
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {query.isError && !query.data ? <Alert variant="danger">{query.error.message}</Alert> : null}
      {query.isError && query.data ? (
        <Alert variant="warning">
          The last refresh failed: {query.error.message} The figures below are older.
        </Alert>
      ) : null}
      {query.data ? (
        <>
          <Figures data={query.data} />
          <Routes data={query.data} />
        </>
      ) : null}
    </>
  );
}
