// What a caller may do with a slip, said before any edit: every presented slip carries `can` and `locked`, and they
// agree with what its save and delete then answer (one rule), for every mix of owner, billed case, approved week,
// closed case and closed task. Also SPEC §7 delete: no payload deletes, a version given is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { CASE_BILLED } from '../../../shared/billing.js';
import { CLOSED_CASE, CLOSED_TASK, NOT_OWNER, type Slip } from '../../../shared/schemas/slip.js';
import { WEEK_LOCKED } from '../../../shared/schemas/timesheet.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let owner: Caller;
let other: Caller;
let admin: Caller;
let ownerId: number;
let orgId: number;

beforeAll(async () => {
  api = await setupApi();
  const o = await makeUser(api.db.pool, { firstName: 'Lena', lastName: 'Locks' });
  const x = await makeUser(api.db.pool, { firstName: 'Oscar', lastName: 'Outsider' });
  const a = await makeAdmin(api.db.pool, { firstName: 'Ada', lastName: 'Approver' });
  ownerId = o.id;
  owner = await api.signIn(o.email, TEST_PASSWORD);
  other = await api.signIn(x.email, TEST_PASSWORD);
  admin = await api.signIn(a.email, TEST_PASSWORD);
  orgId = (await makeOrganization(api.db.pool, { name: 'Lockwood Dental' })).id;
});
afterAll(() => api?.close());

type Facts = { owner: boolean; billed: boolean; week: boolean; caseClosed: boolean; taskClosed: boolean };

/** The expected refusals, written out in the order the product states them (owner, billed, week, closed). */
function expected(f: Facts): { edit: string | null; delete: string | null } {
  const change = !f.owner ? NOT_OWNER : f.billed ? CASE_BILLED : f.week ? WEEK_LOCKED : null;
  const closed = f.caseClosed ? CLOSED_CASE : f.taskClosed ? CLOSED_TASK : null;
  return { delete: change, edit: change ?? closed };
}

/** Monday `n` weeks after 01/04/2027 as yyyy-MM-dd and MMddyyyy. */
function week(n: number): { iso: string; path: string } {
  const d = new Date(Date.UTC(2027, 0, 4 + 7 * n));
  const iso = d.toISOString().slice(0, 10);
  return { iso, path: `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}` };
}

/** The owner's slip on the Tuesday of week `n`, in the state the facts describe. */
async function slipIn(f: Facts, n: number): Promise<{ id: number; taskId: number; date: string }> {
  const kase = await makeCase(api.db.pool, {
    organizationId: orgId,
    status: f.caseClosed ? 'CLOSED' : 'OPEN',
  });
  const task = await makeTask(api.db.pool, { caseId: kase.id, status: f.taskClosed ? 'CLOSED' : 'OPEN' });
  const monday = week(n);
  const tuesday = new Date(`${monday.iso}T00:00:00Z`);
  tuesday.setUTCDate(tuesday.getUTCDate() + 1);
  const iso = tuesday.toISOString().slice(0, 10);
  const slip = await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId, workDate: iso });
  if (f.billed) await api.db.pool.query('UPDATE cases SET billed_at = now() WHERE id = $1', [kase.id]);
  if (f.week) {
    const weekUrl = `/api/time/week/${monday.path}/${ownerId}`;
    expect((await owner.post(`${weekUrl}/submit`, { version: 0 })).statusCode).toBe(200);
    expect((await admin.post(`${weekUrl}/approve`, { version: 1 })).statusCode).toBe(200);
  }
  return { id: slip.id, taskId: task.id, date: `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` };
}

const form = (taskId: number, date: string, version: number) => ({
  version,
  startTime: '9:00 AM',
  stopTime: '10:00 AM',
  date,
  task: taskId,
  where: null,
  how: null,
  rateMultiplier: '1',
  comment: 'Checked',
});

/** Every message a refusal carries (its message, form errors and field errors). */
function messages(res: { json: () => unknown }): string[] {
  const b = res.json() as { message: string; form: { errors: string[]; fields: Record<string, string[]> } };
  return [b.message, ...b.form.errors, ...Object.values(b.form.fields).flat()];
}

const ALL: Facts[] = [];
for (let i = 0; i < 32; i++) {
  ALL.push({
    owner: (i & 1) === 0,
    billed: (i & 2) !== 0,
    week: (i & 4) !== 0,
    caseClosed: (i & 8) !== 0,
    taskClosed: (i & 16) !== 0,
  });
}

describe('can and locked agree with the save and the delete', () => {
  it.each(ALL.map((f, i) => [JSON.stringify(f), f, i] as const))('%s', async (_name, f, i) => {
    const slip = await slipIn(f, i);
    const caller = f.owner ? owner : other;
    const want = expected(f);
    const loaded = await caller.get(`/api/manage/slip/${slip.id}`);
    expect(loaded.statusCode).toBe(200);
    const shown = loaded.json().slip as Slip;
    expect(shown.can).toEqual({ edit: want.edit === null, delete: want.delete === null });
    expect(shown.locked).toBe(want.edit);
    // The task's list says the same.
    const listed = (await caller.get(`/api/manage/slip?task=${slip.taskId}`)).json().items as Slip[];
    expect(listed.map((s) => [s.id, s.can, s.locked])).toEqual([[slip.id, shown.can, shown.locked]]);

    const saved = await caller.post(`/api/manage/slip/${slip.id}`, form(slip.taskId, slip.date, 0));
    if (want.edit === null) expect(saved.statusCode, saved.body).toBe(200);
    else {
      expect(saved.statusCode).toBe(want.edit === NOT_OWNER ? 403 : 400);
      expect(messages(saved)).toContain(want.edit);
    }
    const deleted = await caller.delete(`/api/manage/slip/${slip.id}`);
    if (want.delete === null) expect(deleted.json()).toEqual({ deleted: true });
    else {
      expect(deleted.statusCode).toBe(want.delete === NOT_OWNER ? 403 : 400);
      expect(messages(deleted)).toContain(want.delete);
      expect((await api.db.pool.query('SELECT 1 FROM slips WHERE id = $1', [slip.id])).rowCount).toBe(1);
    }
  });
});

describe('where slips are presented', () => {
  it("the day's summary and a save's answer carry them for the owner", async () => {
    const free = await slipIn(
      { owner: true, billed: false, week: false, caseClosed: false, taskClosed: false },
      40,
    );
    const billed = await slipIn(
      { owner: true, billed: true, week: false, caseClosed: false, taskClosed: false },
      40,
    );
    const day = free.date.replaceAll('/', '');
    const summary = (await owner.get(`/api/manage/slip/summary/${day}`)).json().slips as Slip[];
    expect(summary.map((s) => [s.id, s.can, s.locked])).toEqual([
      [free.id, { edit: true, delete: true }, null],
      [billed.id, { edit: false, delete: false }, CASE_BILLED],
    ]);
    const saved = await owner.post(`/api/manage/slip/${free.id}`, form(free.taskId, free.date, 0));
    expect(saved.json().slip).toMatchObject({ can: { edit: true, delete: true }, locked: null });
  });

  it("another user's slip hides its multiplier and says whose it is", async () => {
    const task = await makeTask(api.db.pool, { caseId: (await makeCase(api.db.pool)).id });
    const s = await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId, rateMultiplier: '2' });
    const theirs = (await other.get(`/api/manage/slip/${s.id}`)).json().slip as Slip;
    expect(theirs).toMatchObject({
      rateMultiplier: null,
      can: { edit: false, delete: false },
      locked: NOT_OWNER,
    });
    const mine = (await owner.get(`/api/manage/slip/${s.id}`)).json().slip as Slip;
    expect(mine).toMatchObject({ rateMultiplier: { value: '2', label: '2x' }, locked: null });
  });
});

describe('SPEC §7 delete', () => {
  const inject = (
    caller: Caller,
    url: string,
    extra: { headers?: Record<string, string>; payload?: string },
  ) =>
    api.app.inject({
      method: 'DELETE',
      url,
      headers: { 'x-requested-with': 'XMLHttpRequest', cookie: caller.cookie, ...extra.headers },
      ...(extra.payload === undefined ? {} : { payload: extra.payload }),
    });
  const json = { 'content-type': 'application/json' };
  const fresh = async () => {
    const task = await makeTask(api.db.pool, { caseId: (await makeCase(api.db.pool)).id });
    const s = await makeSlip(api.db.pool, { taskId: task.id, userId: ownerId });
    // Version 1: a stale version is then 0.
    await api.db.pool.query('UPDATE slips SET version = 1 WHERE id = $1', [s.id]);
    return s;
  };
  const gone = async (id: number) =>
    (await api.db.pool.query('SELECT 1 FROM slips WHERE id = $1', [id])).rowCount === 0;

  it('without a payload, with a JSON type and no body, or with an empty object, deletes', async () => {
    for (const extra of [
      {},
      { headers: json },
      { headers: json, payload: '' },
      { headers: json, payload: '{}' },
    ]) {
      const s = await fresh();
      const res = await inject(owner, `/api/manage/slip/${s.id}`, extra);
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ deleted: true });
      expect(await gone(s.id)).toBe(true);
    }
  });

  it('a version, in the body or the query, is checked: stale is 409 with the current slip', async () => {
    const s = await fresh();
    for (const extra of [{ headers: json, payload: '{"version":0}' }, {}]) {
      const url = `/api/manage/slip/${s.id}${extra.payload ? '' : '?version=0'}`;
      const stale = await inject(owner, url, extra);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^This record was changed by Lena Locks at /);
      expect(stale.json().current).toMatchObject({ id: s.id, version: 1 });
    }
    const bad = await inject(owner, `/api/manage/slip/${s.id}`, {
      headers: json,
      payload: '{"version":"x"}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form.fields.version).toEqual(['This value is not valid.']);
    expect(await gone(s.id)).toBe(false);
    const current = await inject(owner, `/api/manage/slip/${s.id}`, {
      headers: json,
      payload: '{"version":1}',
    });
    expect(current.json()).toEqual({ deleted: true });
  });

  it('is still authorised and still refused for a locked slip', async () => {
    const s = await fresh();
    const theirs = await inject(other, `/api/manage/slip/${s.id}`, { headers: json });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(NOT_OWNER);
    const b = await slipIn(
      { owner: true, billed: true, week: false, caseClosed: false, taskClosed: false },
      41,
    );
    const billed = await inject(owner, `/api/manage/slip/${b.id}`, {});
    expect(billed.statusCode).toBe(400);
    expect(billed.json().message).toBe(CASE_BILLED);
    expect(await gone(s.id)).toBe(false);
    expect(await gone(b.id)).toBe(false);
    const anonymous = await api.app.inject({
      method: 'DELETE',
      url: `/api/manage/slip/${s.id}`,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
