// A typed client generated from the OpenAPI document, as an outside program would make one: openapi-typescript turns
// /api/openapi.json into TypeScript types, the program in test/api-client compiles against them with the TypeScript
// compiler (a renamed field or a wrong type in the document fails here), and then runs over real HTTP with
// openapi-fetch and a personal API token.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { createApiToken } from '../../../test/support/api-tokens.js';
import { makeAdmin, makeTask, TEST_PASSWORD } from '../../../test/support/factories.js';
import { API_BAD_REQUEST } from '../../shared/errors.js';
import { INVALID_DAY } from '../../shared/schemas/path-date.js';
import { OPENAPI_PATH } from './openapi.js';

const PROGRAM = resolve('test/api-client/outside-program.ts');
/** The program's export, as this test reads it (the program is not part of the project's own type check). */
type Program = {
  logTimeAndReadBack: (
    baseUrl: string,
    token: string,
    taskId: number,
    day: Date,
    comment: string,
  ) => Promise<{
    rateLimit: string | null;
    slip: { id: number; startTime: string; stopTime: string | null; comment: string | null };
    logged: { id: number; comment: string | null } | null;
    wrongDay: { status: number; message?: string };
    bad: { status: number; message?: string; fields?: Record<string, string[]> };
  }>;
};

let api: ApiHarness;
let baseUrl: string;
let token: string;
let dir: string;
beforeAll(async () => {
  api = await setupApi();
  const admin = await makeAdmin(api.db.pool);
  const session = await api.signIn(admin.email, TEST_PASSWORD);
  token = (await createApiToken(session)).token;
  baseUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'sd6-openapi-client-'));
});
afterAll(async () => {
  await api?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a client generated from the document', () => {
  it('compiles the outside program against the generated types', { timeout: 120_000 }, async () => {
    const res = await fetch(`${baseUrl}${OPENAPI_PATH}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const types = astToString(await openapiTS((await res.json()) as Parameters<typeof openapiTS>[0]));
    const typesFile = join(dir, 'sd6-openapi.d.ts');
    await writeFile(typesFile, types);
    expect(types).toContain('"/api/manage/slip/summary/{date}"');

    const program = ts.createProgram([PROGRAM], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      paths: { 'sd6-openapi': [typesFile] },
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  });

  it('logs time, reads it back and is told what was wrong, over HTTP', async () => {
    const task = await makeTask(api.db.pool);
    // Loaded by its path: the project's own type check leaves the program to the test above.
    const { logTimeAndReadBack } = (await import(PROGRAM)) as Program;
    // A comment with a line break, quotes, a formula prefix and non-Latin text comes back exactly.
    const comment = '=SUM(A1)\n"Patched" the file server, Zoë Łukasiewicz 東京';
    const result = await logTimeAndReadBack(baseUrl, token, task.id, new Date(), comment);
    expect(result.slip).toMatchObject({
      startTime: '9:00 AM',
      stopTime: '10:30 AM',
      comment,
    });
    expect(result.logged).toEqual({ id: result.slip.id, comment });
    // 600 calls a minute unless configured; this program has made at least two this minute.
    const [, left, seconds] = /^"token";r=(\d+);t=(\d+)$/.exec(result.rateLimit ?? '') ?? [];
    expect(Number(left)).toBeLessThanOrEqual(598);
    expect(Number(seconds)).toBeGreaterThanOrEqual(1);
    // A day in the path in another format: 400 saying the format expected.
    expect(result.wrongDay).toEqual({ status: 400, message: INVALID_DAY });
    // A program is told about its request, not about a page with fields in red.
    expect(result.bad.status).toBe(400);
    expect(result.bad.message).toBe(API_BAD_REQUEST);
    expect(Object.keys(result.bad.fields ?? {})).toContain('startTime');
  });
});
