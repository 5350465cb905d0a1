// `npm run bench lighthouse`: Lighthouse (npm) driving Chromium over the built app on the demo data, mobile and
// desktop presets, for /login (signed out), /manage/case/, one agreement's basics screen and one report (signed in):
// the performance, accessibility and best-practices scores, FCP, LCP, TBT and the JavaScript the page fetched
// itself (not its service worker) before Lighthouse found it idle, against a bare page served the same way.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { percentile, startBuiltServer } from './support.js';
import { bareServer } from './web.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
/** A folder to keep each run's whole Lighthouse report in (JSON), to read why a page scores as it does. */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const EMAIL = 'lighthouse-bench@example.test';
const PASSWORD = 'lighthouse bench password';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const ALL_PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof ALL_PRESETS)[number];
/** BENCH_LIGHTHOUSE_PRESETS=mobile (or desktop) runs one preset only. */
const PRESETS = ALL_PRESETS.filter((p) => (process.env.BENCH_LIGHTHOUSE_PRESETS ?? p).split(',').includes(p));

type Page = { name: string; url: string; signedIn: boolean };
type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  jsFiles: number;
  jsTransfer: number;
  jsGzip: number;
  errors: string[];
  /** Accessibility and best-practices audits that failed (why a score is under 100). */
  failed: string[];
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });

/** gzip -9 bytes of a built file, by its URL path (what a server without brotli sends). */
function builtGzip(pathname: string): number {
  try {
    return gzipSync(readFileSync(join('dist/client', pathname)), { level: 9 }).length;
  } catch {
    return 0;
  }
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; sessionTargetType?: string };

async function audit(port: number, url: string, preset: Preset): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${preset}-${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    writeFileSync(join(REPORTS, name), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  // The page's own fetches: the service worker's precache runs in a worker target and is left out.
  const scripts = items.filter((i) => i.resourceType === 'Script' && i.sessionTargetType === 'page');
  const errors = (
    (lhr.audits['errors-in-console']?.details as { items?: { description?: string }[] })?.items ?? []
  )
    .map((i) => String(i.description ?? ''))
    .filter(Boolean);
  const failed = ['accessibility', 'best-practices'].flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    failed,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    jsFiles: scripts.length,
    jsTransfer: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
    jsGzip: scripts.reduce((sum, i) => sum + builtGzip(new URL(i.url).pathname), 0),
    errors,
  };
}

/** The median of each figure over the runs (scores and times alike). */
function median(runs: Figures[]): Figures {
  const mid = (key: keyof Omit<Figures, 'errors' | 'failed'>) =>
    percentile(
      runs.map((r) => r[key]),
      0.5,
    );
  return {
    performance: mid('performance'),
    accessibility: mid('accessibility'),
    bestPractices: mid('bestPractices'),
    fcp: mid('fcp'),
    lcp: mid('lcp'),
    tbt: mid('tbt'),
    jsFiles: mid('jsFiles'),
    jsTransfer: mid('jsTransfer'),
    jsGzip: mid('jsGzip'),
    errors: [...new Set(runs.flatMap((r) => r.errors))],
    failed: [...new Set(runs.flatMap((r) => r.failed))],
  };
}

/** The first agreement of the demo data, as its basics screen's address. */
async function agreementPath(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/api/manage/agreement?page=1', { headers: XHR });
  if (!response.ok()) throw new Error(`agreement list: ${response.status()}`);
  const body = (await response.json()) as { items?: { id: number }[]; rows?: { id: number }[] };
  const id = (body.items ?? body.rows ?? [])[0]?.id;
  if (!id) throw new Error('the demo data has no agreement');
  return `/manage/agreement/${id}`;
}

export async function lighthouseBench(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('lighthouse: skipped (no Chromium found)');
    return;
  }
  console.log('lighthouse: starting the built app on the demo data (the first start loads it)…');
  const app = await startBuiltServer({ email: EMAIL, password: PASSWORD }, 39700 + (process.pid % 100), {
    demo: true,
  });
  const bare = await bareServer();
  const port = await freePort();
  const profileDir = mkdtempSync(join(tmpdir(), 'sd6-bench-lighthouse-'));
  // A persistent context is the browser's default one, the one Lighthouse opens its tabs in: cookies set here
  // (the sign-in) reach its runs; Lighthouse clears caches and service workers between runs, not cookies.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    baseURL: app.base,
  });
  try {
    const signIn = async () => {
      const r = await context.request.post('/api/auth/login', {
        headers: XHR,
        data: { email: EMAIL, password: PASSWORD },
      });
      if (!r.ok()) throw new Error(`sign-in failed: ${r.status()}`);
    };
    await signIn();
    const pages: Page[] = [
      { name: 'bare page', url: `${bare.base}/`, signedIn: false },
      { name: '/login', url: `${app.base}/login`, signedIn: false },
      { name: '/manage/case/', url: `${app.base}/manage/case/`, signedIn: true },
      { name: 'agreement basics', url: `${app.base}${await agreementPath(context)}`, signedIn: true },
      { name: 'report (devices)', url: `${app.base}/report/device`, signedIn: true },
    ];
    const results = new Map<string, Figures>();
    for (const preset of PRESETS) {
      for (const page of pages) {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++) {
          if (page.signedIn) await signIn();
          else await context.clearCookies();
          runs.push(await audit(port, page.url, preset));
        }
        results.set(`${preset} ${page.name}`, median(runs));
      }
    }
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    for (const preset of PRESETS) {
      const base = results.get(`${preset} bare page`)!;
      console.log(`lighthouse [${preset}, Lighthouse's simulated throttling, median of ${RUNS}]:`);
      for (const page of pages) {
        const f = results.get(`${preset} ${page.name}`)!;
        const ratio = (a: number, b: number) => (b > 0 ? ` (${(a / b).toFixed(1)}x)` : '');
        console.log(
          `  ${page.name.padEnd(18)} perf ${f.performance}, a11y ${f.accessibility}, best practices ${f.bestPractices}; ` +
            `FCP ${ms(f.fcp)}${ratio(f.fcp, base.fcp)}, LCP ${ms(f.lcp)}${ratio(f.lcp, base.lcp)}, TBT ${ms(f.tbt)}; ` +
            `JS before idle: ${f.jsFiles} files, ${kb(f.jsGzip)} gzip, ${kb(f.jsTransfer)} over the wire` +
            (f.failed.length ? `; failed audits: ${f.failed.join(', ')}` : '') +
            (f.errors.length ? `; console errors: ${f.errors.join(' | ').slice(0, 300)}` : ''),
        );
      }
    }
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
    await bare.stop();
    await app.stop();
  }
}
