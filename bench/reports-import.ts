// `npm run bench reports` (import part): a generated 100,000-row NinjaOne device export (BENCH_IMPORT_ROWS changes
// that) imported end to end through the routes (upload + parse + preview, then confirm and the job's apply), in
// rows/s and peak RSS of this process, against parsing the same file alone with csv-parse in the same run.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import type { ImportRun } from '../src/shared/schemas/file-import.js';
import { count, insertBenchAdmin, signInCookie } from './support.js';

const EMAIL = 'bench-import@example.test';
const PASSWORD = 'bench import password';
const ORGANIZATION = 'Bench Import Fleet';
const HEADER =
  'Display Name,System Name,Organization,Location,Device ID,Role,OS Name,OS Build,Manufacturer,Model,Serial Number,BIOS Version,Last Contact,Warranty End Date,Virtual Machine';

async function writeExport(path: string, rows: number) {
  const out = createWriteStream(path);
  out.write(`${HEADER}\n`);
  for (let i = 1; i <= rows; i++) {
    const line = `PC ${i},BENCH-${i},${ORGANIZATION},Floor ${i % 7},B${i},Windows Desktop,Windows 11 Pro,22631,Dell Inc.,OptiPlex ${7000 + (i % 20)},BSN${i},1.${i % 30}.0,03/${1 + (i % 28)}/2024 2:22 PM,06/30/2027,No\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

/** Peak RSS of this process while `work` runs, sampled every 25 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, process.memoryUsage().rss) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** Imports a generated export into `database` (migrated, no demo data needed) and prints the figures. */
export async function importBench(
  database: Database,
  opts: { rows?: number; label?: string } = {},
): Promise<{ rowsPerSecond: number; parseRowsPerSecond: number; peakMb: number }> {
  const rows = opts.rows ?? Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const label = opts.label ?? database.kind;
  const dir = mkdtempSync(join(tmpdir(), 'sd6-bench-import-'));
  const path = join(dir, 'ninjaone.csv');
  const config = loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  try {
    await writeExport(path, rows);
    await insertBenchAdmin(database.pool, {
      email: EMAIL,
      password: PASSWORD,
      lastName: 'Import',
      shortCode: 'BENCHI',
    });
    await database.pool.query('INSERT INTO organizations (name, active) VALUES ($1, true)', [ORGANIZATION]);
    const cookie = await signInCookie(app, EMAIL, PASSWORD);
    const headers = { 'x-requested-with': 'XMLHttpRequest', cookie };

    // Baseline: the same file through csv-parse alone, nothing kept.
    const tParse = performance.now();
    let parsed = 0;
    for await (const _record of createReadStream(path).pipe(parse({ bom: true }))) parsed += 1;
    const parseMs = performance.now() - tParse;

    const boundary = `bench-${randomBytes(6).toString('hex')}`;
    const { result, peakMb } = await withPeakRss(async () => {
      const t0 = performance.now();
      async function* body() {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="preset"\r\n\r\nninjaone-devices\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ninjaone.csv"\r\n\r\n`,
        );
        for await (const chunk of createReadStream(path)) yield chunk as Buffer;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const upload = await app.inject({
        method: 'POST',
        url: '/api/admin/file-import/upload',
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Readable.from(body()),
      });
      if (upload.statusCode !== 200) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
      const run = upload.json().run as ImportRun;
      const previewMs = performance.now() - t0;
      const t1 = performance.now();
      const confirmed = await app.inject({
        method: 'POST',
        url: `/api/admin/file-import/${run.id}/confirm`,
        headers,
      });
      if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
      let done: ImportRun;
      for (;;) {
        done = (await app.inject({ method: 'GET', url: `/api/admin/file-import/${run.id}`, headers })).json()
          .run;
        if (done.status === 'DONE' || done.status === 'FAILED') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (done.status !== 'DONE') throw new Error(`import failed: ${done.error}`);
      return { previewMs, applyMs: performance.now() - t1, created: done.counts.create };
    });
    const totalMs = result.previewMs + result.applyMs;
    const rowsPerSecond = rows / (totalMs / 1000);
    const parseRowsPerSecond = (parsed - 1) / (parseMs / 1000);
    console.log(
      `import [${label}]: ${count(rows)}-row NinjaOne CSV end to end ${count(Math.round(rowsPerSecond))} rows/s ` +
        `(upload+parse+preview ${(result.previewMs / 1000).toFixed(1)} s, apply ${(result.applyMs / 1000).toFixed(1)} s, ` +
        `${count(result.created)} devices created), peak RSS ${peakMb.toFixed(0)} MB; csv-parse alone ` +
        `${count(Math.round(parseRowsPerSecond))} rows/s (${(parseMs / 1000).toFixed(2)} s) -> ` +
        `${(parseRowsPerSecond / rowsPerSecond).toFixed(1)}x slower than parsing alone`,
    );
    return { rowsPerSecond, parseRowsPerSecond, peakMb };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
