// The monitoring dashboard's figures (GET /api/admin/monitoring): read in-process from the app's own metrics
// registry, so they describe the one process that answered.
import { z } from 'zod';

const ms = (what: string) =>
  z.number().nullable().describe(`${what}, in milliseconds; null when not measured yet.`);
const bytes = (what: string) => z.number().nullable().describe(`${what}, in bytes; null when not measured.`);

export const monitoringRouteSchema = z.object({
  method: z.string(),
  route: z.string().describe('The route pattern, e.g. /api/manage/case/:id.'),
  requests: z.number().int(),
  /** Estimated from the latency histogram's buckets, as Prometheus' histogram_quantile does; null before any. */
  p50Ms: ms('Median latency, estimated from the histogram buckets'),
  p95Ms: ms('95th percentile latency, estimated from the histogram buckets'),
});
export type MonitoringRoute = z.infer<typeof monitoringRouteSchema>;

export const monitoringSnapshotSchema = z.object({
  generatedAt: z.string().describe('ISO time of the snapshot.'),
  process: z.object({ pid: z.number().int(), uptimeSeconds: z.number().int(), nodeVersion: z.string() }),
  traffic: z.object({
    requestsLastMinute: z.number().int(),
    errorsLastMinute: z.number().int().describe('5xx answers of the last minute.'),
    errorRateLastMinute: z
      .number()
      .nullable()
      .describe('5xx answers over all answers of the last minute (0-1); null without requests.'),
    requestsTotal: z.number().int().describe('Since the process started.'),
    errorsTotal: z.number().int().describe('5xx answers since the process started.'),
  }),
  routes: z
    .array(monitoringRouteSchema)
    .describe('The busiest routes since the process started, most requests first.'),
  eventLoop: z.object({
    lagMeanMs: ms('Mean event loop lag'),
    lagP50Ms: ms('Median event loop lag'),
    lagP99Ms: ms('99th percentile event loop lag'),
    lagMaxMs: ms('Largest event loop lag'),
  }),
  memory: z.object({
    heapUsedBytes: bytes('Heap used'),
    heapTotalBytes: bytes('Heap size'),
    rssBytes: bytes('Resident set size'),
  }),
  database: z.object({
    kind: z.enum(['postgres', 'embedded']).describe('A PostgreSQL server, or the embedded PGlite database.'),
    total: z.number().int().describe('Connections open.'),
    idle: z.number().int(),
    waiting: z.number().int().describe('Queries waiting for a connection.'),
    max: z.number().int().describe('The pool size.'),
  }),
  jobs: z
    .object({ waiting: z.number().int(), active: z.number().int(), failed: z.number().int() })
    .nullable()
    .describe("Background jobs by state; null when the queue's tables do not exist yet."),
});
export type MonitoringSnapshot = z.infer<typeof monitoringSnapshotSchema>;
