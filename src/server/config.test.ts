// Environment parsing: defaults that make `npm start` work bare, and clear messages for bad values.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicBaseUrl, publicUrlWarning } from './config.js';

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

describe('TRUST_PROXY, METRICS_TOKEN and the address of links', () => {
  it('trusts no proxy by default, and takes a hop count, true, or the proxies’ addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('names a TRUST_PROXY that is none of those', () => {
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', 'yes please', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY must be true, false, a hop count/,
      );
    }
  });

  it('wants a METRICS_TOKEN of 16 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });

  it('builds links on PUBLIC_URL, else on the address the server listens on', () => {
    const at = (env: Record<string, string>) => loadConfig(env);
    expect(publicBaseUrl(at({ PUBLIC_URL: 'https://sd6.example.com/' }))).toBe('https://sd6.example.com');
    expect(publicBaseUrl(at({}))).toBe('http://127.0.0.1:3000');
    expect(publicBaseUrl(at({ PORT: '0' }), { address: '127.0.0.1', port: 41234 })).toBe(
      'http://127.0.0.1:41234',
    );
    expect(publicBaseUrl(at({ HOST: '::1', PORT: '8080' }))).toBe('http://[::1]:8080');
    expect(publicBaseUrl(at({ HOST: '0.0.0.0' }))).toBe('http://localhost:3000');
  });

  it('warns at start-up in prod without PUBLIC_URL, and when listening everywhere without it', () => {
    expect(publicUrlWarning(loadConfig({ SD6_ENV: 'prod' }))).toMatch(
      /^PUBLIC_URL is not set: links in mails/,
    );
    expect(
      publicUrlWarning(loadConfig({ SD6_ENV: 'prod', PUBLIC_URL: 'https://sd6.example.com' })),
    ).toBeNull();
    expect(publicUrlWarning(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/HOST listens on every address/);
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
  });
});
