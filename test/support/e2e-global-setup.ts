// Once per browser-journey run: the built app on a fresh embedded database (no demo data), with known staff users.
import type { TestProject } from 'vitest/node';
import { startServer } from './e2e-server.js';
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
  const admin = E2E_USERS.admin;
  const server = await startServer({
    SD6_DEMO: 'off',
    SD6_ADMIN_EMAIL: admin.email,
    SD6_ADMIN_PASSWORD: admin.password,
  });
  const { baseUrl } = server;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  for (const key of ['user', 'developer'] as const) await createStaff(baseUrl, cookie, E2E_USERS[key]);
  project.provide('e2eBaseUrl', baseUrl);
  return server.stop;
}
