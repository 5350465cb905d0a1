// The layout walk (issue 30): every screen of the route table, at a phone's 390 px and a desktop's 1280 px (with and
// without the daily panel open beside it), as an administrator over the demo data (long names, big figures, full
// lists): the page never scrolls sideways, no header cell is clipped or sits under its neighbour, a table that
// scrolls says so, nothing is cut off, no word or figure breaks mid-way and money shows its cents. Parameters come from the demo data through the API; the few routes that cannot be shown are named
// with the reason. Signed-out screens are walked signed out.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../../src/server/first-start';
import { pathFor, ROUTES, type RouteName } from '../../src/shared/routes';
import { openBrowser } from '../support/e2e';
import { post, XHR } from '../support/e2e-data';
import { type RunningServer, startServer } from '../support/e2e-server';
import { layoutProblems } from '../support/layout-probe';

/** The widths walked; at 1280 px twice: as is, and beside the open daily panel (the default of many users). */
const WIDTHS = [
  { label: 'phone', width: 390, height: 800, daily: false },
  { label: 'desktop', width: 1280, height: 800, daily: false },
  { label: 'desktop+daily', width: 1280, height: 800, daily: true },
] as const;

/** How long a screen may take to settle before the walk names it. */
const SETTLE_MS = 30_000;

/** Screens shown only to a signed-out visitor (a signed-in one is sent home). */
const SIGNED_OUT: RouteName[] = [
  'login',
  'forgot_password',
  'forgot_password_instructions',
  'forgot_password_reset',
  'force_sso',
];
/** Routes with no screen of their own to measure, and why. */
const NOT_WALKED: Partial<Record<RouteName, string>> = {
  logout: 'signs the walker out; it shows no screen',
  index: 'forwards to the home page, which is walked as itself',
  '2fa_login': 'exists only in the middle of a sign-in with a second factor (two-factor.e2e walks it)',
  '2fa_setup': 'exists only while a sign-in must set up a second factor (two-factor.e2e walks it)',
};

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ SD6_DEMO: '1' }, 120_000), openBrowser()]);
}, 150_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Ref = { value: number };
type Item = { id: number; organization?: Ref; case?: Ref };
const limited = (url: string, n: number) => `${url}${url.includes('?') ? '&' : '?'}limit=${n}`;

async function items(request: APIRequestContext, url: string): Promise<Item[]> {
  const res = await request.get(url, { headers: XHR });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { items: Item[] }).items;
}
async function first(request: APIRequestContext, url: string): Promise<Item> {
  const [item] = await items(request, limited(url, 1));
  if (!item) throw new Error(`the demo data has no ${url}`);
  return item;
}
/** The first parent (of the first page) that has at least one child at `childUrl(parent)`. */
async function withChild(request: APIRequestContext, parents: string, childUrl: (id: number) => string) {
  for (const parent of await items(request, limited(parents, 100))) {
    const [child] = await items(request, limited(childUrl(parent.id), 1));
    if (child) return { parent, child };
  }
  throw new Error(`no ${parents} with ${childUrl(0)}`);
}

type BillingRunState = { id: number; status: { value: string }; error: string | null };

/** The demo data has no billing run: last month's is drafted here (a background job), its first invoice walked. */
async function lastMonthsInvoice(request: APIRequestContext): Promise<Item> {
  const now = new Date();
  const month = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const period = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, '0')}`;
  let { run } = await post<{ run: BillingRunState }>(request, '/api/report/billing-run', { period });
  const deadline = Date.now() + 90_000;
  while (run.status.value === 'QUEUED' || run.status.value === 'RUNNING') {
    if (Date.now() > deadline) throw new Error(`the billing run of ${period} never finished`);
    await new Promise((done) => setTimeout(done, 500));
    const res = await request.get(`/api/report/billing-run/${run.id}`, { headers: XHR });
    run = ((await res.json()) as { run: BillingRunState }).run;
  }
  const [invoice] = await items(request, `/api/report/billing-run/${run.id}/invoices?limit=1`);
  if (!invoice)
    throw new Error(`the billing run of ${period} drafted no invoice (${run.error ?? run.status.value})`);
  return invoice;
}

/**
 * Every parameter a route can take, filled from the demo data (and one file import run and last month's billing run
 * made here).
 */
async function routeParams(request: APIRequestContext) {
  const agreementWith = async (kind: string) =>
    withChild(request, '/api/manage/agreement', (id) => `/api/manage/agreement/${id}/${kind}`);
  const opportunityWith = async (kind: string) =>
    withChild(request, '/api/manage/opportunity', (id) => `/api/manage/opportunity/${id}/${kind}`);
  const service = await agreementWith('service');
  const amendment = await agreementWith('amendment');
  const agreementDoc = await agreementWith('document');
  const proposal = await opportunityWith('proposal');
  const opportunityDoc = await opportunityWith('document');
  const slipTask = await withChild(request, '/api/manage/task', (id) => `/api/manage/slip?task=${id}`);
  const upload = await request.post('/api/admin/file-import/upload', {
    headers: XHR,
    multipart: {
      file: {
        name: 'ncentral-patch.csv',
        mimeType: 'text/csv',
        buffer: readFileSync('test/fixtures/rmm/ncentral-patch.csv'),
      },
    },
  });
  if (!upload.ok()) throw new Error(`file import upload: ${upload.status()} ${await upload.text()}`);
  const run = (await upload.json()) as { run: { id: number } };
  const docs = async (book: string) =>
    (
      (await (await request.get(`/api/resources/docs/${book}`, { headers: XHR })).json()) as {
        pages: { slug: string }[];
      }
    ).pages.at(-1)!.slug;
  // The demo data has no webhook endpoint: one made here (the journeys' server allows loopback addresses).
  const hook = await request.post('/api/admin/webhooks', {
    headers: XHR,
    data: { url: 'http://127.0.0.1:9/layout-walk', description: 'Layout walk', events: ['slip.created'] },
  });
  if (!hook.ok()) throw new Error(`webhook endpoint: ${hook.status()} ${await hook.text()}`);
  const webhook = ((await hook.json()) as { item: Item }).item;
  const invoice = await lastMonthsInvoice(request);
  const person = await first(request, '/api/manage/person');
  const equipment = await first(request, '/api/manage/equipment');
  const software = await first(request, '/api/manage/software');
  const system = await first(request, '/api/manage/system');
  return {
    agreement: service.parent,
    service,
    amendment,
    agreementDoc,
    proposal,
    opportunityDoc,
    slip: { caseId: slipTask.parent.case!.value, taskId: slipTask.parent.id, slipId: slipTask.child.id },
    runId: run.run.id,
    webhook,
    invoice,
    person,
    equipment,
    software,
    system,
    staff: await first(request, '/api/admin/staff'),
    outage: await first(request, '/api/manage/outage'),
    byArea: {
      device_category: await first(request, '/api/admin/device-category'),
      outage_type: await first(request, '/api/admin/outage-type'),
      department: await first(request, '/api/admin/department'),
      bucket: await first(request, '/api/admin/bucket'),
      amendment_type: await first(request, '/api/admin/amendment-type'),
      service_type: await first(request, '/api/admin/service-type'),
      notice: await first(request, '/api/admin/notice'),
      required_upload: await first(request, '/api/admin/required-upload'),
    } as Record<string, Item>,
    pages: {
      documentation_page: await docs('user'),
      documentation_dev_page: await docs('dev'),
      documentation_scripting_page: await docs('scripting'),
    } as Record<string, string>,
  };
}
type Params = Awaited<ReturnType<typeof routeParams>>;

const orgOf = (item: Item) => item.organization!.value;

/** The address of a route over the demo data. */
function addressOf(name: RouteName, p: Params): string {
  const keys = [...ROUTES[name]!.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (keys.length === 0) return pathFor(name);
  const at = (params: Record<string, number | string>) => pathFor(name, params);
  if (name === 'error') return at({ statusCode: 404 });
  if (name === 'forgot_password_reset') return at({ token: 'a-link-that-has-expired' });
  if (name === 'equipment_filtered') return at({ filters: JSON.stringify({ filter: 'all', q: 'SRV' }) });
  if (name === 'file_import_run') return at({ runId: p.runId });
  if (keys.includes('page')) return at({ page: p.pages[name]! });
  if (keys.includes('caseId')) return at(p.slip);
  if (name.startsWith('organization_person')) return at({ id: orgOf(p.person), personId: p.person.id });
  if (name.startsWith('organization_equipment_'))
    return at({ id: orgOf(p.equipment), equipmentId: p.equipment.id });
  if (name.startsWith('organization_software_'))
    return at({ id: orgOf(p.software), softwareId: p.software.id });
  if (name.startsWith('organization_system_')) return at({ id: orgOf(p.system), systemId: p.system.id });
  const agreement = (a: { parent: Item }) => ({ id: a.parent.id, agreementId: a.parent.id });
  const opportunity = (o: { parent: Item }) => ({ id: o.parent.id, opportunityId: o.parent.id });
  const nested = (ids: Record<string, number>, parent: Item) =>
    name.startsWith('organization_') ? { ...ids, id: orgOf(parent) } : ids;
  if (keys.includes('serviceId'))
    return at(nested({ ...agreement(p.service), serviceId: p.service.child.id }, p.service.parent));
  if (keys.includes('amendmentId'))
    return at(nested({ ...agreement(p.amendment), amendmentId: p.amendment.child.id }, p.amendment.parent));
  if (keys.includes('proposalId'))
    return at(nested({ ...opportunity(p.proposal), proposalId: p.proposal.child.id }, p.proposal.parent));
  if (keys.includes('documentId')) {
    const doc = name.includes('agreement') ? p.agreementDoc : p.opportunityDoc;
    const ids = name.includes('agreement') ? agreement(doc) : opportunity(doc);
    return at(nested({ ...ids, documentId: doc.child.id }, doc.parent));
  }
  if (keys.includes('agreementId'))
    return at({ ...agreement(p.agreementDoc), id: orgOf(p.agreementDoc.parent) });
  if (keys.includes('opportunityId')) return at({ ...opportunity(p.proposal), id: orgOf(p.proposal.parent) });
  if (name.startsWith('organization_')) return at({ id: orgOf(p.agreement) });
  if (name.startsWith('agreement_')) return at({ id: p.agreement.id });
  if (name.startsWith('opportunity_')) return at({ id: p.proposal.parent.id });
  if (name.startsWith('staff_')) return at({ id: p.staff.id });
  if (name.startsWith('webhook_')) return at({ id: p.webhook.id });
  if (name.startsWith('report_invoice')) return at({ id: p.invoice.id });
  if (name.startsWith('person_')) return at({ id: p.person.id });
  if (name.startsWith('equipment_')) return at({ id: p.equipment.id });
  if (name.startsWith('software_')) return at({ id: p.software.id });
  if (name.startsWith('outage_') && !name.startsWith('outage_type')) return at({ id: p.outage.id });
  const area = Object.keys(p.byArea).find((a) => name.startsWith(`${a}_`));
  if (area) return at({ id: p.byArea[area]!.id });
  throw new Error(`no parameters for ${name}`);
}

/** Requests in flight on a page (answered once its response arrives: a 401's body may never be read). */
function trackRequests(page: Page) {
  const pending = new Set<unknown>();
  page.on('request', (r) => pending.add(r));
  page.on('response', (r) => pending.delete(r.request()));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return () => pending.size;
}

/** Two animation frames: React has committed what the last event or answer started. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

const quiet = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('h1') !== null &&
      document.querySelector('[aria-busy="true"], .spinner-border, .placeholder-glow') === null &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );

/**
 * The screen a user would see: a heading, nothing loading or moving, no request in flight, and still so after the
 * next render (a screen that has just rendered starts its own requests).
 */
async function settle(page: Page, pending: () => number) {
  // The heaviest screen (the API reference: Swagger UI over some 260 operations) took 6 s to settle on a loaded
  // two-core machine; 30 s leaves it room while still naming a screen that never settles.
  const deadline = Date.now() + SETTLE_MS;
  let calm = 0;
  while (calm < 2) {
    if (Date.now() > deadline) throw new Error('never settled');
    await frames(page);
    calm = pending() === 0 && (await quiet(page)) ? calm + 1 : 0;
  }
}

/** Client-side navigation, as the app's own links do (the router listens to history). */
async function visit(page: Page, path: string) {
  await page.evaluate((to) => {
    window.scrollTo(0, 0);
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** One width's walk over the routes, on a page of its own. */
async function walkAt(
  context: BrowserContext,
  size: (typeof WIDTHS)[number],
  routes: { name: RouteName; path: string }[],
  found: string[],
): Promise<void> {
  const page = await context.newPage();
  await page.setViewportSize(size);
  const pending = trackRequests(page);
  await page.goto(routes[0]!.path);
  if (size.daily) {
    // Opened once: it stays open from screen to screen.
    await page.getByRole('button', { name: 'Daily', exact: true }).click();
    await page.getByTestId('daily-panel').waitFor();
  }
  for (const [i, { name, path }] of routes.entries()) {
    if (i > 0) await visit(page, path);
    try {
      await settle(page, pending);
    } catch {
      found.push(
        `${size.label} ${name} ${path}: never settled (no heading, or still busy after ${SETTLE_MS / 1000} s)`,
      );
      continue;
    }
    // A route may forward (a copy opens the create form): the finding names where the screen is.
    const url = new URL(page.url());
    const at = url.pathname + url.search;
    const problems = await page.evaluate(layoutProblems);
    for (const problem of problems)
      found.push(`${size.label} ${name} ${at === path ? path : `${path} → ${at}`}: ${problem}`);
    // What was found, as the engineer will want to see it.
    if (problems.length > 0)
      await page.screenshot({ path: `.tmp/shots/layout-${name}-${size.label.replace('+', '-')}.png` });
  }
  await page.close();
}

/** Both widths at once, each on its own page of the same signed-in (or signed-out) browser. */
const walk = (
  context: BrowserContext,
  routes: { name: RouteName; path: string }[],
  found: string[],
  sizes: readonly (typeof WIDTHS)[number][] = WIDTHS,
) => Promise.all(sizes.map((size) => walkAt(context, size, routes, found)));

describe('layout on every route', () => {
  it('no sideways scroll, no clipped header, no cut-off text, no broken figure, money with cents, at 390 and 1280 px', async () => {
    const started = Date.now();
    const found: string[] = [];
    const signedIn = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'block' });
    const login = await signedIn.request.post('/api/auth/login', {
      headers: XHR,
      data: { email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.ok()).toBe(true);
    // The case list would open the daily panel for this user: only the pass that asks for it has it.
    const { user } = await (await signedIn.request.get('/api/user/settings', { headers: XHR })).json();
    await post(signedIn.request, '/api/user/settings', { ...user, caseListDailySlipsMode: 'CLOSED' });
    const params = await routeParams(signedIn.request);

    const names = Object.keys(ROUTES) as RouteName[];
    const walked = names.filter((n) => !ROUTES[n]?.external && !(n in NOT_WALKED));
    const inside = walked.filter((n) => !SIGNED_OUT.includes(n));
    await walk(
      signedIn,
      inside.map((name) => ({ name, path: addressOf(name, params) })),
      found,
    );
    await signedIn.close();

    const signedOut = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'block' });
    await walk(
      signedOut,
      SIGNED_OUT.map((name) => ({ name, path: addressOf(name, params) })),
      found,
      WIDTHS.filter((size) => !size.daily),
    );
    await signedOut.close();

    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `layout walk: ${walked.length} routes × ${WIDTHS.length} widths in ${seconds} s; not walked: ${Object.entries(
        NOT_WALKED,
      )
        .map(([n, why]) => `${n} (${why})`)
        .join(', ')}`,
    );
    expect(found).toEqual([]);
  }, 600_000);
});
