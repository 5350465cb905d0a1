// buildApp(deps) -> Fastify instance; main.ts listens with it, tests call it with app.inject.

import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { DOCUMENT_MAX_BYTES } from '../shared/schemas/document.js';
import { type Config, publicBaseUrl, publicUrlWarning, type TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { agreementRoutes } from './modules/agreement/agreement.routes.js';
import { agreementServiceRoutes } from './modules/agreement/agreement-service.routes.js';
import { amendmentRoutes } from './modules/agreement/amendment.routes.js';
import { agreementDocumentRoutes } from './modules/agreement-document/agreement-document.routes.js';
import { amendmentSettingsRoutes } from './modules/amendment-settings/amendment-settings.routes.js';
import { amendmentTypeRoutes } from './modules/amendment-type/amendment-type.routes.js';
import { apiTokenRoutes } from './modules/api-token/api-token.routes.js';
import { forgotPasswordRoutes } from './modules/auth/forgot-password.routes.js';
import { loginRoutes } from './modules/auth/login.routes.js';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.js';
import { bucketCategoryRoutes } from './modules/bucket-category/bucket-category.routes.js';
import { calendarRoutes } from './modules/calendar/calendar.routes.js';
import { caseRoutes } from './modules/case/case.routes.js';
import { chartsRoutes } from './modules/charts/charts.routes.js';
import { departmentRoutes } from './modules/department/department.routes.js';
import { deviceCategoryRoutes } from './modules/device-category/device-category.routes.js';
import { deviceStatusRoutes } from './modules/device-status/device-status.routes.js';
import { documentationRoutes } from './modules/documentation/docs.routes.js';
import { equipmentRoutes } from './modules/equipment/equipment.routes.js';
import { fileImportRoutes } from './modules/file-import/file-import.routes.js';
import { fileManagerRoutes } from './modules/file-manager/file-manager.routes.js';
import { jobRoutes } from './modules/jobs/jobs.routes.js';
import { languageSettingsRoutes } from './modules/language-settings/language-settings.routes.js';
import { mailCatcherRoutes } from './modules/mail-catcher/mail-catcher.routes.js';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.js';
import { noticeRoutes } from './modules/notice/notice.routes.js';
import { opportunityRoutes } from './modules/opportunity/opportunity.routes.js';
import { opportunityWinRoutes } from './modules/opportunity/win.routes.js';
import { opportunityDocumentRoutes } from './modules/opportunity-document/opportunity-document.routes.js';
import { organizationRoutes } from './modules/organization/organization.routes.js';
import { outageRoutes } from './modules/outage/outage.routes.js';
import { outageAssignmentRoutes } from './modules/outage-assignment/outage-assignment.routes.js';
import { outageTypeRoutes } from './modules/outage-type/outage-type.routes.js';
import { personRoutes } from './modules/person/person.routes.js';
import { proposalRoutes } from './modules/proposal/proposal.routes.js';
import { quickEntryRoutes } from './modules/quick-entry/quick-entry.routes.js';
import { billingRoutes } from './modules/report/billing/billing.routes.js';
import { reportRoutes } from './modules/report/engine/report.routes.js';
import { openReport } from './modules/report/engine/report-source.js';
import { reportExportRoutes } from './modules/report/exports/export.routes.js';
import type { OpenReport } from './modules/report/exports/export-format.js';
import { reportHistoryRoutes } from './modules/report/history/history.routes.js';
import { securityPackRoutes } from './modules/report/security-pack/security-pack.routes.js';
import { requiredUploadRoutes } from './modules/required-upload/required-upload.routes.js';
import { rmmSettingsRoutes } from './modules/rmm-settings/rmm-settings.routes.js';
import { salesSettingsRoutes } from './modules/sales-settings/sales-settings.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { serviceTypeRoutes } from './modules/service-type/service-type.routes.js';
import { cardPrintRoutes } from './modules/slip/card-print.routes.js';
import { slipRoutes } from './modules/slip/slip.routes.js';
import { taskSlipRoutes } from './modules/slip/task-slip.routes.js';
import { softwareRoutes } from './modules/software/software.routes.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { staffSecurityRoutes } from './modules/staff-security/staff-security.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { taskRoutes } from './modules/task/task.routes.js';
import { timerRoutes } from './modules/timer/timer.routes.js';
import { timesheetRoutes } from './modules/timesheet/timesheet.routes.js';
import { untrackedRoutes } from './modules/untracked/untracked.routes.js';
import { profileRoutes } from './modules/user/profile.routes.js';
import { registerUserHistory } from './modules/user/user.history.js';
import { installAuth } from './platform/auth.js';
import { installErrorHandlers } from './platform/errors.js';
import { healthRoutes } from './platform/health.js';
import { historyRoutes } from './platform/history.js';
import { createJobs, type Jobs } from './platform/jobs.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { installMetrics } from './platform/metrics.js';
import { installOpenApi, openApiRoutes } from './platform/openapi.js';
import { createSecretBox, type SecretBox, secretKeyMaterial } from './platform/secret-box.js';
import { installSecurity } from './platform/security.js';
import { cookieName, type SessionPolicy } from './platform/sessions.js';
import { installClient } from './platform/static.js';
import { installJsonDepthLimit, validateRequestPart } from './platform/validation.js';

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
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  /** Folder of the built client (dist/client); omitted in API tests. */
  clientDir?: string;
  logger?: boolean;
  /** Where report exports and security packs read a report (report-source.ts; tests give one of their own). */
  openReport?: OpenReport;
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
  const jobs = createJobs(database, app.log);
  app.decorate('jobs', jobs);
  app.decorate('mail', createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom }, jobs, database.pool));
  // Mail is queued inside its sender's transaction, which on the embedded database holds the one connection: the
  // queue must be running before the first request.
  if (config.smtpUrl) app.addHook('onReady', () => jobs.start());
  app.decorate('secrets', createSecretBox(await secretKeyMaterial(config)));
  app.addHook('onClose', () => jobs.stop());
  app.addHook('onRoute', (route) => {
    const isPublic = Boolean((route.config as { public?: boolean } | undefined)?.public);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, public: isPublic });
  });
  installJsonDepthLimit(app);
  app.setValidatorCompiler(validateRequestPart);
  app.setSerializerCompiler(serializerCompiler);
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
  await installOpenApi(app, cookieName(policy));
  installErrorHandlers(app);
  installSecurity(app, { secureCookies: config.secureCookies });
  const metrics = installMetrics(app, database, config.metricsToken);
  installAuth(app, database, policy);
  healthRoutes(app, database);

  registerUserHistory();
  loginRoutes(app, database, policy);
  ssoRoutes(app, database, policy, config);
  twoFactorRoutes(app, database, policy);
  forgotPasswordRoutes(app, database, config);
  mailCatcherRoutes(app, database, config);
  profileRoutes(app, database, config.timeZone);
  staffRoutes(app, database, config.timeZone);
  staffSecurityRoutes(app, database, config);
  apiTokenRoutes(app, database);
  organizationRoutes(app, database, config.timeZone);
  equipmentRoutes(app, database, config.timeZone);
  agreementRoutes(app, database, config.timeZone);
  agreementServiceRoutes(app, database, config.timeZone);
  amendmentRoutes(app, database, config.timeZone);
  deviceCategoryRoutes(app, database, config.timeZone);
  deviceStatusRoutes(app, database, config.timeZone);
  outageTypeRoutes(app, database, config.timeZone);
  outageRoutes(app, database, config.timeZone);
  outageAssignmentRoutes(app, database, config.timeZone);
  personRoutes(app, database, config.timeZone);
  softwareRoutes(app, database, config.timeZone);
  systemRoutes(app, database, config.timeZone);
  departmentRoutes(app, database, config.timeZone);
  bucketCategoryRoutes(app, database, config.timeZone);
  serviceTypeRoutes(app, database, config.timeZone);
  amendmentTypeRoutes(app, database, config.timeZone);
  amendmentSettingsRoutes(app, database, config.timeZone);
  salesSettingsRoutes(app, database, config.timeZone);
  noticeRoutes(app, database, config.timeZone);
  requiredUploadRoutes(app, database, config.timeZone);
  rmmSettingsRoutes(app, database, config.timeZone);
  languageSettingsRoutes(app, database, config.timeZone);
  jobRoutes(app, database, config.sessionIdleMinutes);
  fileManagerRoutes(app, database);
  caseRoutes(app, database, config.timeZone);
  taskRoutes(app, database, config.timeZone);
  slipRoutes(app, database, config.timeZone);
  untrackedRoutes(app, database, config.timeZone);
  calendarRoutes(app, database);
  timesheetRoutes(app, database);
  taskSlipRoutes(app, database);
  timerRoutes(app, database, config.timeZone);
  quickEntryRoutes(app, database);
  cardPrintRoutes(app, database, config.timeZone);
  agreementDocumentRoutes(app, database, config.timeZone);
  opportunityRoutes(app, database, config.timeZone);
  opportunityDocumentRoutes(app, database, config.timeZone);
  proposalRoutes(app, database, config.timeZone);
  opportunityWinRoutes(app, database, config.timeZone);
  reportHistoryRoutes(app, database, config.timeZone);
  reportRoutes(app, database, config.timeZone);
  billingRoutes(app, database, config.timeZone);
  chartsRoutes(app, database, config.timeZone);
  const reports = { openReport: deps.openReport ?? openReport };
  reportExportRoutes(app, database, config.timeZone, reports);
  securityPackRoutes(app, database, config.timeZone, reports);
  fileImportRoutes(app, database, config.timeZone);
  historyRoutes(app, database);
  searchRoutes(app, database);
  documentationRoutes(app);
  monitoringRoutes(app, database, metrics);
  openApiRoutes(app);

  await installClient(app, {
    clientDir: deps.clientDir ?? '',
    environment: config.environment,
    alt: config.alt,
    timeZone: config.timeZone,
  });
  return app;
}
