// Start-up figures of the built server on the embedded database: first start, cold start, idle memory.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function startUntilReady(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', SD6_ENV: 'dev' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, ms: performance.now() - t0 };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

const stop = (child: ChildProcess) =>
  new Promise((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });

export async function startupFigures() {
  if (!existsSync('dist/server/main.js'))
    spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'sd6-start-'));
  const port = 39000 + (process.pid % 500);
  try {
    const first = await startUntilReady(dir, port);
    await stop(first.child);
    const cold: number[] = [];
    let appRssMb = 0;
    let dbRssMb = 0;
    for (let i = 0; i < 3; i++) {
      const run = await startUntilReady(dir, port);
      cold.push(run.ms);
      if (i === 2) {
        await new Promise((r) => setTimeout(r, 2000));
        appRssMb = rssMb(run.child.pid!);
        const children = spawnSync('pgrep', ['-P', String(run.child.pid)], { encoding: 'utf8' })
          .stdout.trim()
          .split('\n');
        dbRssMb = children.filter(Boolean).reduce((sum, pid) => sum + rssMb(Number(pid)), 0);
      }
      await stop(run.child);
    }
    const t = performance.now();
    spawnSync(process.execPath, ['-e', '']);
    const bareNodeMs = performance.now() - t;
    cold.sort((a, b) => a - b);
    return { firstStartMs: first.ms, coldStartMs: cold[1]!, bareNodeMs, appRssMb, dbRssMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
