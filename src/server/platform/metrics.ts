// Prometheus metrics: request counts and latency by route, event-loop lag, process figures, the database pool.
// /metrics serves them for a scraper (with METRICS_TOKEN, or from this machine); the monitoring dashboard reads the
// same registry in-process.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.js';
import { body } from './errors.js';

/** Requests and server errors of the last minute, in one-second slots (counters only ever grow). */
export class RecentTraffic {
  private readonly slots = new Array<{ second: number; requests: number; errors: number }>(60);
  constructor(private readonly now: () => number = Date.now) {
    for (let i = 0; i < 60; i += 1) this.slots[i] = { second: -1, requests: 0, errors: 0 };
  }
  record(status: number): void {
    const second = Math.floor(this.now() / 1000);
    const slot = this.slots[second % 60]!;
    if (slot.second !== second) {
      slot.second = second;
      slot.requests = 0;
      slot.errors = 0;
    }
    slot.requests += 1;
    if (status >= 500) slot.errors += 1;
  }
  /** Requests and 5xx answers within the last 60 seconds. */
  lastMinute(): { requests: number; errors: number } {
    const since = Math.floor(this.now() / 1000) - 59;
    let requests = 0;
    let errors = 0;
    for (const slot of this.slots) {
      if (slot.second >= since) {
        requests += slot.requests;
        errors += slot.errors;
      }
    }
    return { requests, errors };
  }
}

export type Metrics = { registry: Registry; recent: RecentTraffic };

export const METRICS_REFUSED =
  'Metrics are for a scraper: send METRICS_TOKEN as a Bearer token, or call from the server itself when no token is set.';

/**
 * Who may read /metrics (route names, counts, latency, memory): with METRICS_TOKEN set, a call bearing it; without,
 * only a call from this machine's loopback address. The address is request.ip, so behind a trusted proxy
 * (TRUST_PROXY) it is the client's, and a proxy on the same machine does not open /metrics to everyone.
 */
function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return isLoopback(request.ip);
  const header = request.headers.authorization ?? '';
  const sent = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/** `token`: METRICS_TOKEN (config.ts). */
export function installMetrics(app: FastifyInstance, database?: Database, token?: string): Metrics {
  const registry = new Registry();
  const recent = new RecentTraffic();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: 'sd6_http_requests_total',
    help: 'HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'sd6_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern and method',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  if (database) {
    const { pool } = database;
    new Gauge({
      name: 'sd6_db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting = queries queued for a connection)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'sd6_db_pool_max',
      help: 'Largest number of connections the database pool opens',
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids would make the label set unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    recent.record(reply.statusCode);
  });
  app.get('/metrics', async (request, reply) => {
    if (!metricsAllowed(request, token)) {
      if (token) reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return reply.status(token ? 401 : 403).send(body(token ? 'LOGIN' : 'FORBIDDEN', METRICS_REFUSED));
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return { registry, recent };
}
