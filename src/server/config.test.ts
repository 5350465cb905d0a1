// Environment parsing: defaults that make `npm start` work bare, and clear messages for bad values.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      environment: 'dev',
      demo: true,
      sessionIdleMinutes: 60,
      sessionMaxHours: 12,
      secureCookies: false,
    });
    expect(c.dataDir).toMatch(/var\/data$/);
  });

  it('turns the demo off outside dev unless asked, and secures cookies for https', () => {
    expect(loadConfig({ SD6_ENV: 'prod' }).demo).toBe(false);
    expect(loadConfig({ SD6_ENV: 'prod', SD6_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://sd6.example.com' }).secureCookies).toBe(true);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'x', SD6_ENV: 'qa', SD6_TIMEZONE: 'Mars/Base' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'x', SD6_ENV: 'qa', SD6_TIMEZONE: 'Mars/Base' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('SD6_ENV');
      expect(message).toContain('SD6_TIMEZONE must be an IANA time zone');
    }
  });

  it('logs readable lines without a line per request at a dev terminal; JSON lines with requests otherwise', () => {
    expect(loadConfig({}, true)).toMatchObject({ prettyLogs: true, requestLogs: false, logLevel: 'info' });
    expect(loadConfig({ LOG_LEVEL: 'info' }, true)).toMatchObject({ prettyLogs: true, requestLogs: true });
    expect(loadConfig({ LOG_LEVEL: 'debug' }, true)).toMatchObject({ requestLogs: true, logLevel: 'debug' });
    expect(loadConfig({}, false)).toMatchObject({ prettyLogs: false, requestLogs: true });
    expect(loadConfig({ SD6_ENV: 'prod' }, true)).toMatchObject({ prettyLogs: false, requestLogs: true });
  });

  it('needs both admin variables or neither', () => {
    expect(() => loadConfig({ SD6_ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /both SD6_ADMIN_EMAIL and SD6_ADMIN_PASSWORD/,
    );
  });
});
