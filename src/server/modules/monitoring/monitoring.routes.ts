// GET /api/admin/monitoring: the monitoring dashboard's figures, administrators only. They describe the process that
// answered; /metrics serves the same registry to Prometheus.
import type { FastifyInstance } from 'fastify';
import { monitoringSnapshotSchema } from '../../../shared/schemas/monitoring.js';
import type { Database } from '../../db/client.js';
import { administratorsOnly } from '../../platform/auth.js';
import type { Metrics } from '../../platform/metrics.js';
import { monitoringSnapshot } from './monitoring.service.js';

export function monitoringRoutes(app: FastifyInstance, database: Database, metrics: Metrics): void {
  app.get(
    '/api/admin/monitoring',
    { schema: { response: { 200: monitoringSnapshotSchema } }, preValidation: administratorsOnly },
    async () => monitoringSnapshot(metrics, database),
  );
}
