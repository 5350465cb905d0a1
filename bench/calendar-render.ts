// `npm run bench calendar`: the built app on a fresh embedded database, one user with a week of 200 slips; in
// Chromium, the time from clicking Calendar to all 200 events shown (p50 of BENCH_CALENDAR_RUNS fresh page loads)
// against opening the same calendar on an empty week in the same run. Both include the SPEC §9 pauses (500 ms
// fetch debounce, 700 ms reveal), so the difference is what the events cost: fetch, lazy chunk and rendering.
import { type APIRequestContext, type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { percentile, startBuiltServer } from './support.js';

const RUNS = Number(process.env.BENCH_CALENDAR_RUNS ?? 7);
const SLIPS = 200;
const EMAIL = 'calendar-bench@example.test';
const PASSWORD = 'calendar bench password';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 0);
const pad = (n: number) => String(n).padStart(2, '0');
const shown = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
const clock = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
};

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers: XHR, data });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${JSON.stringify(body)}`);
  return body as T;
}

/** A client, a case, a support and a project task, and 200 slips spread over the week of `monday` (7 a day). */
async function loadWeek(request: APIRequestContext, monday: Date): Promise<void> {
  const org = await post<{ organization: { id: number } }>(request, '/api/manage/organization/create', {
    version: 0,
    name: 'Calendar Bench Client',
    active: true,
    salesStatus: 'CLIENT',
  });
  const kase = await post<{ case: { id: number } }>(request, '/api/manage/case/create', {
    version: 0,
    title: 'Managed services',
    organization: org.organization.id,
    status: 'OPEN',
  });
  const tasks: number[] = [];
  for (const isProject of [false, true]) {
    const t = await post<{ task: { id: number } }>(request, '/api/manage/task/create', {
      version: 0,
      case: kase.case.id,
      title: isProject ? 'Migration project' : 'Help desk',
      status: 'OPEN',
      isProject,
    });
    tasks.push(t.task.id);
  }
  for (let i = 0; i < SLIPS; i++) {
    const dow = i % 7;
    const slot = Math.floor(i / 7); // 0..28: 20-minute slips every 25 minutes from 7:00
    const start = 7 * 60 + slot * 25;
    const day = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + dow);
    await post(request, '/api/manage/slip/create', {
      version: 0,
      startTime: clock(start),
      stopTime: clock(start + 20),
      date: shown(day),
      task: tasks[i % 3 === 0 ? 1 : 0],
      rateMultiplier: '1',
      comment: `Bench slip ${i}`,
    });
  }
}

/** One fresh page load with "now" inside the week of `monday`: ms from the Calendar click to `expected` events. */
async function openOnce(browser: Browser, baseURL: string, monday: Date, expected: number): Promise<number> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    await post(context.request, '/api/auth/login', { email: EMAIL, password: PASSWORD });
    const page = await context.newPage();
    await page.clock.setFixedTime(
      new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 2, 10),
    );
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Calendar', exact: true });
    await button.waitFor();
    // A string, not a function: the TypeScript loader would wrap named functions in a helper the page lacks.
    const done = page.evaluate<number>(`new Promise((resolve, reject) => {
      const t0 = performance.now();
      const limit = setTimeout(() => reject(new Error('calendar not shown in 30 s')), 30000);
      const check = () => {
        const view = document.querySelector('#weekly-calendar-modal [data-testid="calendar-view"]');
        const events = document.querySelectorAll('#weekly-calendar-modal .fc-timegrid-event').length;
        if (view && view.getAttribute('data-loaded') && events === ${expected}) {
          clearTimeout(limit);
          resolve(performance.now() - t0);
        } else requestAnimationFrame(check);
      };
      document.querySelector('.sd-calendar-toggle').click();
      requestAnimationFrame(check);
    })`);
    return await done;
  } finally {
    await context.close();
  }
}

export async function calendarRenderBench(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('calendar render: skipped (no Chromium found)');
    return;
  }
  const server = await startBuiltServer({ email: EMAIL, password: PASSWORD }, 39500 + (process.pid % 100));
  const baseURL = server.base;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const full = new Date(2030, 0, 7); // a Monday
    const empty = new Date(2030, 0, 14);
    const setup = await browser.newContext({ baseURL });
    await post(setup.request, '/api/auth/login', { email: EMAIL, password: PASSWORD });
    const t0 = performance.now();
    await loadWeek(setup.request, full);
    await setup.close();
    console.log(`calendar render: ${SLIPS} slips created in ${ms((performance.now() - t0) / 1000)} s`);
    // Warm-up of both, then alternating runs so any drift hits both alike.
    await openOnce(browser, baseURL, empty, 0);
    await openOnce(browser, baseURL, full, SLIPS);
    const withEvents: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await openOnce(browser, baseURL, empty, 0));
      withEvents.push(await openOnce(browser, baseURL, full, SLIPS));
    }
    const a = percentile(withEvents, 0.5);
    const b = percentile(baseline, 0.5);
    console.log(
      `calendar render [embedded, Chromium]: click to ${SLIPS} events shown p50 ${ms(a)} ms (max ` +
        `${ms(Math.max(...withEvents))} ms); the empty week p50 ${ms(b)} ms (max ${ms(Math.max(...baseline))} ms) ` +
        `-> ${(a / b).toFixed(2)}x, +${ms(a - b)} ms for the events (both include the 500 ms debounce and 700 ms reveal)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
