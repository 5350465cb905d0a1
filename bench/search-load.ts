// One user's crafted searches must not slow the others: another user's daily summary (p50/p99) while eight crafted
// global searches run without pause, against the same summary with no search running (goal: p99 <= 2x). On the
// demo data set (two years of slips of twenty technicians), through the real app over HTTP.
import type { AddressInfo } from 'node:net';
import { bootstrapDatabase, DEMO_PASSWORD } from '../src/seed/index.js';
import { DEMO_TECH_EMAIL } from '../src/seed/staff.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrate } from '../src/server/db/migrate.js';
import { toPathDate } from '../src/shared/format/date.js';
import { load } from './profile-throughput.js';
import { benchDatabase, HEADERS, ms, percentile, seconds } from './support.js';

/** 100 characters of one-letter words: the term that stalled the embedded database before the bounds. */
export const CRAFTED_TERM = 'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(2).slice(0, 100);

export async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The last weekday before today: a day with slips in the demo data. */
export function lastWorkday(): Date {
  const d = new Date();
  do d.setDate(d.getDate() - 1);
  while (d.getDay() === 0 || d.getDay() === 6);
  return d;
}

/** Daily summaries one after another until `done` says stop (at least `min` of them); their latencies. */
export async function summaries(
  url: string,
  cookie: string,
  done: () => boolean,
  min: number,
): Promise<number[]> {
  const times: number[] = [];
  while (times.length < min || !done()) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { ...HEADERS, cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`summary answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times;
}

export async function searchLoadBench(label: string, url: string | undefined): Promise<void> {
  const duration = Number(process.env.BENCH_SECONDS ?? 8);
  const t0 = performance.now();
  const { database, drop } = await benchDatabase(url);
  try {
    await migrate(database.pool);
    await bootstrapDatabase(database, { adminPassword: 'bench admin password', demo: true });
    console.log(`search-load [${label}]: demo data loaded in ${seconds(t0)} s`);
    const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' }, false);
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const reader = await signIn(base, DEMO_TECH_EMAIL);
      const searcher = await signIn(base, 'tech04@sd6.local');
      const summaryUrl = `${base}/api/manage/slip/summary/${toPathDate(lastWorkday())}`;
      await summaries(summaryUrl, reader, () => true, 30);

      const quietUntil = performance.now() + duration * 1000;
      const quiet = await summaries(summaryUrl, reader, () => performance.now() > quietUntil, 50);

      // Eight searches in flight all the time, from another process (it does not share this event loop).
      const searchUrl = `${base}/api/suggest/global-search/?term=${encodeURIComponent(CRAFTED_TERM)}`;
      let searching = true;
      const crafted = load(searchUrl, 'GET', searcher, duration, 8).finally(() => {
        searching = false;
      });
      const busy = await summaries(summaryUrl, reader, () => !searching, 50);
      const searches = await crafted;

      const p = (v: number[], q: number) => ms(percentile(v, q));
      const ratio = percentile(busy, 0.99) / percentile(quiet, 0.99);
      console.log(
        `search-load [${label}]: daily summary of another user p50/p99 ${p(busy, 0.5)}/${p(busy, 0.99)} ms while 8 ` +
          `crafted searches run, vs ${p(quiet, 0.5)}/${p(quiet, 0.99)} ms with none -> p99 ${ratio.toFixed(2)}x ` +
          `(goal <= 2x; ${busy.length} and ${quiet.length} summaries)`,
      );
      console.log(
        `search-load [${label}]: crafted search p50/p99 ${ms(searches.p50)}/${ms(searches.p99)} ms, ` +
          `${searches.rps.toFixed(1)} searches/s${searches.errors ? `, ${searches.errors} non-200 answers` : ''}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}
