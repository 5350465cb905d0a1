// Webhook events through the routes that cause them: each of the 14 events is written to the outbox in the change's
// transaction (one message with { type, timestamp, data }, data as the entity's GET answers it, and one delivery per
// subscribed endpoint); nothing when no endpoint subscribes, nothing for a refused or rolled-back change, and one
// summary event per import however many devices it touched. Delivery itself is tested elsewhere (the endpoint here
// is unreachable on purpose).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeAgreement,
  makeAgreementService,
  makeAmendmentType,
  makeCase,
  makeEquipment,
  makeOpportunity,
  makeOrganization,
  makeServiceType,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { uploadExport, waitForRun, writeNinjaCsv } from '../../../../test/support/import-factories.js';
import type { ImportRun } from '../../../shared/schemas/file-import.js';
import { WEBHOOK_EVENTS, type WebhookEvent, webhookEnvelope } from '../../../shared/schemas/webhook.js';
import { WEBHOOK_EVENT_SCHEMAS } from './event-schemas.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let tech: Caller;
let admin: Caller;
let techId: number;
let kase: { id: number; title: string };
let task: { id: number; title: string };
let other: { id: number; title: string };
let tmp: string;

/** The enabled endpoints this file subscribed, with their events. */
const endpoints: { id: number; events: readonly string[] }[] = [];

async function subscribe(events: readonly string[], enabled = true): Promise<number> {
  const { rows } = await api.db.pool.query<{ id: number }>(
    `INSERT INTO webhook_endpoints (url, events, secret, secret_hint, enabled)
     VALUES ('http://127.0.0.1:9/', $1, 'x', 'xxxx', $2) RETURNING id`,
    [events, enabled],
  );
  if (enabled) endpoints.push({ id: rows[0]!.id, events });
  return rows[0]!.id;
}
/** An endpoint of every event (once): what the tests of each event rely on. */
async function subscribeAll(): Promise<void> {
  if (!endpoints.some((e) => e.events.length === WEBHOOK_EVENTS.length)) await subscribe(WEBHOOK_EVENTS);
}

type MessageRow = { id: string; event_type: string; entity: string; payload: string };
async function messages(type?: WebhookEvent, entity?: string): Promise<MessageRow[]> {
  const { rows } = await api.db.pool.query<MessageRow>(
    `SELECT id::text, event_type, entity, payload FROM webhook_messages
      WHERE ($1::text IS NULL OR event_type = $1) AND ($2::text IS NULL OR entity = $2) ORDER BY id`,
    [type ?? null, entity ?? null],
  );
  return rows;
}
const messageCount = async () => (await messages()).length;

/**
 * The one message of `type` about `entity`: its payload is the envelope with data its schema describes, and it has
 * one delivery per endpoint subscribed to the type. Answers the data.
 */
async function theEvent(type: WebhookEvent, entity: string): Promise<Record<string, unknown>> {
  const rows = await messages(type, entity);
  expect(rows, `${type} ${entity}`).toHaveLength(1);
  const payload = JSON.parse(rows[0]!.payload);
  const parsed = webhookEnvelope(type, WEBHOOK_EVENT_SCHEMAS[type]).safeParse(payload);
  expect(parsed.success, parsed.error?.message).toBe(true);
  expect(Object.keys(payload).sort()).toEqual(['data', 'timestamp', 'type']);
  expect(Math.abs(Date.parse(payload.timestamp) - Date.now())).toBeLessThan(120_000);
  const { rows: deliveries } = await api.db.pool.query<{ endpoint_id: number; entity: string }>(
    `SELECT endpoint_id, entity FROM webhook_deliveries WHERE message_id = $1 AND redelivery_of IS NULL
      ORDER BY endpoint_id`,
    [rows[0]!.id],
  );
  expect(deliveries).toEqual(
    endpoints
      .filter((e) => e.events.includes(type))
      .map((e) => ({ endpoint_id: e.id, entity }))
      .sort((a, b) => a.endpoint_id - b.endpoint_id),
  );
  return payload.data;
}

const slipForm = (over: Record<string, unknown> = {}) => ({
  version: 0,
  startTime: '9:00 AM',
  stopTime: '10:30 AM',
  date: '11/20/2026',
  task: task.id,
  where: 'REMOTE',
  how: 'PHONE',
  rateMultiplier: '1.5',
  comment: 'Replaced the backup drive',
  ...over,
});
async function createSlip(over: Record<string, unknown> = {}) {
  const res = await tech.post('/api/manage/slip/create', slipForm(over));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().slip as { id: number; version: number };
}
const getSlip = async (id: number) => (await tech.get(`/api/manage/slip/${id}`)).json().slip;

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  const t = await makeUser(db, { firstName: 'Tina', lastName: 'Tech' });
  techId = t.id;
  tech = await api.signIn(t.email, TEST_PASSWORD);
  admin = await api.signIn(
    (await makeAdmin(db, { firstName: 'Ada', lastName: 'Admin' })).email,
    TEST_PASSWORD,
  );
  const org = await makeOrganization(db, { name: 'Acme Dental' });
  kase = await makeCase(db, { organizationId: org.id, title: 'Server refresh' });
  task = await makeTask(db, { caseId: kase.id, title: 'Install backups' });
  other = await makeTask(db, { caseId: kase.id, title: 'Reset passwords' });
  tmp = await mkdtemp(join(tmpdir(), 'sd6-webhook-events-'));
  // A transaction that emits queues its deliveries on its own connection: the queue runs before any change.
  await api.app.jobs.start();
});
afterAll(async () => {
  await api?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('who is told', () => {
  it('nobody when no endpoint exists: no message is written', async () => {
    const slip = await createSlip();
    expect(await messageCount()).toBe(0);
    expect((await tech.delete(`/api/manage/slip/${slip.id}`)).statusCode).toBe(200);
    expect(await messageCount()).toBe(0);
  });

  it('nobody when the endpoints subscribe to other events, or are disabled', async () => {
    await subscribe(['week.approved', 'slip.deleted']);
    await subscribe(['slip.created'], false);
    const slip = await createSlip();
    const saved = await tech.post(
      `/api/manage/slip/${slip.id}`,
      slipForm({ comment: 'Changed', version: 0 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await messageCount()).toBe(0);
    // The one it subscribes to is written.
    expect((await tech.delete(`/api/manage/slip/${slip.id}`)).statusCode).toBe(200);
    expect((await messages()).map((m) => m.event_type)).toEqual(['slip.deleted']);
  });

  it('one message, with one delivery per subscribed endpoint', async () => {
    await subscribeAll();
    await subscribe(['slip.created']);
    const slip = await createSlip();
    const data = await theEvent('slip.created', `slip:${slip.id}`);
    // Three endpoints of slip.created, one of them disabled: two deliveries (checked by theEvent).
    expect(endpoints.filter((e) => e.events.includes('slip.created'))).toHaveLength(2);
    expect(data).toEqual(await getSlip(slip.id));
  });
});

describe('slips', () => {
  beforeAll(subscribeAll);

  it('slip.created, slip.updated and slip.deleted through the daily panel, as the slip route answers', async () => {
    const slip = await createSlip({ comment: 'Racked the NAS' });
    const created = await theEvent('slip.created', `slip:${slip.id}`);
    expect(created).toMatchObject({ id: slip.id, version: 0, comment: 'Racked the NAS', minutes: 90 });
    expect(created).toEqual(await getSlip(slip.id));

    const saved = await tech.post(
      `/api/manage/slip/${slip.id}`,
      slipForm({ stopTime: '11:00 AM', version: 0 }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const updated = await theEvent('slip.updated', `slip:${slip.id}`);
    expect(updated).toEqual(saved.json().slip);
    expect(updated).toMatchObject({ version: 1, minutes: 120 });

    const before = await getSlip(slip.id);
    expect((await tech.delete(`/api/manage/slip/${slip.id}?version=1`)).statusCode).toBe(200);
    // The slip as it was before the delete.
    expect(await theEvent('slip.deleted', `slip:${slip.id}`)).toEqual(before);
  });

  it('slip.updated when a slip moves to another task', async () => {
    const slip = await makeSlip(api.db.pool, { taskId: task.id, userId: techId, workDate: '2026-11-19' });
    const res = await tech.post(`/api/manage/task/${task.id}/move-slip/${slip.id}`, { targetTask: other.id });
    expect(res.statusCode, res.body).toBe(200);
    const data = await theEvent('slip.updated', `slip:${slip.id}`);
    expect(data).toMatchObject({ task: { value: other.id, label: 'Reset passwords' }, version: 1 });
    expect(data).toEqual(await getSlip(slip.id));
  });

  it('slip.created for each slip a stopped or switched timer makes', async () => {
    const u = await makeUser(api.db.pool);
    const timer = await api.signIn(u.email, TEST_PASSWORD);
    const backdate = () =>
      api.db.pool.query(`UPDATE timers SET started_at = now() - interval '30 minutes' WHERE user_id = $1`, [
        u.id,
      ]);
    expect((await timer.post('/api/time/timer', { task: task.id })).statusCode).toBe(200);
    await backdate();
    // Switching tasks stops the running timer into slips.
    const switched = await timer.post('/api/time/timer', { task: other.id });
    expect(switched.statusCode, switched.body).toBe(200);
    await backdate();
    const stopped = await timer.post('/api/time/timer/stop', { version: switched.json().timer.version });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const slips = [...switched.json().stopped, ...stopped.json().slips] as { id: number }[];
    expect(slips.length).toBeGreaterThanOrEqual(2);
    for (const slip of slips) expect(await theEvent('slip.created', `slip:${slip.id}`)).toEqual(slip);
  });

  it('nothing for a refused save (400, 409) or a change rolled back at commit', async () => {
    const count = await messageCount();
    const refused = await tech.post('/api/manage/slip/create', slipForm({ stopTime: '8:00 AM' }));
    expect(refused.statusCode).toBe(400);
    const slip = await makeSlip(api.db.pool, { taskId: task.id, userId: techId, workDate: '2026-11-18' });
    const stale = await tech.post(`/api/manage/slip/${slip.id}`, slipForm({ version: 7 }));
    expect(stale.statusCode).toBe(409);
    const notOwner = await admin.delete(`/api/manage/slip/${slip.id}`);
    expect(notOwner.statusCode).toBe(403);
    expect(await messageCount()).toBe(count);

    // The event is written and then the commit fails (a deferred check): the message goes with the change.
    await api.db.pool.query(`
      CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.comment = 'refused at commit' THEN RAISE EXCEPTION 'refused at commit'; END IF;
        RETURN NULL;
      END $$`);
    await api.db.pool.query(`
      CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON slips DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`);
    try {
      const failed = await tech.post('/api/manage/slip/create', slipForm({ comment: 'refused at commit' }));
      expect(failed.statusCode).toBe(500);
    } finally {
      await api.db.pool.query('DROP TRIGGER refuse_at_commit ON slips');
      await api.db.pool.query('DROP FUNCTION refuse_at_commit()');
    }
    const { rows } = await api.db.pool.query(`SELECT 1 FROM slips WHERE comment = 'refused at commit'`);
    expect(rows).toEqual([]);
    expect(await messageCount()).toBe(count);
    const { rows: orphans } = await api.db.pool.query(
      'SELECT 1 FROM webhook_deliveries d LEFT JOIN webhook_messages m ON m.id = d.message_id WHERE m.id IS NULL',
    );
    expect(orphans).toEqual([]);
  });
});

describe('timesheet weeks', () => {
  beforeAll(subscribeAll);

  it('week.submitted and week.approved, as the week route answers the one who acted', async () => {
    await makeSlip(api.db.pool, { taskId: task.id, userId: techId, workDate: '2026-10-06' });
    const week = `/api/time/week/10072026/${techId}`;
    const submitted = await tech.post(`${week}/submit`, { version: 0 });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const entity = `week:${techId}:2026-10-05`;
    const data = await theEvent('week.submitted', entity);
    expect(data).toEqual(submitted.json());
    expect(data).toMatchObject({ week: { status: 'SUBMITTED', weekStart: '10/05/2026', userId: techId } });

    // A rejection is no approval.
    const rejected = await admin.post(`${week}/reject`, { version: 1, comment: 'Tuesday is short' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await messages('week.approved', entity)).toEqual([]);
    expect((await tech.post(`${week}/submit`, { version: 2 })).statusCode).toBe(200);
    expect(await messages('week.submitted', entity)).toHaveLength(2);

    const approved = await admin.post(`${week}/approve`, { version: 3 });
    expect(approved.statusCode, approved.body).toBe(200);
    const approval = await theEvent('week.approved', entity);
    expect(approval).toEqual(approved.json());
    expect(approval).toMatchObject({ week: { status: 'APPROVED', decidedBy: { label: 'Ada Admin' } } });
  });

  it('nothing for a refused transition', async () => {
    const count = await messageCount();
    // Not the person's own week; then a stale version.
    expect((await admin.post(`/api/time/week/10142026/${techId}/submit`, { version: 0 })).statusCode).toBe(
      403,
    );
    expect((await tech.post(`/api/time/week/10142026/${techId}/submit`, { version: 3 })).statusCode).toBe(
      409,
    );
    expect(await messageCount()).toBe(count);
  });
});

describe('cases', () => {
  beforeAll(subscribeAll);

  it('case.billed and case.unbilled from the bill list, as the case route answers', async () => {
    const c = await makeCase(api.db.pool, { title: 'Printer fleet' });
    const t = await makeTask(api.db.pool, { caseId: c.id });
    await makeSlip(api.db.pool, { taskId: t.id, userId: techId, startTime: '09:00', stopTime: '10:00' });
    // A total that changed since the list was read is refused: nothing is said.
    const changed = await admin.post(`/api/report/bill-list/${c.id}/bill`, { minutes: 60, amount: '149.00' });
    expect(changed.statusCode).toBe(400);
    expect(await messages('case.billed', `case:${c.id}`)).toEqual([]);

    const billed = await admin.post(`/api/report/bill-list/${c.id}/bill`, { minutes: 60, amount: '150.00' });
    expect(billed.statusCode, billed.body).toBe(200);
    const data = await theEvent('case.billed', `case:${c.id}`);
    expect(data).toMatchObject({ id: c.id, title: 'Printer fleet', billedBy: 'Ada Admin' });
    expect(data.billedAt).toEqual(expect.any(String));
    expect(data).toEqual((await admin.get(`/api/manage/case/${c.id}`)).json().case);

    const unbilled = await admin.post(`/api/report/bill-list/${c.id}/unbill`);
    expect(unbilled.statusCode, unbilled.body).toBe(200);
    const after = await theEvent('case.unbilled', `case:${c.id}`);
    expect(after).toMatchObject({ id: c.id, billedAt: null, billedBy: null });
    expect(after).toEqual((await admin.get(`/api/manage/case/${c.id}`)).json().case);
  });
});

describe('agreements', () => {
  beforeAll(subscribeAll);
  let seq = 0;
  const form = (organization: number, over: Record<string, unknown> = {}) => ({
    organization,
    number: `WH-${process.pid}-${++seq}`,
    title: 'Managed services',
    status: 'OPEN',
    type: 'MANAGED',
    startDate: '01/01/2026',
    endDate: '',
    renewalDate: '12/31/2026',
    termMonths: '12',
    billingContact: null,
    accountManager: null,
    notes: '',
    ...over,
  });

  it('agreement.created and agreement.changed from the agreement form; a save that changes nothing says nothing', async () => {
    const org = await makeOrganization(api.db.pool);
    const body = form(org.id);
    const created = await admin.post('/api/manage/agreement/create', body);
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().agreement;
    const data = await theEvent('agreement.created', `agreement:${id}`);
    expect(data).toEqual((await admin.get(`/api/manage/agreement/${id}`)).json().agreement);
    expect(data).toMatchObject({ number: body.number, status: { value: 'OPEN' } });

    const same = await admin.post(`/api/manage/agreement/${id}`, { ...body, version: 0 });
    expect(same.statusCode, same.body).toBe(200);
    expect(await messages('agreement.changed', `agreement:${id}`)).toEqual([]);

    const closed = await admin.post(`/api/manage/agreement/${id}`, { ...body, status: 'CLOSED', version: 1 });
    expect(closed.statusCode, closed.body).toBe(200);
    const changed = await theEvent('agreement.changed', `agreement:${id}`);
    expect(changed).toEqual(closed.json().agreement);
    expect(changed).toMatchObject({ status: { value: 'CLOSED' }, version: 2 });

    // A refused save (a stale version) says nothing.
    const stale = await admin.post(`/api/manage/agreement/${id}`, { ...body, title: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await messages('agreement.changed', `agreement:${id}`)).toHaveLength(1);
  });

  it('amendment.signed when an amendment is marked Signed, with its changes as applied', async () => {
    const a = await makeAgreement(api.db.pool, { startDate: '2026-01-01' });
    const kind = await makeAmendmentType(api.db.pool);
    const service = await makeAgreementService(api.db.pool, {
      agreementId: a.id,
      quantity: '10',
      unitPrice: '50',
    });
    const base = `/api/manage/agreement/${a.id}/amendment`;
    const amendment = (over: Record<string, unknown> = {}) => ({
      number: '',
      amendmentType: kind.id,
      effectiveDate: '07/01/2026',
      status: 'DRAFT',
      description: 'Five more workstations',
      document: null,
      changes: [{ kind: 'CHANGE', service: service.id, quantity: '15' }],
      ...over,
    });
    const draft = await admin.post(`${base}/create`, amendment());
    expect(draft.statusCode, draft.body).toBe(200);
    const { id, number } = draft.json().amendment;
    expect(await messages('amendment.signed')).toEqual([]);

    const signed = await admin.post(`${base}/${id}`, amendment({ number, status: 'SIGNED', version: 0 }));
    expect(signed.statusCode, signed.body).toBe(200);
    const data = await theEvent('amendment.signed', `amendment:${id}`);
    expect(data).toEqual((await admin.get(`${base}/${id}`)).json().amendment);
    expect(data).toMatchObject({ status: { value: 'SIGNED' }, signedBy: { label: 'Ada Admin' } });
    expect(data.changeRows).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ quantity: '10.00' }) }),
    ]);
    // Signed at creation too (another service: the first one was split by the signing).
    const second = await makeAgreementService(api.db.pool, { agreementId: a.id });
    const direct = await admin.post(
      `${base}/create`,
      amendment({ status: 'SIGNED', changes: [{ kind: 'END', service: second.id }] }),
    );
    expect(direct.statusCode, direct.body).toBe(200);
    await theEvent('amendment.signed', `amendment:${direct.json().amendment.id}`);
  });
});

describe('sales', () => {
  beforeAll(subscribeAll);

  it('proposal.accepted when a proposal is marked Accepted (once), with its lines and totals', async () => {
    const opp = await makeOpportunity(api.db.pool);
    const base = `/api/manage/opportunity/${opp.id}/proposal`;
    const proposal = (over: Record<string, unknown> = {}) => ({
      version: 0,
      number: '',
      title: 'Server refresh',
      status: 'SENT',
      validUntil: '04/30/2026',
      terms: '<p>Net 30</p>',
      lines: [
        {
          serviceType: null,
          description: 'Install',
          quantity: '1',
          unitPrice: '2500',
          recurrence: 'ONE_TIME',
        },
      ],
      ...over,
    });
    const sent = await admin.post(`${base}/create`, proposal());
    expect(sent.statusCode, sent.body).toBe(200);
    const { id, number } = sent.json().proposal;
    // Accepted with no lines is refused: nothing said.
    const empty = await admin.post(`${base}/${id}`, proposal({ number, status: 'ACCEPTED', lines: [] }));
    expect(empty.statusCode).toBe(400);
    expect(await messages('proposal.accepted')).toEqual([]);

    const accepted = await admin.post(`${base}/${id}`, proposal({ number, status: 'ACCEPTED' }));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const data = await theEvent('proposal.accepted', `proposal:${id}`);
    expect(data).toEqual((await admin.get(`${base}/${id}`)).json().proposal);
    expect(data).toMatchObject({ status: { value: 'ACCEPTED' }, totals: { oneTime: '2500.00' } });
    // Saved again while accepted: no second event.
    const again = await admin.post(
      `${base}/${id}`,
      proposal({ number, status: 'ACCEPTED', title: 'Again', version: 1 }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await messages('proposal.accepted', `proposal:${id}`)).toHaveLength(1);
  });

  it('opportunity.won and agreement.created when an opportunity is won with its accepted proposal', async () => {
    const type = await makeServiceType(api.db.pool);
    const o = await makeOpportunity(api.db.pool);
    const { rows } = await api.db.pool.query<{ id: number }>(
      `INSERT INTO proposals (opportunity_id, number, title, status) VALUES ($1, $2, 'Managed', 'ACCEPTED') RETURNING id`,
      [o.id, `PR-WH-${o.id}`],
    );
    await api.db.pool.query(
      `INSERT INTO proposal_lines (proposal_id, position, service_type_id, description, quantity, unit_price, recurrence)
       VALUES ($1, 0, $2, 'Desks', 10, 35, 'MONTHLY')`,
      [rows[0]!.id, type.id],
    );
    const version = (await admin.get(`/api/manage/opportunity/${o.id}`)).json().opportunity.version;
    const win = (body: Record<string, unknown>) =>
      admin.post(`/api/manage/opportunity/${o.id}/win`, {
        startDate: '03/01/2026',
        closeDate: '03/01/2026',
        proposal: rows[0]!.id,
        agreementNumber: '',
        ...body,
      });
    // A stale screen changes nothing, and says nothing.
    expect((await win({ version: version + 1 })).statusCode).toBe(409);
    expect(await messages('opportunity.won', `opportunity:${o.id}`)).toEqual([]);

    const res = await win({ version });
    expect(res.statusCode, res.body).toBe(200);
    const { agreement } = res.json();
    const won = await theEvent('opportunity.won', `opportunity:${o.id}`);
    expect(won).toEqual((await admin.get(`/api/manage/opportunity/${o.id}`)).json().opportunity);
    expect(won).toMatchObject({ outcome: { value: 'WON' }, amount: '4200.00' });
    const created = await theEvent('agreement.created', `agreement:${agreement.id}`);
    expect(created).toEqual((await admin.get(`/api/manage/agreement/${agreement.id}`)).json().agreement);
    expect(created).toMatchObject({ opportunity: { value: o.id } });
  });

  it('opportunity.won when the form moves an opportunity to a won stage', async () => {
    const o = await makeOpportunity(api.db.pool);
    const body = {
      organization: o.organizationId,
      number: o.number,
      title: 'Replace firewall',
      stage: 1,
      owner: null,
      amount: '4,500.00',
      probability: 10,
      closeDate: '',
      source: '',
      lostReason: '',
      notes: '',
      version: 0,
    };
    const open = await admin.post(`/api/manage/opportunity/${o.id}`, body);
    expect(open.statusCode, open.body).toBe(200);
    expect(await messages('opportunity.won', `opportunity:${o.id}`)).toEqual([]);
    const won = await admin.post(`/api/manage/opportunity/${o.id}`, {
      ...body,
      stage: 5,
      probability: 100,
      version: 1,
    });
    expect(won.statusCode, won.body).toBe(200);
    expect(await theEvent('opportunity.won', `opportunity:${o.id}`)).toEqual(won.json().opportunity);
  });
});

describe('background work', () => {
  beforeAll(subscribeAll);

  it('import.finished: one summary event for an import of thousands of devices', {
    timeout: 60_000,
  }, async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Webhook Fleet' });
    const path = join(tmp, 'fleet.csv');
    await writeNinjaCsv(path, 'Webhook Fleet', 3000, 'WHF');
    const upload = await uploadExport(api.app, admin.cookie, { name: 'fleet.csv', path }, 'ninjaone-devices');
    expect(upload.statusCode, upload.body).toBe(200);
    const runId = (upload.json().run as ImportRun).id;
    // A preview is no import.
    expect(await messages('import.finished')).toEqual([]);
    const confirmed = await admin.post(`/api/admin/file-import/${runId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const run = await waitForRun(admin, runId);
    expect(run.status).toBe('DONE');
    const { rows } = await api.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM equipment WHERE organization_id = $1',
      [org.id],
    );
    expect(rows[0]!.n).toBe(3000);
    expect(await messages('import.finished')).toHaveLength(1);
    const data = await theEvent('import.finished', `import:${runId}`);
    expect(data).toEqual((await admin.get(`/api/admin/file-import/${runId}`)).json().run);
    expect(data).toMatchObject({ id: runId, status: 'DONE', counts: { create: 3000, rejected: 0 } });
  });

  it('security_pack.ready: the job as its status route answers once done', { timeout: 60_000 }, async () => {
    const org = await makeOrganization(api.db.pool, { name: 'Pack Dental' });
    await makeEquipment(api.db.pool, { organizationId: org.id, name: 'PACK-01' });
    const started = await admin.post('/api/report/security-pack', { organization: org.id });
    expect(started.statusCode, started.body).toBe(200);
    const jobId = started.json().job.id as string;
    let job: { state: string } = { state: 'QUEUED' };
    for (let i = 0; i < 300 && job.state !== 'DONE' && job.state !== 'FAILED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await admin.get(`/api/report/security-pack/${jobId}`)).json().job;
    }
    expect(job).toEqual({ id: jobId, state: 'DONE', total: 1, done: 1 });
    expect(await theEvent('security_pack.ready', `security_pack:${jobId}`)).toEqual(job);
  });
});

it('every event has a schema, and each was emitted above', async () => {
  expect(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  const { rows } = await api.db.pool.query<{ event_type: string }>(
    'SELECT DISTINCT event_type FROM webhook_messages ORDER BY event_type',
  );
  expect(rows.map((r) => r.event_type)).toEqual([...WEBHOOK_EVENTS].sort());
});
