// `npm run bench load`: the app under a working day's load, on the demo data set, through real HTTP.
// 1. 50 connections for BENCH_LOAD_SECONDS (30 by default) of daily summaries, case lists, global searches (names,
//    numbers, common words, typos) and slip saves, from eight technicians: throughput and p50/p95/p99 per kind,
//    against each kind alone on one connection (the same run's baseline); once as fast as they are answered (the
//    machine's throughput: latency is then 50 / throughput for every kind), once paced at 40 req/s.
// 2. One user's daily summary while an administrator runs the bill list and the WIP list in a loop, against the
//    same summary with nothing else running (goal: p99 <= 2x).
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { bootstrapDatabase, DEMO_ADMIN_EMAIL } from '../src/seed/index.js';
import { DEMO_TECH_EMAIL } from '../src/seed/staff.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrate } from '../src/server/db/migrate.js';
import { toPathDate } from '../src/shared/format/date.js';
import type { KindResult, Mix } from './load-mix.js';
import { lastWorkday, signIn, summaries } from './search-load.js';
import { benchDatabase, HEADERS, ms, percentile, seconds } from './support.js';

const CONNECTIONS = 50;
/** The paced run's rate: what the first measurement of this load served on PostgreSQL (39 req/s), and a little more. */
const PACE = 40;

function runMix(mix: Mix): Promise<Record<string, KindResult>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-mix.ts', JSON.stringify(mix)]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(err)),
    );
  });
}

/**
 * The bill list and WIP list, one after another until `done` says stop: a page of each, or each exported whole as
 * CSV; how many ran.
 */
async function reportLoop(
  base: string,
  cookie: string,
  done: () => boolean,
  as: 'page' | 'export',
): Promise<number> {
  let n = 0;
  while (!done()) {
    for (const report of ['bill-list', 'wip-list']) {
      const res =
        as === 'page'
          ? await fetch(`${base}/api/report/${report}?start=0&limit=100`, { headers: { ...HEADERS, cookie } })
          : await fetch(`${base}/api/report/${report}/export`, {
              method: 'POST',
              headers: { ...HEADERS, cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ format: 'csv', query: {} }),
            });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${report} (${as}) answered ${res.status}`);
      n++;
    }
  }
  return n;
}

export async function mixedLoadBench(label: string, url: string | undefined): Promise<void> {
  const duration = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
  const t0 = performance.now();
  const { database, drop } = await benchDatabase(url);
  try {
    await migrate(database.pool);
    await bootstrapDatabase(database, { adminPassword: 'bench admin password', demo: true });
    console.log(`load [${label}]: demo data loaded in ${seconds(t0)} s`);
    const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' }, false);
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const { rows: staff } = await database.pool.query<{ email: string }>(
        `SELECT email FROM users WHERE email LIKE 'tech%@sd6.local' AND active ORDER BY email LIMIT 8`,
      );
      const cookies = await Promise.all(staff.map((s) => signIn(base, s.email)));
      const { rows: words } = await database.pool.query<{ term: string }>(
        `(SELECT name AS term FROM organizations ORDER BY md5(id::text) LIMIT 10)
         UNION ALL (SELECT name FROM equipment ORDER BY md5(id::text) LIMIT 10)
         UNION ALL (SELECT first_name || ' ' || last_name FROM people ORDER BY md5(id::text) LIMIT 10)
         UNION ALL (SELECT '#' || id FROM cases ORDER BY md5(id::text) LIMIT 5)`,
      );
      const terms = [
        ...words.map((w) => w.term),
        'printer',
        'backup',
        'password',
        'firewal',
        'outlok',
        'se',
        'vpn',
      ];
      const { rows: tasks } = await database.pool.query<{ id: number }>(
        `SELECT id FROM tasks WHERE status = 'OPEN' ORDER BY id LIMIT 1`,
      );
      const days = Array.from({ length: 5 }, (_, i) => {
        const d = lastWorkday();
        d.setDate(d.getDate() - i);
        return toPathDate(d);
      });
      const mix: Mix = {
        base,
        seconds: duration,
        concurrency: CONNECTIONS,
        cookies,
        summaryDates: days,
        terms,
        taskId: tasks[0]!.id,
        saveYear: new Date().getFullYear() + 2,
      };
      // BENCH_LOAD_ONLY=reports: the second part alone.
      const mixes = process.env.BENCH_LOAD_ONLY !== 'reports';
      const alone = mixes ? await runMix({ ...mix, seconds: Math.max(5, duration / 3), concurrency: 1 }) : {};
      const report = (title: string, results: Record<string, KindResult>, seconds: number) => {
        const total = Object.values(results).reduce((n, k) => n + k.n, 0);
        console.log(`load [${label}]: ${title}: ${(total / seconds).toFixed(1)} req/s`);
        for (const [kind, k] of Object.entries(results)) {
          const one = alone[kind];
          console.log(
            `load [${label}]:   ${kind} p50/p95/p99 ${ms(k.p50)}/${ms(k.p95)}/${ms(k.p99)} ms (${k.n} requests` +
              `${k.errors ? `, ${k.errors} errors` : ''}); alone on one connection p50/p99 ` +
              `${one ? `${ms(one.p50)}/${ms(one.p99)}` : '-'} ms` +
              (kind === 'global search' ? ' (goal p99 <= 300 ms under load)' : ''),
          );
        }
      };
      // As fast as the connections are answered (what the machine serves), then at the pace a busy office sends.
      if (mixes) {
        report(
          `${CONNECTIONS} connections for ${duration} s, each sending again when answered`,
          await runMix(mix),
          duration,
        );
        report(
          `${CONNECTIONS} connections for ${duration} s at ${PACE} req/s together`,
          await runMix({ ...mix, rate: PACE }),
          duration,
        );
      }

      // Reports against another user's daily summary.
      const reader = await signIn(base, DEMO_TECH_EMAIL);
      const admin = await signIn(base, DEMO_ADMIN_EMAIL);
      const summaryUrl = `${base}/api/manage/slip/summary/${days[0]}`;
      await summaries(summaryUrl, reader, () => true, 30);
      const quietUntil = performance.now() + (duration / 3) * 1000;
      const quiet = await summaries(summaryUrl, reader, () => performance.now() > quietUntil, 50);
      for (const as of ['page', 'export'] as const) {
        const busyUntil = performance.now() + (duration / 3) * 1000;
        let running = true;
        const reports = reportLoop(base, admin, () => performance.now() > busyUntil, as).finally(() => {
          running = false;
        });
        const busy = await summaries(summaryUrl, reader, () => !running, 50);
        const runs = await reports;
        const p = (v: number[], q: number) => ms(percentile(v, q));
        console.log(
          `load [${label}]: daily summary of another user p50/p99 ${p(busy, 0.5)}/${p(busy, 0.99)} ms while the bill ` +
            `list and WIP list ${as === 'page' ? `run in a loop (${runs} report pages)` : `are exported as CSV in a loop (${runs} files)`}, ` +
            `vs ${p(quiet, 0.5)}/${p(quiet, 0.99)} ms with none -> p99 ` +
            `${(percentile(busy, 0.99) / percentile(quiet, 0.99)).toFixed(2)}x (goal <= 2x)`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}
