// The process as an operator runs it: start, sign-in help, a second start refused, SIGTERM handled cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'sd6-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(port: number): Started {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      SD6_DEMO: 'off',
      LOG_LEVEL: 'warn',
      SD6_ADMIN_EMAIL: '',
      SD6_ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(predicate: () => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm start (the server process)', () => {
  it('prints how to sign in, refuses a second start on the same folder, and exits 0 on SIGTERM', async () => {
    const port = 38000 + (process.pid % 1000);
    const first = start(port);
    await waitFor(() => first.output().includes('SD6 is running at'));
    expect(first.output()).toMatch(/First start: sign in as admin@sd6\.local with password \S{12,}/);

    const second = start(port + 1);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another SD6 process/);

    // a request in flight when SIGTERM arrives still gets its answer: headers sent, body still coming
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not a real password' });
    const socket = connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (d) => (response += d));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    await new Promise((resolve) => socket.on('connect', resolve));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `X-Requested-With: XMLHttpRequest\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body);
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(response).toContain('SIGN_IN_FAILED');
    expect(await first.exited).toBe(0);

    // and the next start finds the data and no lock in the way; the password is not printed again
    const third = start(port + 2);
    await waitFor(() => third.output().includes('SD6 is running at'));
    expect(third.output()).not.toMatch(/First start/);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 90_000);
});
