// Webhooks for the app: the outbox the areas emit events into (in their change's transaction), the dispatcher that
// sends what it holds, the minute job that frees deliveries a stopped process left half-sent and forgets old ones, and
// the sender (SSRF-checked, time-limited).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import {
  type AttemptOutcome,
  attemptDelivery,
  type DeliverDeps,
  pruneLog,
  sweepDeliveries,
} from './deliver.js';
import { createDispatcher } from './dispatcher.js';
import { WEBHOOK_EVENT_SCHEMAS } from './event-schemas.js';
import { createOutbox, type Outbox } from './outbox.js';
import { createSender } from './send.js';

const SWEEP_JOB = 'webhook.sweep';
/**
 * Up to 50 deliveries sent together (one endpoint that never answers holds one batch for the timeout); a commit wakes
 * the dispatcher at most every 500 ms (a burst of saves is sent in a few batches, not a claim each: the saves keep
 * within 1.1x of their time without webhooks), and it looks by itself every second.
 */
const DISPATCH = { batch: 50, wakeMs: 500, pollMs: 1000 };

export type Webhooks = Outbox & {
  /** One attempt now (the Test button, tests): what became of the delivery. */
  attempt: (deliveryId: number, now?: Date) => Promise<AttemptOutcome>;
  /** Sends what is due soon rather than at the next poll (after a redelivery, an endpoint enabled again). */
  wake: () => void;
  sweep: (now?: Date) => Promise<number>;
  deps: DeliverDeps;
};

export function createWebhooks(
  app: FastifyInstance,
  database: Database,
  config: Pick<Config, 'webhookAllowPrivate' | 'webhookTimeoutSeconds' | 'strictResponses' | 'jobWorkers'>,
): Webhooks {
  const deps: DeliverDeps = {
    database,
    secrets: app.secrets,
    mail: app.mail,
    log: app.log,
    send: createSender({
      allowPrivate: config.webhookAllowPrivate,
      timeoutSeconds: config.webhookTimeoutSeconds,
    }),
    screenUrl: () => `${app.publicBaseUrl()}/admin/webhooks`,
  };
  app.jobs.register(SWEEP_JOB, async () => ({
    freed: await sweepDeliveries(deps),
    forgotten: await pruneLog(deps),
  }));
  app.jobs.schedule(SWEEP_JOB, '* * * * *');
  const dispatcher = createDispatcher(deps, DISPATCH);
  // A process that runs background jobs sends webhooks too (SD6_JOB_WORKERS).
  if (config.jobWorkers) {
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('onClose', () => dispatcher.stop());
  }
  const outbox = createOutbox({
    schemas: WEBHOOK_EVENT_SCHEMAS,
    strict: config.strictResponses,
    log: app.log,
    wake: dispatcher.wake,
  });
  return {
    ...outbox,
    attempt: (deliveryId, now) => attemptDelivery(deps, deliveryId, now),
    wake: dispatcher.wake,
    sweep: (now) => sweepDeliveries(deps, now),
    deps,
  };
}
