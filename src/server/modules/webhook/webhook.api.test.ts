// Webhooks end to end against real receivers on loopback: every delivery is verified with the standardwebhooks
// package (the Standard Webhooks project's own TypeScript library), not with SD6's signing code.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { type Receiver, startReceiver } from '../../../../test/support/webhook-receiver.js';
import { withTransaction } from '../../platform/transaction.js';
import { NOT_HTTPS, privateAddress } from '../../platform/webhooks/address.js';
import { pruneLog } from '../../platform/webhooks/deliver.js';

// Most tests run each attempt themselves at the time they choose (no job workers in this app); `running` below is an
// app whose queue delivers on its own, as the server does.
let api: ApiHarness;
let admin: Awaited<ReturnType<ApiHarness['signIn']>>;
let adminId: number;
let manual: { api: ApiHarness; admin: typeof admin; adminId: number };
let running: typeof manual;
const receivers: Receiver[] = [];

async function harness(workers: boolean): Promise<typeof manual> {
  const h = await setupApi({ jobWorkers: workers });
  const user = await makeAdmin(h.db.pool);
  return { api: h, admin: await h.signIn(user.email, TEST_PASSWORD), adminId: user.id };
}
const use = (h: typeof manual) => {
  ({ api, admin, adminId } = h);
};
beforeAll(async () => {
  manual = await harness(false);
  running = await harness(true);
  use(manual);
});
afterEach(async () => {
  // Each test subscribes its own endpoints: none carries over.
  await api.db.pool.query('DELETE FROM webhook_endpoints');
  use(manual);
});
afterAll(async () => {
  for (const r of receivers) await r.close();
  await manual?.api.close();
  await running?.api.close();
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function subscribe(url: string, events = ['slip.updated']) {
  const res = await admin.post('/api/admin/webhooks', { url, description: 'Accounting', events });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { item: { id: number; version: number }; secret: string };
}

async function aSlip() {
  const org = await makeOrganization(api.db.pool);
  const kase = await makeCase(api.db.pool, { organizationId: org.id });
  const task = await makeTask(api.db.pool, { caseId: kase.id });
  const slip = await makeSlip(api.db.pool, {
    taskId: task.id,
    userId: adminId,
    comment: 'Line one\n"quoted", =SUM(A1) 東京',
  });
  const res = await admin.get(`/api/manage/slip/${slip.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().slip as Record<string, unknown> & { id: number; comment: string | null };
}

/** Emits slip.updated for `slip` in a transaction of its own (as a save would). */
async function emitUpdated(slip: Awaited<ReturnType<typeof aSlip>>, fail = false) {
  await withTransaction(api.db, async ({ client }) => {
    await api.app.webhooks.emit(client, {
      type: 'slip.updated',
      entity: `slip:${slip.id}`,
      data: () => slip,
    });
    if (fail) throw new Error('the change fails');
  });
}

const deliveries = async (endpointId: number) =>
  (
    await api.db.pool.query<{ id: string; status: string; attempts: number; next_attempt_at: Date | null }>(
      'SELECT id, status, attempts, next_attempt_at FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id',
      [endpointId],
    )
  ).rows.map((r) => ({ ...r, id: Number(r.id) }));

const verify = (secret: string, r: { body: string; headers: Record<string, unknown> }) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };

describe('endpoints', () => {
  it('adds an endpoint with a whsec_ secret shown once, lists it without the secret, keeps history', async () => {
    const r = await receiver();
    const { item, secret } = await subscribe(r.url, ['slip.created', 'week.approved']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const list = await admin.get('/api/admin/webhooks');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).not.toContain(secret.slice(6, 20));
    expect(list.json().items[0]).toMatchObject({ url: r.url, enabled: true, secretHint: secret.slice(-4) });
    const stored = (await api.db.pool.query('SELECT secret FROM webhook_endpoints WHERE id = $1', [item.id]))
      .rows[0];
    expect(stored.secret).not.toContain(secret.slice(6));
    const history = await admin.get(`/api/history/webhook/${item.id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('Endpoint URL');
  });

  it('is for administrators only, refused before the body is read', async () => {
    const user = await makeUser(api.db.pool);
    const caller = await api.signIn(user.email, TEST_PASSWORD);
    expect((await caller.get('/api/admin/webhooks')).statusCode).toBe(403);
    expect((await caller.post('/api/admin/webhooks', { nonsense: true })).statusCode).toBe(403);
  });

  it('refuses addresses that are not https, not addresses, or unknown events, with a message on the field', async () => {
    for (const url of ['http://93.184.215.14/hook', 'ftp://example.com/x', 'http://example.com/hook']) {
      const res = await admin.post('/api/admin/webhooks', { url, events: ['slip.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().form.fields.url).toEqual([NOT_HTTPS]);
    }
    const notUrl = await admin.post('/api/admin/webhooks', { url: 'just words', events: ['slip.created'] });
    expect(notUrl.json().form.fields.url[0]).toContain('full address');
    const badEvent = await admin.post('/api/admin/webhooks', {
      url: 'https://93.184.215.14/',
      events: ['slip.eaten'],
    });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().form.fields.events).toBeDefined();
    expect((await api.db.pool.query('SELECT count(*)::int AS n FROM webhook_endpoints')).rows[0].n).toBe(0);
  });

  it('answers bad input with a message, never a 500: NUL bytes, huge ids, a delivery of another endpoint, a bad cursor', async () => {
    const r = await receiver();
    const { item } = await subscribe(r.url);
    for (const [field, body] of [
      ['url', { url: `${r.url}?x=\u0000`, events: ['slip.created'] }],
      ['description', { url: r.url, description: 'Acme\u0000 Dental', events: ['slip.created'] }],
    ] as const) {
      const nul = await admin.post('/api/admin/webhooks', body);
      expect(nul.statusCode, field).toBe(400);
      expect(Object.keys(nul.json().form.fields)).toEqual([field]);
    }
    for (const url of [
      '/api/admin/webhooks/99999999999',
      '/api/admin/webhooks/0',
      `/api/admin/webhooks/${item.id}/deliveries/99999999999`,
    ])
      expect([400, 404], url).toContain((await admin.get(url)).statusCode);
    const other = await subscribe(r.url);
    await admin.post(`/api/admin/webhooks/${other.item.id}/test`);
    const [theirs] = await deliveries(other.item.id);
    expect((await admin.get(`/api/admin/webhooks/${item.id}/deliveries/${theirs!.id}`)).statusCode).toBe(404);
    expect(
      (await admin.post(`/api/admin/webhooks/${item.id}/deliveries/${theirs!.id}/redeliver`)).statusCode,
    ).toBe(404);
    const badOverlap = await admin.post(`/api/admin/webhooks/${item.id}/rotate-secret`, { overlapHours: 5 });
    expect(badOverlap.statusCode).toBe(400);
    expect(badOverlap.json().form.fields.overlapHours).toBeDefined();
    const cursor = await admin.get(`/api/admin/webhooks/${item.id}/deliveries?cursor=not-a-cursor`);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().message).not.toMatch(/zod|invalid_type/i);
    const status = await admin.get(`/api/admin/webhooks/${item.id}/deliveries?status=lost`);
    expect(status.statusCode).toBe(400);
    expect((await admin.delete(`/api/admin/webhooks/${item.id}`)).statusCode).toBe(400);
  });

  it('saves with the version it was read at: a stale change answers 409 with the endpoint as it is', async () => {
    const r = await receiver();
    const { item } = await subscribe(r.url);
    const put = (body: object) =>
      api.app.inject({
        method: 'PUT',
        url: `/api/admin/webhooks/${item.id}`,
        headers: { cookie: admin.cookie, 'x-requested-with': 'XMLHttpRequest' },
        payload: body,
      });
    const first = await put({
      url: r.url,
      description: 'Renamed',
      events: ['slip.deleted'],
      enabled: true,
      version: item.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().item).toMatchObject({ description: 'Renamed', events: ['slip.deleted'] });
    const stale = await put({
      url: r.url,
      description: 'Lost',
      events: ['slip.deleted'],
      enabled: true,
      version: item.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.description).toBe('Renamed');
    const del = await admin.delete(`/api/admin/webhooks/${item.id}?version=${first.json().item.version}`);
    expect(del.statusCode, del.body).toBe(200);
  });
});

describe('delivery', () => {
  it('sends a committed change once the transaction commits, signed as Standard Webhooks verifies it', async () => {
    use(running);
    const r = await receiver();
    const { secret } = await subscribe(r.url);
    const slip = await aSlip();
    await emitUpdated(slip);
    const [got] = await r.received(1);
    const event = verify(secret, got!);
    expect(event.type).toBe('slip.updated');
    expect(event.data.id).toBe(slip.id);
    expect(event.data.comment).toBe('Line one\n"quoted", =SUM(A1) 東京');
    // The body is what the OpenAPI document's `webhooks` says it is.
    const document = (await admin.get('/api/openapi.json')).json();
    const documented = document.webhooks['slip.updated'].post;
    expect(documented.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const valid = ajv.validate(
      documented.requestBody.content['application/json'].schema,
      JSON.parse(got!.body),
    );
    expect(valid, JSON.stringify(ajv.errors)).toBe(true);
    expect(got!.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]+$/);
    expect(got!.headers['content-type']).toBe('application/json');
    // The log holds the body exactly as signed and sent.
    const endpointId = (await api.db.pool.query('SELECT id FROM webhook_endpoints')).rows[0].id;
    await expect.poll(async () => (await deliveries(endpointId))[0]?.status).toBe('succeeded');
    const [delivery] = await deliveries(endpointId);
    const detail = await admin.get(`/api/admin/webhooks/${endpointId}/deliveries/${delivery!.id}`);
    expect(detail.json().payload).toBe(got!.body);
    expect(detail.json().history).toHaveLength(1);
    expect(detail.json().history[0].responseCode).toBe(204);
  });

  it('sends nothing for a change that rolls back', async () => {
    const r = await receiver();
    const { item } = await subscribe(r.url);
    const slip = await aSlip();
    await expect(emitUpdated(slip, true)).rejects.toThrow('the change fails');
    expect(await deliveries(item.id)).toEqual([]);
    expect(
      (await api.db.pool.query('SELECT count(*)::int AS n FROM webhook_messages')).rows[0].n,
    ).toBeGreaterThanOrEqual(0);
    expect(r.requests).toHaveLength(0);
  });

  it('retries a failure with backoff under the same webhook-id, and gives up 24 hours after the first try', async () => {
    const r = await receiver();
    const { item } = await subscribe(r.url);
    r.fallback = { status: 500 };
    await emitUpdated(await aSlip());
    const [d] = await deliveries(item.id);
    const t0 = new Date();
    expect(await api.app.webhooks.attempt(d!.id, t0)).toBe('retrying');
    const [after] = await deliveries(item.id);
    const wait = after!.next_attempt_at!.getTime() - t0.getTime();
    expect(wait).toBeGreaterThanOrEqual(5000);
    expect(wait).toBeLessThanOrEqual(5500);
    // Not due yet: nothing is sent.
    expect(await api.app.webhooks.attempt(d!.id, new Date(t0.getTime() + 1000))).toBe('skipped');
    expect(await api.app.webhooks.attempt(d!.id, new Date(t0.getTime() + 6000))).toBe('retrying');
    const late = new Date(Date.now() + 25 * 3_600_000);
    expect(await api.app.webhooks.attempt(d!.id, late)).toBe('failed');
    expect(r.requests).toHaveLength(3);
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(1);
    expect(new Set(r.requests.map((q) => q.headers['webhook-timestamp'])).size).toBe(3);
  });

  it('never follows a redirect and says so', async () => {
    const r = await receiver();
    const target = await receiver();
    const { item } = await subscribe(r.url);
    r.fallback = { status: 302, headers: { location: target.url } };
    await emitUpdated(await aSlip());
    const [d] = await deliveries(item.id);
    await api.app.webhooks.attempt(d!.id);
    const log = (await admin.get(`/api/admin/webhooks/${item.id}/deliveries`)).json();
    expect(log.items[0]).toMatchObject({ status: 'pending', responseCode: 302, attempts: 1 });
    expect(log.items[0].error).toContain('does not follow redirects');
    expect(target.requests).toHaveLength(0);
  });

  it('keeps deliveries of one entity in order: a later one waits for the earlier one to succeed', async () => {
    const r = await receiver();
    const { item, secret } = await subscribe(r.url);
    const slip = await aSlip();
    for (const comment of ['first', 'second', 'third']) await emitUpdated({ ...slip, comment });
    const [a, b, c] = await deliveries(item.id);
    r.answers = [{ status: 503 }];
    expect(await api.app.webhooks.attempt(a!.id)).toBe('retrying');
    expect(await api.app.webhooks.attempt(b!.id)).toBe('skipped');
    expect(await api.app.webhooks.attempt(c!.id)).toBe('skipped');
    expect(await api.app.webhooks.attempt(a!.id, new Date(Date.now() + 10_000))).toBe('delivered');
    expect(await api.app.webhooks.attempt(c!.id, new Date(Date.now() + 10_000))).toBe('skipped');
    expect(await api.app.webhooks.attempt(b!.id, new Date(Date.now() + 10_000))).toBe('delivered');
    expect(await api.app.webhooks.attempt(c!.id, new Date(Date.now() + 10_000))).toBe('delivered');
    const comments = r.requests.slice(1).map((q) => verify(secret, q).data.comment);
    expect(comments).toEqual(['first', 'second', 'third']);
  });

  it('signs with both secrets during a rotation overlap, queued deliveries included, and with the new one after', async () => {
    const r = await receiver();
    const { item, secret: oldSecret } = await subscribe(r.url);
    await emitUpdated(await aSlip());
    const rotated = await admin.post(`/api/admin/webhooks/${item.id}/rotate-secret`, { overlapHours: 24 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(oldSecret);
    expect(rotated.json().item.previousSecretUntil).not.toBeNull();
    const [d] = await deliveries(item.id);
    expect(await api.app.webhooks.attempt(d!.id)).toBe('delivered');
    const sent = r.requests[0]!;
    expect(String(sent.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(oldSecret, sent).type).toBe('slip.updated');
    expect(verify(newSecret, sent).type).toBe('slip.updated');
    // After the overlap only the new secret signs.
    await api.db.pool.query(
      `UPDATE webhook_endpoints SET previous_secret_until = now() - interval '1 second'`,
    );
    await emitUpdated(await aSlip());
    const [, d2] = await deliveries(item.id);
    await api.app.webhooks.attempt(d2!.id);
    expect(verify(newSecret, r.requests[1]!).type).toBe('slip.updated');
    expect(() => verify(oldSecret, r.requests[1]!)).toThrow();
  });

  it('redelivers a message with its webhook-id (a receiver that de-duplicates sees it once), refused while queued', async () => {
    const r = await receiver();
    const { item } = await subscribe(r.url);
    await emitUpdated(await aSlip());
    const [d] = await deliveries(item.id);
    const queued = await admin.post(`/api/admin/webhooks/${item.id}/deliveries/${d!.id}/redeliver`);
    expect(queued.statusCode).toBe(409);
    await api.app.webhooks.attempt(d!.id);
    const again = await admin.post(`/api/admin/webhooks/${item.id}/deliveries/${d!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().item).toMatchObject({ redeliveryOf: d!.id, status: 'pending' });
    await api.app.webhooks.attempt(again.json().item.id);
    expect(r.requests).toHaveLength(2);
    expect(r.requests[0]!.headers['webhook-id']).toBe(r.requests[1]!.headers['webhook-id']);
    expect(r.requests[0]!.body).toBe(r.requests[1]!.body);
    const seen = new Set(r.requests.map((q) => q.headers['webhook-id']));
    expect(seen.size).toBe(1);
  });

  it('the Test button sends webhook.test now and answers what the endpoint said', async () => {
    const r = await receiver();
    const { item, secret } = await subscribe(r.url);
    const ok = await admin.post(`/api/admin/webhooks/${item.id}/test`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().item).toMatchObject({
      status: 'succeeded',
      responseCode: 204,
      eventType: 'webhook.test',
    });
    expect(verify(secret, r.requests[0]!).type).toBe('webhook.test');
    r.fallback = { status: 500 };
    const failed = await admin.post(`/api/admin/webhooks/${item.id}/test`);
    expect(failed.json().item).toMatchObject({
      status: 'pending',
      responseCode: 500,
      error: 'The endpoint answered 500.',
    });
  });

  it('disables an endpoint failing for 24 hours, tells the administrators, and sends what waited once enabled', async () => {
    const r = await receiver();
    const { item } = await subscribe(r.url);
    r.fallback = { status: 500 };
    await emitUpdated(await aSlip());
    await api.db.pool.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours'`);
    const [d] = await deliveries(item.id);
    expect(await api.app.webhooks.attempt(d!.id)).toBe('retrying');
    const endpoint = (await admin.get(`/api/admin/webhooks/${item.id}`)).json().item;
    expect(endpoint.enabled).toBe(false);
    expect(endpoint.disabledReason).toContain('Every delivery failed for 24 hours');
    const mail = (
      await api.db.pool.query(`SELECT "to", subject, text FROM mail_messages WHERE strpos(text, $1) > 0`, [
        r.url,
      ])
    ).rows;
    expect(mail[0].subject).toBe('SD6 disabled a webhook endpoint');
    expect(mail.map((m) => m.to)).toContain(
      (await api.db.pool.query('SELECT email FROM users WHERE id = $1', [adminId])).rows[0].email,
    );
    expect(mail[0].text).toContain(r.url);
    // While disabled nothing is sent, and the delivery waits out of the dispatcher's look.
    expect(await api.app.webhooks.attempt(d!.id, new Date(Date.now() + 60_000))).toBe('skipped');
    expect((await deliveries(item.id))[0]).toMatchObject({ status: 'pending', next_attempt_at: null });
    r.fallback = { status: 200 };
    const enabled = await api.app.inject({
      method: 'PUT',
      url: `/api/admin/webhooks/${item.id}`,
      headers: { cookie: admin.cookie, 'x-requested-with': 'XMLHttpRequest' },
      payload: {
        url: r.url,
        description: '',
        events: ['slip.updated'],
        enabled: true,
        version: endpoint.version,
      },
    });
    expect(enabled.json().item).toMatchObject({ enabled: true, disabledReason: null });
    // Enabled again, what waited is due at once (its retry schedule starts over).
    expect(await api.app.webhooks.attempt(d!.id, new Date(Date.now() + 1000))).toBe('delivered');
  });

  it('disables an endpoint that answers 410 Gone at once', async () => {
    const r = await receiver();
    const { item } = await subscribe(r.url);
    r.fallback = { status: 410 };
    await emitUpdated(await aSlip());
    const [d] = await deliveries(item.id);
    expect(await api.app.webhooks.attempt(d!.id)).toBe('failed');
    const endpoint = (await admin.get(`/api/admin/webhooks/${item.id}`)).json().item;
    expect(endpoint).toMatchObject({ enabled: false });
    expect(endpoint.disabledReason).toContain('410 Gone');
  });

  it('queues again a delivery whose process stopped mid-attempt (the minute sweep)', async () => {
    use(running);
    const r = await receiver();
    const { item } = await subscribe(r.url);
    await emitUpdated(await aSlip());
    await r.received(1);
    await expect.poll(async () => (await deliveries(item.id))[0]?.status).toBe('succeeded');
    await api.db.pool.query(
      `UPDATE webhook_deliveries SET status = 'sending', claimed_at = now() - interval '5 minutes' WHERE endpoint_id = $1`,
      [item.id],
    );
    expect(await api.app.webhooks.sweep()).toBe(1);
    await r.received(2);
    await expect.poll(async () => (await deliveries(item.id))[0]?.status).toBe('succeeded');
  });
});

describe('the log', () => {
  it('forgets messages older than 30 days once their deliveries have ended, never an open one', async () => {
    await api.db.pool.query('DELETE FROM webhook_messages');
    const r = await receiver();
    const { item } = await subscribe(r.url);
    await emitUpdated(await aSlip());
    await emitUpdated(await aSlip());
    const [done] = await deliveries(item.id);
    await api.app.webhooks.attempt(done!.id);
    await api.db.pool.query(`UPDATE webhook_messages SET created_at = now() - interval '31 days'`);
    expect(await pruneLog(api.app.webhooks.deps)).toBe(1);
    expect((await deliveries(item.id)).map((d) => d.status)).toEqual(['pending']);
  });
});

describe('timeouts and private addresses', () => {
  let strict: ApiHarness;
  beforeAll(async () => {
    strict = await setupApi({ webhookAllowPrivate: false, webhookTimeoutSeconds: 1, jobWorkers: false });
  });
  afterAll(() => strict?.close());

  it('refuses to save private, loopback and link-local addresses unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    const user = await makeAdmin(strict.db.pool);
    const caller = await strict.signIn(user.email, TEST_PASSWORD);
    for (const [url, address] of [
      ['https://127.0.0.1/hook', '127.0.0.1'],
      ['https://10.0.0.5/hook', '10.0.0.5'],
      ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['https://[::1]/hook', '::1'],
      ['https://[fd00::1]/hook', 'fd00::1'],
      ['https://localhost/hook', null],
    ] as const) {
      const res = await caller.post('/api/admin/webhooks', { url, events: ['slip.created'] });
      expect(res.statusCode, url).toBe(400);
      if (address) expect(res.json().form.fields.url).toEqual([privateAddress(address)]);
      else expect(res.json().form.fields.url[0]).toContain('private, loopback or link-local');
    }
    const http = await caller.post('/api/admin/webhooks', {
      url: 'http://127.0.0.1:9/',
      events: ['slip.created'],
    });
    expect(http.json().form.fields.url).toEqual([NOT_HTTPS]);
  });

  it('checks the address again when sending (an endpoint that came to resolve to loopback is not called)', async () => {
    const r = await receiver();
    const { rows } = await strict.db.pool.query<{ id: number }>(
      `INSERT INTO webhook_endpoints (url, events, secret, secret_hint) VALUES ($1, '{slip.updated}', $2, 'xxxx') RETURNING id`,
      [r.url, strict.app.secrets.seal('whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=')],
    );
    const { rows: made } = await strict.db.pool.query<{ id: string }>(
      `WITH m AS (INSERT INTO webhook_messages (message_id, event_type, entity, payload) VALUES ('msg_x', 'slip.updated', 'slip:1', '{}') RETURNING id)
       INSERT INTO webhook_deliveries (endpoint_id, message_id, entity) SELECT $1, m.id, 'slip:1' FROM m RETURNING id`,
      [rows[0]!.id],
    );
    expect(await strict.app.webhooks.attempt(Number(made[0]!.id))).toBe('retrying');
    const { error } = (
      await strict.db.pool.query('SELECT error FROM webhook_deliveries WHERE id = $1', [made[0]!.id])
    ).rows[0];
    expect(error).toBe(
      'The address resolved to 127.0.0.1, a private, loopback or link-local address, and was not called.',
    );
    expect(r.requests).toHaveLength(0);
  });

  it('gives an endpoint that does not answer the configured seconds', async () => {
    const r = await receiver();
    r.fallback = 'hang';
    const send = (await import('../../platform/webhooks/send.js')).createSender({
      allowPrivate: true,
      timeoutSeconds: 1,
    });
    const started = Date.now();
    const result = await send(r.url, {}, '{}');
    expect(result).toMatchObject({ responseCode: null, error: 'No answer within 1 second.' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
