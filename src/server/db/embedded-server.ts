// Child process of the embedded mode: PGlite behind pglite-socket, so the app's event loop never runs queries.

import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { acquireDataDirLock, DataDirLockedError, removeStalePostmasterPid } from './data-dir-lock.js';

export type EmbeddedMessage =
  | { type: 'ready'; port: number }
  | { type: 'error'; code: 'LOCKED' | 'FAILED'; message: string };

const send = (message: EmbeddedMessage) => process.send?.(message);

async function main(): Promise<void> {
  const dataDir = process.env.SD6_EMBEDDED_DIR;
  if (!dataDir) throw new Error('SD6_EMBEDDED_DIR is not set');
  const inMemory = dataDir.startsWith('memory://');
  const pgData = inMemory ? dataDir : join(dataDir, 'pgdata');
  let release = () => {};
  if (!inMemory) {
    release = acquireDataDirLock(dataDir, () => removeStalePostmasterPid(pgData));
    // Our lock is held, so any postmaster.pid left in the folder is from a dead process.
    removeStalePostmasterPid(pgData);
  }
  const db = await PGlite.create(pgData, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    maxConnections: Number(process.env.SD6_EMBEDDED_MAX_CONNECTIONS ?? 16),
  });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    try {
      await server.stop();
      await db.exec('CHECKPOINT');
      await db.close();
    } finally {
      release();
      process.exit(0);
    }
  };
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'shutdown') void shutdown();
  });
  // The parent died without asking (kill -9): close cleanly rather than linger.
  process.on('disconnect', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => {
    // The terminal's Ctrl+C reaches the whole group: the parent decides when the database closes.
  });
  send({ type: 'ready', port });
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) send({ type: 'error', code: 'LOCKED', message: error.message });
  else
    send({ type: 'error', code: 'FAILED', message: error instanceof Error ? error.message : String(error) });
  setTimeout(() => process.exit(1), 50);
});
