// The monitoring dashboard's figures (GET /api/admin/monitoring): read in-process from the app's own metrics
// registry, so they describe the one process that answered.
export type MonitoringRoute = {
  method: string;
  route: string;
  requests: number;
  /** Estimated from the latency histogram's buckets, as Prometheus' histogram_quantile does; null before any. */
  p50Ms: number | null;
  p95Ms: number | null;
};

export type MonitoringSnapshot = {
  generatedAt: string;
  process: { pid: number; uptimeSeconds: number; nodeVersion: string };
  traffic: {
    requestsLastMinute: number;
    errorsLastMinute: number;
    /** 5xx answers over all answers of the last minute (0–1); null without requests. */
    errorRateLastMinute: number | null;
    requestsTotal: number;
    errorsTotal: number;
  };
  /** The busiest routes since the process started, most requests first. */
  routes: MonitoringRoute[];
  eventLoop: {
    lagMeanMs: number | null;
    lagP50Ms: number | null;
    lagP99Ms: number | null;
    lagMaxMs: number | null;
  };
  memory: { heapUsedBytes: number | null; heapTotalBytes: number | null; rssBytes: number | null };
  database: { kind: 'postgres' | 'embedded'; total: number; idle: number; waiting: number; max: number };
  /** Background jobs by state; null when the queue's tables do not exist yet. */
  jobs: { waiting: number; active: number; failed: number } | null;
};
