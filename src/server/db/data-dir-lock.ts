// Exclusive lock on the embedded database folder: PGlite has no cross-process lock of its own.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'sd6.lock';

export type LockOwner = { pid: number; host: string; startedAt: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data folder ${dataDir} is in use by another SD6 process (pid ${owner.pid} on ${owner.host}, ` +
        `started ${owner.startedAt}). Stop that process first, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(path: string): LockOwner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '') };
    }
  } catch {
    // unreadable or half-written lock: treated as stale
  }
  return null;
}

/**
 * Takes the lock or throws DataDirLockedError. A lock whose process is gone (kill -9, crash) is stale and
 * is taken over; `onStale` then lets the caller clear what that process left behind (postmaster.pid).
 */
export function acquireDataDirLock(dataDir: string, onStale?: () => void): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const owner = readOwner(path);
        if (owner?.pid === me.pid) rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(path);
      if (owner && owner.host === me.host && owner.pid !== me.pid && isAlive(owner.pid)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      if (owner && owner.host !== me.host) throw new DataDirLockedError(dataDir, owner);
      rmSync(path, { force: true });
      onStale?.();
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

/** A crashed PGlite leaves postmaster.pid behind; it must go before the next open. */
export function removeStalePostmasterPid(pgDataDir: string): void {
  const pidFile = join(pgDataDir, 'postmaster.pid');
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}
