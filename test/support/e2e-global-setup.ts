// Once per browser-journey run: the built app on a fresh embedded database, with known staff users.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_USERS } from './e2e-users.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}

async function createStaff(
  baseUrl: string,
  cookie: string,
  user: (typeof E2E_USERS)[keyof typeof E2E_USERS],
) {
  const res = await fetch(`${baseUrl}/api/admin/staff/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
    body: JSON.stringify({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      shortCode: user.shortCode,
      active: true,
      roles: user.roles,
      homePage: 'cases',
      caseListDailySlipsMode: 'CLOSED',
      autoPopulateTaskPoints: false,
      password: user.password,
      version: 0,
    }),
  });
  if (!res.ok) throw new Error(`could not create ${user.email}: ${res.status} ${await res.text()}`);
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'sd6-e2e-'));
  const admin = E2E_USERS.admin;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SD6_ENV: 'dev',
      SD6_DEMO: 'off',
      LOG_LEVEL: 'warn',
      SD6_ADMIN_EMAIL: admin.email,
      SD6_ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const found = /SD6 is running at (http:\/\/\S+)/.exec(out);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  for (const key of ['user', 'developer'] as const) await createStaff(baseUrl, cookie, E2E_USERS[key]);
  project.provide('e2eBaseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
