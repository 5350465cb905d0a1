// The dashboard's figures from prom-client's registry (the same numbers /metrics serves), the pool and the queue.
import type { MetricObjectWithValues, MetricValue, Registry } from 'prom-client';
import type { MonitoringRoute, MonitoringSnapshot } from '../../../shared/schemas/monitoring.js';
import type { Database } from '../../db/client.js';
import type { Metrics } from '../../platform/metrics.js';

const BUSIEST = 10;
const ASSETS = '/build/';

type Bucket = { le: number; count: number };

/** The q-quantile of a cumulative histogram, interpolated inside its bucket (Prometheus' histogram_quantile). */
export function histogramQuantile(q: number, buckets: Bucket[]): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted[sorted.length - 1]?.count ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const bucket of sorted) {
    if (bucket.count >= rank) {
      // Beyond the last finite bound nothing is known but the bound itself.
      if (!Number.isFinite(bucket.le)) return lowerBound;
      const inBucket = bucket.count - lowerCount;
      if (inBucket === 0) return bucket.le;
      return lowerBound + (bucket.le - lowerBound) * ((rank - lowerCount) / inBucket);
    }
    lowerBound = bucket.le;
    lowerCount = bucket.count;
  }
  return lowerBound;
}

const byName = (metrics: MetricObjectWithValues<MetricValue<string>>[], name: string) =>
  metrics.find((m) => m.name === name);

function single(metrics: MetricObjectWithValues<MetricValue<string>>[], name: string): number | null {
  const value = byName(metrics, name)?.values[0]?.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const ms = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 1000 * 100) / 100);

function busiestRoutes(metrics: MetricObjectWithValues<MetricValue<string>>[]): MonitoringRoute[] {
  const histogram = byName(metrics, 'sd6_http_request_duration_seconds');
  const routes = new Map<string, { method: string; route: string; count: number; buckets: Bucket[] }>();
  for (const value of histogram?.values ?? []) {
    const labels = value.labels as Record<string, string | number>;
    const key = `${labels.method} ${labels.route}`;
    let entry = routes.get(key);
    if (!entry) {
      entry = { method: String(labels.method), route: String(labels.route), count: 0, buckets: [] };
      routes.set(key, entry);
    }
    const name = (value as { metricName?: string }).metricName ?? '';
    if (name.endsWith('_bucket')) {
      entry.buckets.push({
        le: labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le),
        count: value.value,
      });
    } else if (name.endsWith('_count')) entry.count = value.value;
  }
  return (
    [...routes.values()]
      // The built client's files are each a route of their own: many, fast and alike, they would crowd the list.
      .filter((r) => !r.route.startsWith(ASSETS))
      .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route))
      .slice(0, BUSIEST)
      .map((r) => ({
        method: r.method,
        route: r.route,
        requests: r.count,
        p50Ms: ms(histogramQuantile(0.5, r.buckets)),
        p95Ms: ms(histogramQuantile(0.95, r.buckets)),
      }))
  );
}

function totals(metrics: MetricObjectWithValues<MetricValue<string>>[]) {
  let requestsTotal = 0;
  let errorsTotal = 0;
  for (const value of byName(metrics, 'sd6_http_requests_total')?.values ?? []) {
    requestsTotal += value.value;
    if (Number(value.labels.status) >= 500) errorsTotal += value.value;
  }
  return { requestsTotal, errorsTotal };
}

/** Background jobs waiting (created or retrying), running and failed; null while pg-boss has no tables. */
async function jobCounts(database: Database): Promise<MonitoringSnapshot['jobs']> {
  try {
    const { rows } = await database.pool.query<{ state: string; count: number }>(
      'SELECT state::text AS state, count(*)::int AS count FROM pgboss.job GROUP BY state',
    );
    const count = (...states: string[]) =>
      rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + r.count, 0);
    return { waiting: count('created', 'retry'), active: count('active'), failed: count('failed') };
  } catch {
    return null;
  }
}

async function readRegistry(registry: Registry) {
  return (await registry.getMetricsAsJSON()) as MetricObjectWithValues<MetricValue<string>>[];
}

export async function monitoringSnapshot(metrics: Metrics, database: Database): Promise<MonitoringSnapshot> {
  const all = await readRegistry(metrics.registry);
  const recent = metrics.recent.lastMinute();
  const { pool } = database;
  return {
    generatedAt: new Date().toISOString(),
    process: { pid: process.pid, uptimeSeconds: Math.round(process.uptime()), nodeVersion: process.version },
    traffic: {
      requestsLastMinute: recent.requests,
      errorsLastMinute: recent.errors,
      errorRateLastMinute: recent.requests > 0 ? recent.errors / recent.requests : null,
      ...totals(all),
    },
    routes: busiestRoutes(all),
    eventLoop: {
      lagMeanMs: ms(single(all, 'nodejs_eventloop_lag_mean_seconds')),
      lagP50Ms: ms(single(all, 'nodejs_eventloop_lag_p50_seconds')),
      lagP99Ms: ms(single(all, 'nodejs_eventloop_lag_p99_seconds')),
      lagMaxMs: ms(single(all, 'nodejs_eventloop_lag_max_seconds')),
    },
    memory: {
      heapUsedBytes: single(all, 'nodejs_heap_size_used_bytes'),
      heapTotalBytes: single(all, 'nodejs_heap_size_total_bytes'),
      rssBytes: single(all, 'process_resident_memory_bytes'),
    },
    database: {
      kind: database.kind,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    },
    jobs: await jobCounts(database),
  };
}
