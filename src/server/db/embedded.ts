// Parent side of the embedded mode: starts the PGlite child and hands back a loopback port for `pg`.
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EmbeddedMessage } from './embedded-server.js';

export class EmbeddedStartError extends Error {
  constructor(
    message: string,
    readonly code: 'LOCKED' | 'FAILED',
  ) {
    super(message);
    this.name = 'EmbeddedStartError';
  }
}

export type EmbeddedDatabase = { port: number; url: string; stop: () => Promise<void> };

function childEntry(): { file: string; execArgv: string[] } {
  // Built: dist/server/embedded-server.js beside this bundle. From source (tests, dev): the .ts through tsx.
  const js = fileURLToPath(new URL('./embedded-server.js', import.meta.url));
  if (existsSync(js)) return { file: js, execArgv: [] };
  return {
    file: fileURLToPath(new URL('./embedded-server.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
  };
}

export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const { file, execArgv } = childEntry();
  const child: ChildProcess = fork(file, [], {
    env: { ...process.env, SD6_EMBEDDED_DIR: dataDir },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(
        new EmbeddedStartError(`The embedded database exited during start-up (code ${code}).`, 'FAILED'),
      );
    child.once('exit', onExit);
    child.once('message', (message: EmbeddedMessage) => {
      child.off('exit', onExit);
      if (message.type === 'ready') resolve(message.port);
      else reject(new EmbeddedStartError(message.message, message.code));
    });
  });
  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.send({ type: 'shutdown' });
    });
    return stopped;
  };
  return { port, url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
