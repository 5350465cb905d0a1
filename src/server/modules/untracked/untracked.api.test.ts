// "Changed today, no time": the signed-in user's changed cases and tasks of a day (in the app's zone) on which
// they logged no slip that day; other people's changes, logged work, closed and billed work stay out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { wallClockOf } from '../../../shared/format/company-time.js';
import { INVALID_DAY, type UntrackedItem } from '../../../shared/schemas/untracked.js';

// A zone far ahead of UTC: its day is often another one than the process's (TZ=UTC).
const ZONE = 'Pacific/Kiritimati';
let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let me: Caller;
let other: Caller;
let meId: number;
let otherId: number;
let org: { id: number; name: string };
/** Today in the app's zone: MM/dd/yyyy, MMddyyyy and yyyy-MM-dd. */
let today: { shown: string; path: string; iso: string };

beforeAll(async () => {
  api = await setupApi({ timeZone: ZONE });
  const m = await makeUser(api.db.pool, { firstName: 'Una', lastName: 'Tracked' });
  const o = await makeUser(api.db.pool, { firstName: 'Oscar', lastName: 'Other' });
  meId = m.id;
  otherId = o.id;
  me = await api.signIn(m.email, TEST_PASSWORD);
  other = await api.signIn(o.email, TEST_PASSWORD);
  org = await makeOrganization(api.db.pool, { name: 'Untracked Dental' });
  const shown = wallClockOf(new Date(), ZONE).date;
  today = {
    shown,
    path: shown.replaceAll('/', ''),
    iso: `${shown.slice(6)}-${shown.slice(0, 2)}-${shown.slice(3, 5)}`,
  };
});
afterAll(() => api?.close());

const taskForm = (caseId: number, title: string) => ({
  version: 0,
  case: caseId,
  title,
  department: '',
  assignedTo: '',
  status: 'OPEN',
  isProject: false,
  points: '',
  outage: '',
  description: '',
});

/** A history row of a case edit by `actorId`, `daysAgo` days before now. */
async function caseChange(caseId: number, actorId: number, field: string, daysAgo = 0) {
  await api.db.pool.query(
    `INSERT INTO field_history (entity, entity_id, field, old_value, new_value, actor_id, at)
     VALUES ('case', $1, $2, 'before', 'after', $3, now() - make_interval(days => $4))`,
    [caseId, field, actorId, daysAgo],
  );
}

const list = async (caller: Caller, path = today.path): Promise<UntrackedItem[]> => {
  const res = await caller.get(`/api/time/untracked/${path}`);
  expect(res.statusCode).toBe(200);
  return res.json().items;
};

describe('changed today, no time', () => {
  it('lists a task the user created and a case they edited today, newest first, with what changed', async () => {
    const kase = await makeCase(api.db.pool, { organizationId: org.id, title: 'Mail Migration' });
    await caseChange(kase.id, meId, 'title');
    const created = await me.post('/api/manage/task/create', taskForm(kase.id, 'Move the mailboxes'));
    expect(created.statusCode).toBe(200);
    const taskId = created.json().task.id as number;

    const items = (await list(me)).filter((i) => i.caseId === kase.id);
    expect(items).toEqual([
      {
        kind: 'task',
        caseId: kase.id,
        caseTitle: 'Mail Migration',
        taskId,
        taskTitle: 'Move the Mailboxes',
        organization: 'Untracked Dental',
        changedAt: expect.any(String),
        fields: expect.arrayContaining(['Title', 'Status']),
      },
      {
        kind: 'case',
        caseId: kase.id,
        caseTitle: 'Mail Migration',
        taskId: null,
        taskTitle: null,
        organization: 'Untracked Dental',
        changedAt: expect.any(String),
        fields: ['Title'],
      },
    ]);
    expect(Date.parse(items[0]!.changedAt)).toBeGreaterThanOrEqual(Date.parse(items[1]!.changedAt));
    // Another user's list does not show my changes.
    expect((await list(other)).some((i) => i.caseId === kase.id)).toBe(false);
  });

  it('leaves out a task with my slip that day, and a case with my slip on any of its tasks', async () => {
    const kase = await makeCase(api.db.pool, { organizationId: org.id, title: 'Firewall Swap' });
    const task = await makeTask(api.db.pool, { caseId: kase.id, title: 'Rack it' });
    const created = await me.post('/api/manage/task/create', taskForm(kase.id, 'Cable it'));
    const cabling = created.json().task.id as number;
    await caseChange(kase.id, meId, 'title');
    expect((await list(me)).filter((i) => i.caseId === kase.id).map((i) => i.kind)).toEqual(['case', 'task']);

    // Another user's slip, or mine on another day, does not count as my time today.
    await makeSlip(api.db.pool, { taskId: cabling, userId: otherId, workDate: today.iso });
    await makeSlip(api.db.pool, { taskId: cabling, userId: meId, workDate: '2020-01-02' });
    expect((await list(me)).filter((i) => i.caseId === kase.id)).toHaveLength(2);

    // A slip on another task of the case covers the case, not the changed task.
    await makeSlip(api.db.pool, { taskId: task.id, userId: meId, workDate: today.iso });
    expect((await list(me)).filter((i) => i.caseId === kase.id).map((i) => i.taskId)).toEqual([cabling]);
    await makeSlip(api.db.pool, { taskId: cabling, userId: meId, workDate: today.iso });
    expect((await list(me)).some((i) => i.caseId === kase.id)).toBe(false);
  });

  it("leaves out another user's change, another day's, and closed or billed work", async () => {
    const theirs = await makeCase(api.db.pool, { organizationId: org.id, title: 'Their Case' });
    await caseChange(theirs.id, otherId, 'title');
    const older = await makeCase(api.db.pool, { organizationId: org.id, title: 'Old Case' });
    await caseChange(older.id, meId, 'title', 3);
    const closed = await makeCase(api.db.pool, {
      organizationId: org.id,
      title: 'Closed Case',
      status: 'CLOSED',
    });
    await caseChange(closed.id, meId, 'status');
    const billed = await makeCase(api.db.pool, { organizationId: org.id, title: 'Billed Case' });
    await api.db.pool.query('UPDATE cases SET billed_at = now() WHERE id = $1', [billed.id]);
    await caseChange(billed.id, meId, 'billed');
    const open = await makeCase(api.db.pool, { organizationId: org.id, title: 'Open Case' });
    const closedTask = await makeTask(api.db.pool, { caseId: open.id, status: 'CLOSED' });
    await api.db.pool.query(
      `INSERT INTO field_history (entity, entity_id, field, old_value, new_value, actor_id)
       VALUES ('task', $1, 'status', 'Open', 'Closed', $2)`,
      [closedTask.id, meId],
    );
    const ids = (await list(me)).map((i) => i.caseId);
    for (const c of [theirs, older, closed, billed, open]) expect(ids).not.toContain(c.id);
    expect((await list(other)).map((i) => i.caseId)).toContain(theirs.id);
    // The change of three days ago is listed on its own day.
    const then = wallClockOf(new Date(Date.now() - 3 * 86_400_000), ZONE).date.replaceAll('/', '');
    expect((await list(me, then)).map((i) => i.caseId)).toContain(older.id);
  });

  it('answers a bad day with a clear 400 and a signed-out caller with 401', async () => {
    for (const bad of ['13452026', '02302026', 'yesterday', '1122026']) {
      const res = await me.get(`/api/time/untracked/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID_DAY);
    }
    expect((await api.anonymous.get(`/api/time/untracked/${today.path}`)).statusCode).toBe(401);
  });
});
