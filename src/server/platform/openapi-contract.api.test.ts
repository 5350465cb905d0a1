// The contract of the API as its document states it: every GET operation of /api/openapi.json is called as an outside
// program would (a personal API token), with data made by the factories, and each answer is validated against the
// schema the document gives for its status with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1). Every other
// call of the API suites is checked too, by the serializer's strict mode (a field the schema does not describe fails).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNotice, makeRequiredUpload } from '../../../test/support/admin-report-factories.js';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { createApiToken } from '../../../test/support/api-tokens.js';
import { draftMonth } from '../../../test/support/billing-run.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeAmendmentType,
  makeBucket,
  makeBucketCategory,
  makeCase,
  makeDepartment,
  makeDeviceCategory,
  makeDeviceStatus,
  makeEquipment,
  makeOpportunity,
  makeOrganization,
  makeOutage,
  makeOutageType,
  makePerson,
  makeServiceType,
  makeSlip,
  makeSoftware,
  makeTask,
  TEST_PASSWORD,
} from '../../../test/support/factories.js';
import { multipart, samplePdf } from '../../../test/support/files.js';
import { makeHistory } from '../../../test/support/history-factories.js';
import { fixture, uploadExport } from '../../../test/support/import-factories.js';
import { makeDevice } from '../../../test/support/report-factories.js';
import { companyToday } from '../../shared/format/company-time.js';
import { toPathDate } from '../../shared/format/date.js';
import { DOC_BOOK_IDS } from '../../shared/schemas/documentation.js';
import { OPENAPI_PATH } from './openapi.js';

type Schema = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Response = { description: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  parameters?: Parameter[];
  responses: Record<string, Response>;
  security?: Record<string, unknown>[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** A name no formatter may bend: it must come back exactly as stored. */
const HOSTILE_NAME = '=HYPERLINK("x")\n"Zoë Łukasiewicz", 東京; a,b';

let api: ApiHarness;
let token: string;
let cookie: string;
let document: Document;
/** Values of path and query parameters that no list names (days, users, the factories' records). */
const known: Record<string, string> = {};
/** Paths whose samples are made by hand: the addresses to call, and (rarely) the statuses allowed besides 2xx. */
const special = new Map<string, { urls: string[]; allow?: number[]; why?: string }>();

const bearer = (method: 'GET' | 'POST', url: string) =>
  api.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
/** As the document says to call the operation: with the token, or (routes that refuse tokens) the session. */
const call = (op: Operation, url: string) =>
  op.security && !op.security.some((s) => 'bearer' in s)
    ? api.app.inject({ method: 'GET', url, headers: { cookie } })
    : bearer('GET', url);

beforeAll(async () => {
  api = await setupApi();
  const pool = api.db.pool;
  // An administrator who is also the primary developer reaches every screen's calls (the jobs screen too).
  const admin = await makeAdmin(pool, {
    firstName: 'Ada',
    lastName: 'Admin',
    roles: ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_PRIMARY_DEVELOPER'],
  });
  const session = await api.signIn(admin.email, TEST_PASSWORD);
  cookie = session.cookie;
  token = (await createApiToken(session)).token;

  // Hostile names travel through every answer that shows them: line breaks, quotes, a formula prefix, non-Latin text.
  const organization = await makeOrganization(pool, { name: HOSTILE_NAME });
  await makePerson(pool, { organizationId: organization.id });
  const category = await makeDeviceCategory(pool);
  await makeEquipment(pool, { organizationId: organization.id, categoryId: category.id });
  await makeDevice(pool, organization.id);
  await makeSoftware(pool, { organizationId: organization.id });
  const outageType = await makeOutageType(pool);
  await makeOutage(pool, { organizationId: organization.id, outageTypeId: outageType.id });
  await makeDepartment(pool);
  await makeDeviceStatus(pool);
  const bucketCategory = await makeBucketCategory(pool);
  await makeBucket(pool, { categoryId: bucketCategory.id, userId: admin.id });
  const kase = await makeCase(pool, { organizationId: organization.id, title: HOSTILE_NAME });
  const task = await makeTask(pool, { caseId: kase.id, title: HOSTILE_NAME });
  await makeSlip(pool, { taskId: task.id, userId: admin.id });
  const serviceType = await makeServiceType(pool);
  await makeAmendmentType(pool);
  const agreement = await makeAgreement(pool, { organizationId: organization.id });
  await makeAgreementService(pool, { agreementId: agreement.id, serviceTypeId: serviceType.id });
  const opportunity = await makeOpportunity(pool, { organizationId: organization.id });
  const proposal = await pool.query<{ id: number }>(
    `INSERT INTO proposals (opportunity_id, number, title, status, terms)
     VALUES ($1, 'PR-CONTRACT-1', 'Managed services', 'SENT', '<p>Net 30.</p>') RETURNING id`,
    [opportunity.id],
  );
  await pool.query(
    `INSERT INTO proposal_lines (proposal_id, position, service_type_id, description, quantity, unit_price, recurrence)
     VALUES ($1, 0, $2, 'Monitoring', 10, 25, 'MONTHLY')`,
    [proposal.rows[0]!.id, serviceType.id],
  );
  await makeNotice(pool, { asBanner: true });
  const requiredUpload = await makeRequiredUpload(pool);
  await makeHistory(pool, { organizations: [organization.id], requiredUploadId: requiredUpload.id });

  // An agreement's and an opportunity's document with its file, uploaded as the screens do.
  for (const [url, kind] of [
    [`/api/manage/agreement/${agreement.id}/document/create`, 'CONTRACT'],
    [`/api/manage/opportunity/${opportunity.id}/document/create`, 'QUOTE'],
  ] as const) {
    const body = multipart([
      { name: 'title', value: 'Signed papers' },
      { name: 'kind', value: kind },
      { name: 'signedDate', value: '03/02/2026' },
      { name: 'file', filename: 'contract.pdf', data: samplePdf(), contentType: 'application/pdf' },
    ]);
    const uploaded = await api.app.inject({
      method: 'POST',
      url,
      headers: {
        cookie: session.cookie,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
    expect(uploaded.statusCode, `${url}: ${uploaded.body}`).toBe(200);
  }
  // A caught mail (no SMTP in the tests): the password-reset mail of the administrator.
  expect((await api.anonymous.post('/api/auth/forgot-password', { email: admin.email })).statusCode).toBe(
    200,
  );
  // A file import run (an RMM export, uploaded).
  const run = await uploadExport(api.app, session.cookie, {
    name: 'ninjaone-api-devices.csv',
    data: await fixture('ninjaone-api-devices.csv'),
  });
  expect(run.statusCode, run.body).toBe(200);
  // A webhook endpoint (a hostile description) with one delivery in its log: a test event to a closed port.
  const hook = await session.post('/api/admin/webhooks', {
    url: 'http://127.0.0.1:9/hook',
    description: HOSTILE_NAME,
    events: ['slip.created', 'case.billed'],
  });
  expect(hook.statusCode, hook.body).toBe(200);
  const test = await session.post(`/api/admin/webhooks/${hook.json().item.id}/test`);
  expect(test.statusCode, test.body).toBe(200);
  // A security pack, made by its job.
  const pack = await session.post('/api/report/security-pack', { clients: String(organization.id) });
  expect(pack.statusCode, pack.body).toBe(200);

  Object.assign(known, {
    date: toPathDate(new Date()),
    userId: String(admin.id),
    taskId: String(task.id),
    caseId: String(kase.id),
    task: String(task.id),
    case: String(kase.id),
    organization: String(organization.id),
    category: String(category.id),
    frequency: 'QUARTERLY',
  });
  // A month's billing run, drafted by its job, and one of its invoices.
  const billing = await draftMonth(session, companyToday(api.config.timeZone).iso.slice(0, 7));
  const invoices = (await session.get(`/api/report/billing-run/${billing.id}/invoices`)).json();
  const invoiceUrl = `/api/report/invoice/${invoices.items[0].id}`;
  // Approved and posted, so the run has something to export for accounting.
  const approved = await session.post(`${invoiceUrl}/approve`, { version: 0 });
  expect(approved.statusCode, approved.body).toBe(200);
  const posted = await session.post(`${invoiceUrl}/post`, { version: approved.json().invoice.version });
  expect(posted.statusCode, posted.body).toBe(200);
  special.set('/api/report/invoice/{id}', { urls: [invoiceUrl] });
  special.set('/api/report/invoice/{id}/pdf', { urls: [`${invoiceUrl}/pdf`] });
  const packId = (pack.json() as { job: { id: string } }).job.id;
  special.set('/api/report/security-pack/{id}', { urls: [`/api/report/security-pack/${packId}`] });
  special.set('/api/history/{entity}/{id}', {
    urls: [`/api/history/case/${kase.id}`, `/api/history/agreement/${agreement.id}`],
  });
  // Single sign-on is not set up here (sso.api.test.ts drives a real provider): start and callback answer its error.
  special.set('/api/auth/sso/start', { urls: ['/api/auth/sso/start'], allow: [400, 404], why: 'SSO off' });
  special.set('/api/auth/sso/callback', {
    urls: ['/api/auth/sso/callback'],
    allow: [400, 404],
    why: 'SSO off',
  });
  special.set('/api/time/quick-match', {
    urls: [`/api/time/quick-match?words=${encodeURIComponent('task')}`],
  });
  special.set('/api/auth/reset-password/{token}', {
    urls: ['/api/auth/reset-password/not-a-real-token-0123456789'],
    allow: [400, 404],
    why: 'an unknown token',
  });

  const pages: string[] = [];
  for (const book of DOC_BOOK_IDS) {
    const toc = (await bearer('GET', `/api/resources/docs/${book}`)).json() as { pages: { slug: string }[] };
    pages.push(`/api/resources/docs/${book}/${toc.pages[0]!.slug}`);
  }
  special.set('/api/resources/docs/{book}/{page}', { urls: pages });

  const doc = await bearer('GET', OPENAPI_PATH);
  expect(doc.statusCode).toBe(200);
  document = doc.json() as Document;
}, 120_000);
afterAll(() => api?.close());

/** The values a path parameter can take, from the parameter's enum, a list of the API, or the factories. */
async function valuesOf(template: string, path: string, name: string, op: Operation): Promise<string[]> {
  const parameter = op.parameters?.find((p) => p.in === 'path' && p.name === name);
  const enumValues = parameter?.schema?.enum as string[] | undefined;
  if (enumValues) return enumValues;
  if (known[name]) return [known[name]];
  // A record's id: the first item of the list at the path before it (`/a/{id}` -> GET /a).
  const listPath = path.slice(0, path.indexOf(`/{${name}}`));
  const list = document.paths[template.slice(0, template.indexOf(`/{${name}}`))]?.get;
  let seen = '';
  if (list) {
    const res = await bearer('GET', withQuery(listPath, list));
    expect(res.statusCode, `${listPath}: ${res.body}`).toBe(200);
    const id = firstId(res.json());
    if (id !== null) return [String(id)];
    seen = ` (GET ${listPath} answered ${res.body.slice(0, 200)})`;
  }
  // A record not made here: the screen of a new one.
  const canCreate = JSON.stringify(parameter?.schema ?? {}).includes('"create"');
  if (canCreate) return ['create'];
  throw new Error(`no sample for {${name}} of ${path}${seen}: make one in the factories above`);
}

/** The id of a list's first row, wherever the answer keeps its rows (`items`, `{ mail: { items } }`, an array). */
function firstId(body: unknown, depth = 0): number | string | null {
  if (depth > 3 || body === null || typeof body !== 'object') return null;
  if (Array.isArray(body)) {
    const row = body.find((r) => r && typeof r === 'object' && 'id' in r) as { id: number } | undefined;
    return row?.id ?? null;
  }
  const record = body as Record<string, unknown>;
  for (const value of [record.items, ...Object.values(record)]) {
    const id = firstId(value, depth + 1);
    if (id !== null) return id;
  }
  return null;
}

/** The path with its required query parameters filled in. */
function withQuery(path: string, op: Operation): string {
  const required = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  if (required.length === 0) return path;
  const query = required.map((p) => {
    const value = known[p.name] ?? (p.schema?.enum as string[] | undefined)?.[0];
    if (value === undefined) throw new Error(`no sample for the query parameter ${p.name} of ${path}`);
    return `${p.name}=${encodeURIComponent(value)}`;
  });
  return `${path}?${query.join('&')}`;
}

async function urlsOf(path: string, op: Operation): Promise<string[]> {
  let urls = [path];
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    const next: string[] = [];
    for (const url of urls)
      for (const value of await valuesOf(path, url, name!, op))
        next.push(url.replace(`{${name}}`, encodeURIComponent(value)));
    urls = next;
  }
  return urls.map((u) => withQuery(u, op));
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();

/** The documented schema of a JSON answer, with the document's shared schemas reachable from it. */
function validatorOf(schema: Schema) {
  let validate = validators.get(schema);
  if (!validate) {
    const text = JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/');
    validate = ajv.compile({ ...JSON.parse(text), $defs: document.components.schemas });
    validators.set(schema, validate);
  }
  return validate;
}

/** Checks one answer against the operation's documented response for its status; returns what is wrong, or null. */
function contractProblem(op: Operation, res: LightMyRequestResponse): string | null {
  const documented = op.responses[String(res.statusCode)];
  if (!documented)
    return `answered ${res.statusCode}, which the document does not list: ${res.body.slice(0, 300)}`;
  if (!documented.content) return null;
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  // An exact media type, else a range the document gives (image/*, */*).
  const media =
    documented.content[type] ?? documented.content[`${type.split('/')[0]}/*`] ?? documented.content['*/*'];
  if (!media) return `sent ${type}, documented ${Object.keys(documented.content).join(', ')}`;
  if (type !== 'application/json' || !media.schema) return null;
  const validate = validatorOf(media.schema);
  if (validate(res.json())) return null;
  return ajv.errorsText(validate.errors, { separator: '\n' });
}

describe('every GET operation answers what the document says', () => {
  it('calls each one with factory data and validates the answer', { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    let calls = 0;
    const operations = Object.entries(document.paths).filter(([, ops]) => ops.get);
    expect(operations.length).toBeGreaterThan(100);
    for (const [path, ops] of operations) {
      const op = ops.get!;
      const sample = special.get(path);
      const urls = sample?.urls ?? (await urlsOf(path, op));
      for (const url of urls) {
        const res = await call(op, url);
        calls++;
        const ok = res.statusCode < 400 || sample?.allow?.includes(res.statusCode);
        if (!ok) problems.push(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        const problem = contractProblem(op, res);
        if (problem) problems.push(`GET ${url}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(operations.length);
  });

  it('sends hostile names back exactly as stored', async () => {
    const organizations = (await bearer('GET', '/api/manage/organization')).json() as {
      items: { name: string }[];
    };
    expect(organizations.items.map((o) => o.name)).toContain(HOSTILE_NAME);
    const cases = (await bearer('GET', '/api/manage/case')).json() as { items: { title: string }[] };
    expect(cases.items.map((c) => c.title)).toContain(HOSTILE_NAME);
  });
});
