// `npm run bench web`: delivery speed of the built app. Prints the JavaScript and CSS the /login and /manage/case/
// screens load before their largest paint (raw, gzip -9, brotli q11, and what went over the wire), then in Chromium throttled like a mid-range
// phone (Lighthouse's slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up; CPU 4x slower) the p50 first contentful
// paint and largest contentful paint of fresh page loads, each against a bare page served by the same static code.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { installClient } from '../src/server/platform/static.js';
import { FIRST_SCREEN_BUDGET_GZIP, FIRST_SCREENS_FILE } from '../src/shared/first-screens.js';
import { percentile, startBuiltServer } from './support.js';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const EMAIL = 'web-bench@example.test';
const PASSWORD = 'web bench password';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const kb = (n: number) => (n / 1024).toFixed(1);
const ms = (n: number) => n.toFixed(0);

/** `ready`: when the screen showed what it is for (the case list's first row), from the navigation's start. */
type Load = { fcp: number; lcp: number; ready: number; urls: string[]; wire: number };
type Screen = { name: string; path: string; signedIn: boolean; ready: (page: Page) => Promise<unknown> };

const SCREENS: Screen[] = [
  { name: 'bare page', path: '/', signedIn: false, ready: (p) => p.getByText('Bare page').waitFor() },
  { name: '/login', path: '/login', signedIn: false, ready: (p) => p.getByLabel('Password').waitFor() },
  {
    name: '/manage/case/',
    path: '/manage/case/',
    signedIn: true,
    ready: (p) => p.getByText('Web bench case 1', { exact: true }).waitFor(),
  },
];

/** The bare baseline: one heading, served by installClient as the app's index.html is. */
export async function bareServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sd6-bench-bare-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" ' +
      'content="width=device-width, initial-scale=1"><title>SD6</title></head><body><h1>Bare page</h1></body></html>',
  );
  const app = Fastify({ logger: false });
  await installClient(app, { clientDir: dir, environment: 'dev', alt: false, timeZone: 'UTC' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base,
    stop: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function seed(browser: Browser, base: string): Promise<void> {
  const context = await browser.newContext({ baseURL: base });
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await context.request.post(url, { headers: XHR, data });
    if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  await post('/api/auth/login', { email: EMAIL, password: PASSWORD });
  const org = await post<{ organization: { id: number } }>('/api/manage/organization/create', {
    version: 0,
    name: 'Web Bench Client',
    active: true,
    salesStatus: 'CLIENT',
  });
  for (let i = 1; i <= 25; i++) {
    await post('/api/manage/case/create', {
      version: 0,
      title: `Web bench case ${i}`,
      organization: org.organization.id,
      status: 'OPEN',
    });
  }
  await context.close();
}

/** One fresh, throttled page load (empty cache); `repeat` loads it once more in the same context first. */
async function loadOnce(browser: Browser, base: string, screen: Screen, repeat: boolean): Promise<Load> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (screen.signedIn) {
      const r = await context.request.post('/api/auth/login', {
        headers: XHR,
        data: { email: EMAIL, password: PASSWORD },
      });
      if (!r.ok()) throw new Error(`sign-in failed: ${r.status()}`);
    }
    if (repeat) {
      const first = await context.newPage();
      await first.goto(screen.path);
      await screen.ready(first);
      await first.close();
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(screen.path, { waitUntil: 'load', timeout: 120_000 });
    await screen.ready(page);
    const ready = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300);
    // A string, not a function: the TypeScript loader would wrap named functions in a helper the page lacks.
    const paints = await page.evaluate<Omit<Load, 'ready'>>(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        const fcp = performance.getEntriesByName('first-contentful-paint')[0];
        const lcp = entries[entries.length - 1].startTime;
        // What the screen needed: files loaded before its largest paint (not what it prefetches afterwards).
        const resources = performance.getEntriesByType('resource').filter(
          (r) => /\\.(js|css)$/.test(new URL(r.name).pathname) && r.responseEnd <= lcp,
        );
        resolve({
          fcp: fcp ? fcp.startTime : NaN,
          lcp,
          urls: resources.map((r) => new URL(r.name).pathname),
          wire: resources.reduce((sum, r) => sum + r.encodedBodySize, 0),
        });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`);
    return { ...paints, ready };
  } finally {
    await context.close();
  }
}

/** gzip bytes of the JavaScript the build lists as the screen's first load (src/shared/first-screens.ts). */
function firstLoadGzip(path: string): number {
  if (!existsSync(join('dist/client', FIRST_SCREENS_FILE))) return Number.NaN;
  const screens = JSON.parse(readFileSync(join('dist/client', FIRST_SCREENS_FILE), 'utf8')) as Record<
    string,
    string[]
  >;
  const files = screens[path.replace(/\/$/, '')] ?? [];
  return files
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join('dist/client', f)), { level: 9 }).length, 0);
}

/** Raw, gzip and brotli sizes of the built files the screen loaded, by kind. */
function sizes(urls: string[]) {
  const total = { js: [0, 0, 0, 0], css: [0, 0, 0, 0] };
  for (const url of new Set(urls)) {
    const kind = url.endsWith('.css') ? 'css' : 'js';
    const content = readFileSync(join('dist/client', url));
    const row = total[kind];
    row[0]! += 1;
    row[1]! += content.length;
    row[2]! += gzipSync(content, { level: 9 }).length;
    row[3]! += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length;
  }
  return total;
}

export async function webBench(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('web: skipped (no Chromium found)');
    return;
  }
  const app = await startBuiltServer({ email: EMAIL, password: PASSWORD }, 39600 + (process.pid % 100));
  const bare = await bareServer();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    await seed(browser, app.base);
    const loads = new Map<string, Load[]>(SCREENS.map((s) => [s.name, []]));
    const repeats: Load[] = [];
    // Warm-up of each (server caches, Chromium start), then alternating runs so any drift hits all alike.
    const baseOf = (s: Screen) => (s === SCREENS[0] ? bare.base : app.base);
    for (const s of SCREENS) await loadOnce(browser, baseOf(s), s, false);
    for (let i = 0; i < RUNS; i++) {
      for (const s of SCREENS) loads.get(s.name)!.push(await loadOnce(browser, baseOf(s), s, false));
      repeats.push(await loadOnce(browser, app.base, SCREENS[2]!, true));
    }
    const p50 = (name: string, key: 'fcp' | 'lcp') =>
      percentile(
        loads.get(name)!.map((l) => l[key]),
        0.5,
      );
    for (const s of SCREENS.slice(1)) {
      const load = loads.get(s.name)![0]!;
      const { js, css } = sizes(load.urls);
      const first = firstLoadGzip(s.path);
      const verdict = first <= FIRST_SCREEN_BUDGET_GZIP ? 'within' : 'OVER';
      console.log(
        `web ${s.name}: first-load JS (the build's list) ${kb(first)} kB gzip, ${verdict} the ` +
          `${kb(FIRST_SCREEN_BUDGET_GZIP)} kB budget; loaded before the largest paint: JS ${js[0]} files ` +
          `${kb(js[1]!)} kB raw, ${kb(js[2]!)} kB gzip, ${kb(js[3]!)} kB brotli; CSS ${css[0]} files ` +
          `${kb(css[1]!)} kB raw, ${kb(css[2]!)} kB gzip, ${kb(css[3]!)} kB brotli; JS+CSS over the wire ${kb(load.wire)} kB`,
      );
    }
    const bareFcp = p50('bare page', 'fcp');
    const bareLcp = p50('bare page', 'lcp');
    console.log(
      `web bare page [throttled: 150 ms RTT, 1.6 Mbps, CPU 4x; p50 of ${RUNS}]: FCP ${ms(bareFcp)} ms, LCP ${ms(bareLcp)} ms`,
    );
    for (const s of SCREENS.slice(1)) {
      const fcp = p50(s.name, 'fcp');
      const lcp = p50(s.name, 'lcp');
      console.log(
        `web ${s.name} [throttled, p50 of ${RUNS}]: FCP ${ms(fcp)} ms (${(fcp / bareFcp).toFixed(2)}x the bare page), ` +
          `LCP ${ms(lcp)} ms (${(lcp / bareLcp).toFixed(2)}x the bare page)`,
      );
    }
    const repeat = percentile(
      repeats.map((l) => l.lcp),
      0.5,
    );
    const rows = percentile(
      repeats.map((l) => l.ready),
      0.5,
    );
    const fresh = percentile(
      loads.get(SCREENS[2]!.name)!.map((l) => l.ready),
      0.5,
    );
    console.log(
      `web /manage/case/ repeat visit (cached chunks, the profile remembered) [throttled, p50 of ${RUNS}]: LCP ` +
        `${ms(repeat)} ms (${(repeat / bareLcp).toFixed(2)}x the bare page); first case row ${ms(rows)} ms ` +
        `(fresh visit ${ms(fresh)} ms)`,
    );
  } finally {
    await browser.close();
    await bare.stop();
    await app.stop();
  }
}
