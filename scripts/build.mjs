// Builds the server bundle (esbuild) and the client (Vite) into dist/.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { BUDGET_GZIP, compressAssets, FIRST_SCREENS, initialJsGzip } from './client-assets.mjs';

const only = process.argv[2];
if (only !== 'client') {
  rmSync('dist/server', { recursive: true, force: true });
  await build({
    entryPoints: { main: 'src/server/main.ts', 'embedded-server': 'src/server/db/embedded-server.ts' },
    outdir: 'dist/server',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // The server (serve.ts) is a chunk of its own, loaded while the embedded database starts.
    splitting: true,
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  mkdirSync('dist/server', { recursive: true });
  cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
}
if (only !== 'server') {
  const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
  await compressAssets('dist/client');
  // The first screens' JavaScript budget (issue 10 §4): printed on every build, a warning when over.
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  for (const [screen, modules] of Object.entries(FIRST_SCREENS)) {
    const size = initialJsGzip('dist/client', modules);
    const over = size > BUDGET_GZIP;
    console[over ? 'warn' : 'log'](
      `client: ${screen} loads ${kb(size)} of JavaScript gzip (budget ${kb(BUDGET_GZIP)})${over ? ' OVER BUDGET' : ''}`,
    );
  }
}
