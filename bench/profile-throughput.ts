// POST /api/user/profile through the whole app vs a bare Fastify route running the same SQL, on one database.
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { hashToken } from '../src/server/platform/sessions.js';

export type LoadResult = { rps: number; p50: number; p99: number; errors: number };

/** Runs the load generator in another process; async, so this process keeps serving the requests. */
export function load(
  url: string,
  method: string,
  cookie: string,
  seconds: number,
  concurrency = 16,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      'bench/load.ts',
      url,
      method,
      cookie,
      String(seconds),
      String(concurrency),
    ]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(err));
      else resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult);
    });
  });
}

export async function profileThroughput(database: Database, seconds: number) {
  const config = { ...loadConfig({ SD6_DEMO: 'off', LOG_LEVEL: 'silent' }) };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/user/profile`;

  // a signed-in user, through the real login route
  await database.pool.query(`DELETE FROM users WHERE email = 'bench@example.test'`);
  const { hashPassword } = await import('../src/server/platform/passwords.js');
  await database.pool.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, short_code) VALUES ('bench@example.test', $1, 'Bench', 'User', 'BENCH1')`,
    [await hashPassword('bench password 123')],
  );
  const login = await fetch(appUrl.replace('/api/user/profile', '/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'bench password 123' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  // The baseline: the statement the app runs (the session lookup, which reads the profile too), nothing else.
  const bare = Fastify();
  bare.post('/profile', async (request) => {
    const raw = (request.headers.cookie ?? '').split('=')[1] ?? '';
    const s = await database.pool.query(
      `SELECT s.id AS session_id, s.last_seen_at < now() - interval '1 minute' AS stale, u.id, u.email, u.first_name,
              u.last_name, u.short_code, u.roles, u.home_page, u.case_list_daily_slips_mode, u.auto_populate_task_points
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(mins => $2) AND u.active`,
      [hashToken(raw), 60],
    );
    const r = s.rows[0];
    return {
      user: {
        id: r.id,
        shortCode: r.short_code,
        homePage: r.home_page,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        roles: r.roles,
      },
    };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/profile`;

  // warm up both, then alternate and keep each side's best run (machine noise only ever slows a run down)
  await load(appUrl, 'POST', cookie, 1);
  await load(bareUrl, 'POST', cookie, 1);
  const runs = { app: [] as LoadResult[], bare: [] as LoadResult[] };
  for (let i = 0; i < 3; i++) {
    runs.app.push(await load(appUrl, 'POST', cookie, seconds));
    runs.bare.push(await load(bareUrl, 'POST', cookie, seconds));
  }
  await app.close();
  await bare.close();
  const best = (rs: LoadResult[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
  return { app: best(runs.app), bare: best(runs.bare) };
}
