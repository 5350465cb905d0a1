// The built app as a child process on a fresh embedded database: the journeys' shared server (global setup) and the
// demo-data server of the layout walk. Resolves once the server prints its address.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/** Builds the app when dist is missing. */
export function ensureBuilt(): void {
  if (existsSync('dist/server/main.js') && existsSync('dist/client/index.html')) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

/** Starts dist/server/main.js with `env` over the usual development settings, on a port of its own. */
export async function startServer(
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<RunningServer> {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'sd6-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SD6_ENV: 'dev',
      LOG_LEVEL: 'warn',
      SD6_STRICT_RESPONSES: 'on',
      // Webhook receivers in the tests listen on loopback.
      WEBHOOK_ALLOW_PRIVATE: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), startTimeoutMs);
      child.stdout?.on('data', (chunk) => {
        out += chunk;
        const found = /SD6 is running at (http:\/\/\S+)/.exec(out);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]!);
        }
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
    });
    return { baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
