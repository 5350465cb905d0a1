// Builds the server bundle (esbuild) and the client (Vite) into dist/.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { compressAssets } from './client-assets.mjs';

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
  // A production build whoever calls it (a test runner sets NODE_ENV=test): the service worker registers only there.
  const vite = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
  await compressAssets('dist/client');
}
