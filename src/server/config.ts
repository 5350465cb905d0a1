// Environment parsing (ARCHITECTURE §5): one typed config object, clear messages for bad values.
import { resolve } from 'node:path';
import { z } from 'zod';

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
    .default('America/New_York')
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
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).max(254).optional(),
  SD6_SECRET_KEY: z.string().min(32, 'SD6_SECRET_KEY must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
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
  smtpUrl: string | undefined;
  /** The From of every mail the app sends. */
  smtpFrom: string;
  /**
   * Key material for secrets kept in the database (the single sign-on client secret, authenticator secrets).
   * Unset: a random key kept in DATA_DIR (platform/secret-box.ts). Several processes on one PostgreSQL need it set.
   */
  secretKey: string | undefined;
  publicUrl: string | undefined;
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
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM ?? 'SD6 <no-reply@sd6.local>',
    secretKey: e.SD6_SECRET_KEY,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith('https:') ?? false,
    logLevel: e.LOG_LEVEL ?? 'info',
    prettyLogs: e.SD6_ENV === 'dev' && terminal,
    requestLogs: !(e.SD6_ENV === 'dev' && terminal) || e.LOG_LEVEL !== undefined,
  };
}
