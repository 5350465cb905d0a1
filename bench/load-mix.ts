// Mixed load, run in its own process so it does not share the server's event loop: N connections for a fixed time,
// each request drawn from a mix of what staff do all day (daily summaries, case lists, global searches, slip saves),
// latencies printed per kind as JSON. Argument: the mix as JSON (see Mix).
import http from 'node:http';

export type Mix = {
  base: string;
  seconds: number;
  concurrency: number;
  /** Requests per second the connections send together, paced (none: each sends again as soon as answered). */
  rate?: number;
  /** Session cookies of the staff the requests are sent as (one drawn per request). */
  cookies: string[];
  summaryDates: string[];
  terms: string[];
  /** A task the slips are saved on, and the first day (MM/dd/yyyy parts) of the days they fill. */
  taskId: number;
  saveYear: number;
};

export type KindResult = { n: number; p50: number; p95: number; p99: number; errors: number };

const mix = JSON.parse(process.argv[2]!) as Mix;
const agent = new http.Agent({ keepAlive: true, maxSockets: mix.concurrency });
const until = performance.now() + mix.seconds * 1000;
const latencies = new Map<string, number[]>();
const errors = new Map<string, number>();
const any = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
let saved = 0;

/** The next slip of the day grid: 20 minutes every 25 minutes from 06:00, days on from Jan 1 (never overlapping). */
function nextSlip() {
  const n = saved++;
  const day = new Date(Date.UTC(mix.saveYear, 0, 1 + Math.floor(n / 40)));
  const start = 6 * 60 + (n % 40) * 25;
  const clock = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const mmdd = (d: Date) =>
    `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
  return {
    version: 0,
    date: mmdd(day),
    startTime: clock(start),
    stopTime: clock(start + 20),
    task: mix.taskId,
    rateMultiplier: '1',
    comment: 'Load: checked the backup job and the printer queue',
  };
}

/** One request of the mix: its kind, method, path and body. */
function draw(): { kind: string; method: string; path: string; body?: string } {
  const r = Math.random();
  if (r < 0.4)
    return {
      kind: 'daily summary',
      method: 'GET',
      path: `/api/manage/slip/summary/${any(mix.summaryDates)}`,
    };
  if (r < 0.65) return { kind: 'case list', method: 'GET', path: '/api/manage/case?start=0&limit=25' };
  if (r < 0.8)
    return {
      kind: 'global search',
      method: 'GET',
      path: `/api/suggest/global-search/?term=${encodeURIComponent(any(mix.terms))}`,
    };
  return {
    kind: 'slip save',
    method: 'POST',
    path: '/api/manage/slip/create',
    body: JSON.stringify(nextSlip()),
  };
}

const send = (cookie: string, req: ReturnType<typeof draw>) =>
  new Promise<number>((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = { cookie, 'x-requested-with': 'XMLHttpRequest' };
    if (req.body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(req.body);
    }
    const r = http.request(`${mix.base}${req.path}`, { method: req.method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    r.on('error', reject);
    r.end(req.body);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function worker(n: number) {
  // Paced: this connection's requests start every `every` ms, offset from the others'.
  const every = mix.rate ? (1000 * mix.concurrency) / mix.rate : 0;
  let next = performance.now() + (every * n) / mix.concurrency;
  while (performance.now() < until) {
    if (every) {
      await sleep(Math.max(0, next - performance.now()));
      next += every;
    }
    const req = draw();
    const t0 = performance.now();
    const status = await send(any(mix.cookies), req).catch(() => 0);
    const list = latencies.get(req.kind) ?? [];
    list.push(performance.now() - t0);
    latencies.set(req.kind, list);
    if (status < 200 || status >= 300) errors.set(req.kind, (errors.get(req.kind) ?? 0) + 1);
  }
}

await Promise.all(Array.from({ length: mix.concurrency }, (_, n) => worker(n)));
const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const out: Record<string, KindResult> = {};
for (const [kind, list] of latencies) {
  const sorted = list.sort((a, b) => a - b);
  out[kind] = {
    n: sorted.length,
    p50: at(sorted, 0.5),
    p95: at(sorted, 0.95),
    p99: at(sorted, 0.99),
    errors: errors.get(kind) ?? 0,
  };
}
console.log(JSON.stringify(out));
agent.destroy();
