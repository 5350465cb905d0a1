// `npm run bench`: each figure printed with its baseline, measured in the same run, and the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.js';
import { migrate } from '../src/server/db/migrate.js';
import { agreementsBench } from './agreements.js';
import { agreementsFilesBench } from './agreements-files.js';
import { billingBench } from './billing.js';
import { billingRunBench } from './billing-run.js';
import { calendarRenderBench } from './calendar-render.js';
import { lighthouseBench } from './lighthouse.js';
import { listsBench } from './lists.js';
import { mixedLoadBench } from './mixed-load.js';
import { offlineSyncBench } from './offline-sync.js';
import { opportunitiesBench } from './opportunities.js';
import { profileThroughput } from './profile-throughput.js';
import { quickEntryBench } from './quick-entry.js';
import { reportsBench } from './reports.js';
import { searchBench } from './search.js';
import { searchLoadBench } from './search-load.js';
import { slipEntryBench } from './slip-entry.js';
import { slipsBench } from './slips.js';
import { startupFigures } from './startup.js';
import { webBench } from './web.js';
import { webhooksBench } from './webhooks.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 0);

async function onDatabase(label: string, url: string | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'sd6-bench-'));
  const database = await openDatabase({ databaseUrl: url, dataDir: dir, poolSize: 10 });
  await migrate(database.pool);
  try {
    const { app, bare } = await profileThroughput(database, seconds);
    console.log(
      `profile throughput [${label}]: app ${fmt(app.rps)} req/s (p99 ${fmt(app.p99)} ms), bare route with the same SQL ` +
        `${fmt(bare.rps)} req/s (p99 ${fmt(bare.p99)} ms) -> ratio ${(app.rps / bare.rps).toFixed(2)}x (goal >= 0.80x)` +
        (app.errors + bare.errors ? `  [${app.errors + bare.errors} non-200 answers]` : ''),
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (!only || only === 'startup') {
  const s = await startupFigures();
  console.log(
    `cold start to /readyz [embedded, after the first start]: ${fmt(s.coldStartMs)} ms (goal <= 1500 ms); ` +
      `first start (creates the database, loads the demo data): ${fmt(s.firstStartMs)} ms; baseline: node -e "" ${fmt(s.bareNodeMs)} ms -> ` +
      `${(s.coldStartMs / s.bareNodeMs).toFixed(1)}x a bare node start`,
  );
  console.log(`RSS idle: app process ${fmt(s.appRssMb)} MB, embedded database process ${fmt(s.dbRssMb)} MB`);
}
if (!only || only === 'profile') {
  await onDatabase('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await onDatabase('postgres', pg);
  else console.log('profile throughput [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'lists') {
  await listsBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await listsBench('postgres', pg);
  else console.log('lists [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'agreements') {
  await agreementsBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await agreementsBench('postgres', pg);
  else console.log('agreements [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'slips') {
  await slipsBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await slipsBench('postgres', pg);
  else console.log('slips [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'webhooks') {
  await webhooksBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await webhooksBench('postgres', pg);
  else console.log('webhooks [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'entry') await slipEntryBench();
if (!only || only === 'quick-entry') await quickEntryBench();
if (!only || only === 'offline') await offlineSyncBench();
if (!only || only === 'search') {
  await searchBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await searchBench('postgres', pg);
  else console.log('search [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'search-load') {
  await searchLoadBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await searchLoadBench('postgres', pg);
  else console.log('search-load [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'load') {
  await mixedLoadBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await mixedLoadBench('postgres', pg);
  else console.log('load [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'opportunities') {
  await opportunitiesBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await opportunitiesBench('postgres', pg);
  else console.log('opportunities [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'agreements-files') {
  await agreementsFilesBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await agreementsFilesBench('postgres', pg);
  else console.log('agreements-files [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'reports') {
  await reportsBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await reportsBench('postgres', pg);
  else console.log('reports [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'billing') {
  await billingBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await billingBench('postgres', pg);
  else console.log('billing [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'billing-run') {
  await billingRunBench('embedded', undefined);
  const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pg) await billingRunBench('postgres', pg);
  else console.log('billing-run [postgres]: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
if (!only || only === 'calendar') await calendarRenderBench();
if (!only || only === 'web') await webBench();
if (!only || only === 'lighthouse') await lighthouseBench();
