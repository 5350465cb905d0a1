// buildApp(deps) -> Fastify instance; main.ts listens with it, tests call it with app.inject.

import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { DOCUMENT_MAX_BYTES } from '../shared/schemas/document.js';
import { type Config, publicBaseUrl, publicUrlWarning, type TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { AREAS } from './modules/areas.js';
import { pageProfile } from './modules/user/index.js';
import type { AreaContext, AreaOptions } from './platform/area.js';
import { installAuth } from './platform/auth.js';
import { installCompression } from './platform/compression.js';
import { installErrorHandlers } from './platform/errors.js';
import { healthRoutes } from './platform/health.js';
import { historyRoutes } from './platform/history.js';
import { createJobs, type Jobs } from './platform/jobs.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { installMetrics } from './platform/metrics.js';
import { installOpenApi, openApiRoutes } from './platform/openapi.js';
import { createSecretBox, type SecretBox, secretKeyMaterial } from './platform/secret-box.js';
import { installSecurity } from './platform/security.js';
import { responseSerializer } from './platform/serializer.js';
import { cookieName, type SessionPolicy } from './platform/sessions.js';
import { installClient } from './platform/static.js';
import { installJsonDepthLimit, validateRequestPart } from './platform/validation.js';
import { createWebhooks, type Webhooks } from './platform/webhooks/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: { method: string; url: string; public: boolean }[];
    /** The origin of links in mails and the SSO redirect: PUBLIC_URL, else the address this server listens on. */
    publicBaseUrl: () => string;
    /** The background job queue (platform/jobs.ts). */
    jobs: Jobs;
    /** Outgoing mail (platform/mail.ts). */
    mail: Mailer;
    /** Seals secrets kept in the database (platform/secret-box.ts). */
    secrets: SecretBox;
    /** Webhooks: events written in the change's transaction and their signed deliveries (platform/webhooks). */
    webhooks: Webhooks;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Folder of the built client (dist/client); omitted in API tests. */
  clientDir?: string;
  logger?: boolean;
  /** What the areas let a caller replace (the report area: where exports read a report; tests give their own). */
  options?: AreaOptions;
};

// Never log secrets: credentials in bodies are not logged at all; headers that carry them are redacted.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
];

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count becomes a function of the hop: this Fastify refuses a bare number
 * (it trusts nothing then), and the count is what an operator behind a fixed chain of load balancers knows.
 */
function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return trust > 0 ? (_address: string, hop: number) => hop < trust : false;
  return trust;
}

/** Readable, coloured lines for a terminal; loaded only then (JSON lines need nothing). */
async function prettyStream() {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' });
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(config.prettyLogs ? { stream: await prettyStream() } : {}),
          },
    logController: new LogController({ disableRequestLogging: !config.requestLogs }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    // Off unless TRUST_PROXY names the proxies: request.ip (rate limits, sessions, log lines) is then the peer's.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // Every route registered, so tests can sweep them all (e.g. the CSRF rule on every non-GET route).
  const routeTable: { method: string; url: string; public: boolean }[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('publicBaseUrl', () => {
    const address = app.server.listening ? app.server.address() : null;
    return publicBaseUrl(config, typeof address === 'object' ? address : null);
  });
  const warning = publicUrlWarning(config);
  if (warning) app.addHook('onReady', async () => app.log.warn(warning));
  const jobs = createJobs(database, app.log, { workers: config.jobWorkers });
  app.decorate('jobs', jobs);
  app.decorate('mail', createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom }, jobs, database.pool));
  // Mail is queued inside its sender's transaction, which on the embedded database holds the one connection: the
  // queue must be running before the first request.
  if (config.smtpUrl) app.addHook('onReady', () => jobs.start());
  app.decorate('secrets', createSecretBox(await secretKeyMaterial(config)));
  app.decorate('webhooks', createWebhooks(app, database, config));
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onRoute', (route) => {
    const isPublic = Boolean((route.config as { public?: boolean } | undefined)?.public);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, public: isPublic });
  });
  installJsonDepthLimit(app);
  app.setValidatorCompiler(validateRequestPart);
  app.setSerializerCompiler(responseSerializer(config.strictResponses));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Request-Id', request.id);
    return payload;
  });

  const policy: SessionPolicy = {
    idleMinutes: config.sessionIdleMinutes,
    maxHours: config.sessionMaxHours,
    secureCookies: config.secureCookies,
  };
  await app.register(fastifyCookie);
  await installCompression(app);
  // Uploads (documents): one file of up to 25 MB after at most 20 short text fields. Routes read the parts as a
  // stream (platform/multipart.ts); nothing is buffered or written to disk by the plugin.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: DOCUMENT_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 10 * 1024,
      parts: 21,
      headerPairs: 50,
    },
  });
  // Before every route: it collects the routes' schemas for the OpenAPI document.
  await installOpenApi(app, cookieName(policy), {
    strictStatuses: config.strictResponses,
    tokenRateLimit: config.tokenRateLimit,
  });
  installErrorHandlers(app, { explainResponseErrors: config.strictResponses });
  installSecurity(app, { secureCookies: config.secureCookies });
  const metrics = installMetrics(app, database, config.metricsToken);
  installAuth(app, database, policy, config.tokenRateLimit);
  healthRoutes(app, database);

  // Every area of modules/areas.ts registers its routes and jobs, in the list's order.
  const context: AreaContext = {
    database,
    config,
    timeZone: config.timeZone,
    policy,
    metrics,
    options: deps.options ?? {},
    areas: AREAS,
  };
  for (const area of AREAS) area.register(app, context);
  historyRoutes(app, database);
  openApiRoutes(app);

  await installClient(app, {
    clientDir: deps.clientDir ?? '',
    environment: config.environment,
    alt: config.alt,
    timeZone: config.timeZone,
    pageProfile: (request) => pageProfile(database.pool, policy, request),
  });
  return app;
}
