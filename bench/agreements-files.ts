// `npm run bench agreements-files`: a 20 MB document uploaded to an agreement and downloaded again through the app
// (real HTTP on a listening server: multipart parsing, type check, 256 KB chunks into the database, the link
// transaction; then the chunks streamed back), against the same bytes through a bare Fastify route in this process
// that only consumes the request or produces the response. Goal: at most 1.5x. Also the app process's peak RSS
// growth during an upload (goal: less than the file). The client runs in a process of its own
// (bench/files-client.ts), so this process holds only the serving side. BENCH_FILE_MB and BENCH_FILE_RUNS change
// the size (20) and the measured runs (3, best kept: noise only ever slows a run down).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { migrate } from '../src/server/db/migrate.js';
import { hashPassword } from '../src/server/platform/passwords.js';
import { fileBytes, pieces } from './files-client.js';
import { benchDatabase, HEADERS, ms } from './support.js';

const SIZE = Number(process.env.BENCH_FILE_MB ?? 20) * 1024 * 1024;
const RUNS = Number(process.env.BENCH_FILE_RUNS ?? 3);
const MB = 1024 * 1024;

type ClientResult = { status: number; ms: number; bytes: number; sha256?: string };

function client(args: string[]): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/files-client.ts', ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(err));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as ClientResult);
    });
  });
}

/** This process's resident memory now and at its peak since the last reset (Linux), in bytes. */
function memory(): { rss: number; peak: number } | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** Resets the peak (VmHWM) to the current RSS; false where the kernel does not offer it. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` and returns how far RSS rose above its level before: the kernel's peak where it can be reset,
 * otherwise samples every 5 ms (which may miss a short peak).
 */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number; exact: boolean }> {
  const before = memory()?.rss ?? process.memoryUsage().rss;
  const exact = resetPeak() && memory() !== null;
  let sampled = before;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    const peak = exact ? memory()!.peak : Math.max(sampled, process.memoryUsage().rss);
    return { result, growth: Math.max(0, peak - before), exact };
  } finally {
    clearInterval(timer);
  }
}

export async function agreementsFilesBench(label: string, url: string | undefined): Promise<void> {
  const { database, drop } = await benchDatabase(url);
  try {
    await migrate(database.pool);
    const password = 'bench files password';
    await database.pool.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, short_code)
       VALUES ('bench-files@example.test', $1, 'Bench', 'Files', 'BENCHF')`,
      [await hashPassword(password)],
    );
    const { rows: org } = await database.pool.query<{ id: number }>(
      `INSERT INTO organizations (name) VALUES ('Bench Files Ltd') RETURNING id`,
    );
    const { rows: agreement } = await database.pool.query<{ id: number }>(
      `INSERT INTO agreements (organization_id, number, title, type, start_date)
       VALUES ($1, 'AG-BENCH-FILES', 'Bench files', 'MANAGED', '2026-01-01') RETURNING id`,
      [org[0]!.id],
    );

    const app = await buildApp({
      config: loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' }),
      database,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-files@example.test', password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const documents = `${base}/api/manage/agreement/${agreement[0]!.id}/document`;

    // The baseline: the same bytes in and out of a route that does nothing else (its file made beforehand).
    const file = fileBytes(SIZE);
    const bare = Fastify({ bodyLimit: 2 * SIZE });
    bare.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    bare.post('/upload', async (request) => {
      let bytes = 0;
      for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
      return { bytes };
    });
    bare.get('/download', async (_request, reply) => {
      reply.header('content-type', 'application/pdf').header('content-length', String(SIZE));
      return reply.send(Readable.from(pieces(file)));
    });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareBase = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;

    const expected = (await client(['download', `${bareBase}/download`, '', '0'])).sha256;
    let documentId = 0;
    const appUpload = async () => {
      const r = await client(['upload', `${documents}/create`, cookie, String(SIZE)]);
      if (r.status !== 200) throw new Error(`app upload answered ${r.status}`);
      const { rows } = await database.pool.query<{ id: number }>(
        'SELECT max(id) AS id FROM agreement_documents',
      );
      documentId = rows[0]!.id;
      return r;
    };
    const appDownload = async () => {
      const r = await client(['download', `${documents}/${documentId}/file`, cookie]);
      if (r.status !== 200 || r.bytes !== SIZE || r.sha256 !== expected)
        throw new Error(`app download answered ${r.status} with ${r.bytes} bytes, not the file uploaded`);
      return r;
    };
    const bareUpload = () => client(['upload', `${bareBase}/upload`, '', String(SIZE)]);
    const bareDownload = () => client(['download', `${bareBase}/download`, '']);

    // One warm-up of each (the first upload's memory growth is reported too), then alternate; keep each best.
    const first = await peakGrowth(appUpload);
    await appDownload();
    await bareUpload();
    await bareDownload();
    const best = { appUp: Infinity, appDown: Infinity, bareUp: Infinity, bareDown: Infinity };
    let growth = 0;
    let exact = true;
    for (let i = 0; i < RUNS; i++) {
      const measured = await peakGrowth(appUpload);
      growth = Math.max(growth, measured.growth);
      exact &&= measured.exact;
      best.appUp = Math.min(best.appUp, measured.result.ms);
      best.appDown = Math.min(best.appDown, (await appDownload()).ms);
      best.bareUp = Math.min(best.bareUp, (await bareUpload()).ms);
      best.bareDown = Math.min(best.bareDown, (await bareDownload()).ms);
    }
    await app.close();
    await bare.close();

    const mb = SIZE / MB;
    const rate = (t: number) => `${(mb / (t / 1000)).toFixed(0)} MB/s`;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    console.log(
      `agreements-files [${label}]: ${mb} MB upload ${ms(best.appUp)} ms (${rate(best.appUp)}), bare route ` +
        `${ms(best.bareUp)} ms -> ${ratio(best.appUp, best.bareUp)}; download ${ms(best.appDown)} ms ` +
        `(${rate(best.appDown)}), bare route ${ms(best.bareDown)} ms -> ${ratio(best.appDown, best.bareDown)}; ` +
        `upload + download ${ratio(best.appUp + best.appDown, best.bareUp + best.bareDown)} (goal <= 1.50x)`,
    );
    console.log(
      `agreements-files [${label}]: app process peak RSS growth during a ${mb} MB upload: the first ` +
        `${(first.growth / MB).toFixed(1)} MB (${((first.growth / SIZE) * 100).toFixed(0)}% of the file), ` +
        `later ones at most ${(growth / MB).toFixed(1)} MB (goal < 100%)` +
        (exact && first.exact ? '' : ' [sampled every 5 ms: no resettable peak on this system]'),
    );
  } finally {
    await database.close();
    await drop();
  }
}
