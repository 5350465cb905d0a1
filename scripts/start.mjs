// `npm start`: checks the Node.js version, builds what is missing or out of date, then runs the server bundle.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { nodeVersionProblem } from './node-version.mjs';

// Before anything else: on an unsupported Node.js say so plainly rather than fail somewhere in the build.
const problem = nodeVersionProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = Math.max(
  newest('src'),
  newest('index.html'),
  newest('vite.config.ts'),
  newest('package-lock.json'),
);
const serverStale =
  !existsSync('dist/server/main.js') ||
  newest('dist/server') < Math.max(newest('src/server'), newest('src/shared'));
const clientStale = !existsSync('dist/client/index.html') || newest('dist/client') < sources;
if (serverStale || clientStale) {
  const part = serverStale && clientStale ? [] : [serverStale ? 'server' : 'client'];
  console.log(`Building ${part[0] ?? 'SD6'}…`);
  const result = spawnSync(process.execPath, ['scripts/build.mjs', ...part], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
