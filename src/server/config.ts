// Environment parsing (ARCHITECTURE §5): one typed config object, clear messages for bad values.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The company's time zone when SD6_TIMEZONE is not set. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const bool = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./var/data'),
  SD6_ENV: z.enum(['dev', 'design', 'staging', 'prod']).default('dev'),
  SD6_ALT: bool.default(false),
  SD6_TIMEZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'SD6_TIMEZONE must be an IANA time zone such as America/New_York'),
  SD6_ADMIN_EMAIL: z.string().email().optional(),
  SD6_ADMIN_PASSWORD: z.string().min(12).max(128).optional(),
  SD6_DEMO: bool.optional(),
  SD6_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  SD6_SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  SD6_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  SD6_TOKEN_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1, 'SD6_TOKEN_RATE_LIMIT must be at least 1 call a minute')
    .max(100_000)
    .default(600),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).max(254).optional(),
  SD6_SECRET_KEY: z.string().min(32, 'SD6_SECRET_KEY must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
        return z.NEVER;
      }
      return parsed;
    }),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SD6_STRICT_RESPONSES: bool.optional(),
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  SD6_JOB_WORKERS: bool.optional(),
  SD6_WEBHOOK_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'SD6_WEBHOOK_TIMEOUT_SECONDS must be 1 to 30')
    .max(30, 'SD6_WEBHOOK_TIMEOUT_SECONDS must be 1 to 30')
    .default(10),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  environment: 'dev' | 'design' | 'staging' | 'prod';
  alt: boolean;
  timeZone: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  dbPoolSize: number;
  /** Calls a minute one personal API token may make (RateLimit-Policy "token"); past it, 429 until the minute ends. */
  tokenRateLimit: number;
  smtpUrl: string | undefined;
  /** The From of every mail the app sends. */
  smtpFrom: string;
  /**
   * Key material for secrets kept in the database (the single sign-on client secret, authenticator secrets).
   * Unset: a random key kept in DATA_DIR (platform/secret-box.ts). Several processes on one PostgreSQL need it set.
   */
  secretKey: string | undefined;
  /** The address users reach, for links in mails and the SSO redirect; unset: see publicBaseUrl. */
  publicUrl: string | undefined;
  /**
   * Which peers may tell the client's address (X-Forwarded-For) and protocol: false (none, the default), a hop
   * count, or the proxies' addresses and CIDRs. Fastify's trustProxy (app.ts); every request.ip follows it.
   */
  trustProxy: TrustProxy;
  /** Bearer token a scraper sends to /metrics; unset: /metrics answers only calls from this machine. */
  metricsToken: string | undefined;
  /**
   * Development and tests: a response holding a field its documented schema does not describe fails the call (it
   * would otherwise be left out silently), so every test proves the OpenAPI document describes what is sent.
   */
  strictResponses: boolean;
  /**
   * Webhooks may be sent to private, loopback and link-local addresses (and over plain http to those only). Off:
   * such endpoints are refused when saved and every delivery's resolved address is checked again (SSRF).
   */
  webhookAllowPrivate: boolean;
  /** This process runs background jobs (on); off: it queues them for other processes and answers requests only. */
  jobWorkers: boolean;
  /** Seconds a webhook endpoint has to answer (10). */
  webhookTimeoutSeconds: number;
  secureCookies: boolean;
  logLevel: string;
  /**
   * Readable logs for a person at a terminal (dev on a TTY): pretty lines, and no line per request unless LOG_LEVEL
   * was set. Otherwise JSON lines, the production format.
   */
  prettyLogs: boolean;
  /** Fastify's per-request lines (incoming, completed). */
  requestLogs: boolean;
};

export class ConfigError extends Error {}

export type TrustProxy = boolean | number | string[];

const TRUST_PROXY_HELP =
  "TRUST_PROXY must be true, false, a hop count (1, 2, …) or the proxies' addresses and CIDRs, comma-separated (10.0.0.5,10.1.0.0/16, loopback)";
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy: an address, a CIDR (address/bits) or one of proxy-addr's names. */
function proxyEntry(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = '', bits, extra] = value.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/** TRUST_PROXY as Fastify takes it, or null when it is none of the accepted forms. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', 'off', 'no', '0'].includes(value)) return false;
  if (['true', 'on', 'yes'].includes(value)) return true;
  if (/^\d+$/.test(value)) return Number(value) <= 32 ? Number(value) : null;
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(proxyEntry) ? entries : null;
}

/**
 * The origin links are built on: PUBLIC_URL, else the address this server listens on (`listening`, its bound
 * address once it listens; HOST and PORT before). Never a request's Host or X-Forwarded-* headers: a client could
 * point a mailed password-reset link at its own site.
 */
export function publicBaseUrl(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  listening?: { address: string; port: number } | null,
): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host = WILDCARD_HOSTS.has(config.host) ? 'localhost' : config.host;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${listening?.port ?? config.port}`;
}
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** The start-up warning when links in mails would carry an address users may not reach; null when all is well. */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'host' | 'environment'>): string | null {
  if (config.publicUrl) return null;
  if (config.environment === 'prod')
    return `PUBLIC_URL is not set: links in mails (password resets) and the single sign-on redirect use ${publicBaseUrl({ ...config, port: 0 }).replace(/:0$/, '')}, the address this server listens on, which users behind a load balancer cannot reach. Set PUBLIC_URL to the address users reach (https://…).`;
  if (WILDCARD_HOSTS.has(config.host))
    return 'PUBLIC_URL is not set and HOST listens on every address: links in mails use localhost. Set PUBLIC_URL to the address users reach.';
  return null;
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal = Boolean(process.stdout.isTTY),
): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.SD6_ADMIN_EMAIL) !== Boolean(e.SD6_ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  Set both SD6_ADMIN_EMAIL and SD6_ADMIN_PASSWORD, or neither.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    environment: e.SD6_ENV,
    alt: e.SD6_ALT,
    timeZone: e.SD6_TIMEZONE,
    adminEmail: e.SD6_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.SD6_ADMIN_PASSWORD,
    demo: e.SD6_DEMO ?? e.SD6_ENV === 'dev',
    sessionIdleMinutes: e.SD6_SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SD6_SESSION_MAX_HOURS,
    dbPoolSize: e.SD6_DB_POOL_SIZE,
    tokenRateLimit: e.SD6_TOKEN_RATE_LIMIT,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? 'SD6 <no-reply@sd6.local>',
    secretKey: e.SD6_SECRET_KEY,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    strictResponses: e.SD6_STRICT_RESPONSES ?? false,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false,
    jobWorkers: e.SD6_JOB_WORKERS ?? true,
    webhookTimeoutSeconds: e.SD6_WEBHOOK_TIMEOUT_SECONDS,
    secureCookies: e.PUBLIC_URL?.startsWith('https:') ?? false,
    logLevel: e.LOG_LEVEL ?? 'info',
    prettyLogs: e.SD6_ENV === 'dev' && terminal,
    requestLogs: !(e.SD6_ENV === 'dev' && terminal) || e.LOG_LEVEL !== undefined,
  };
}
