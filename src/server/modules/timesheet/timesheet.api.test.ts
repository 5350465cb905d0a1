// Timesheet weeks: view, submit (with warnings), approve, reject, reopen, withdraw; who may; the lock on approved
// weeks' time; stale versions; history; bad input.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeAdmin,
  makeBucketCategory,
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { testDbKind } from '../../../../test/support/test-db.js';
import { INVALID_DAY } from '../../../shared/schemas/path-date.js';
import {
  CANNOT_SUBMIT,
  COMMENT_TOO_LONG,
  NOT_APPROVER,
  NOT_OWN_WEEK,
  NOT_SUBMITTED,
  REJECT_NEEDS_COMMENT,
  WEEK_LOCKED,
  type WeekAnswer,
} from '../../../shared/schemas/timesheet.js';
import { VERSION_MISSING } from '../../platform/errors.js';
import { assertDaysOpen } from '../slip/index.js';

type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let api: ApiHarness;
let tech: Caller;
let other: Caller;
let admin: Caller;
let approver: Caller;
let approved: Caller; // a technician whose approver is `approver`
let techId: number;
let adminId: number;
let approverId: number;
let approvedId: number;
let taskId: number;
let otherTaskId: number;
let bucketId: number;

beforeAll(async () => {
  api = await setupApi();
  const db = api.db.pool;
  const t = await makeUser(db, { firstName: 'Tina', lastName: 'Tech' });
  const o = await makeUser(db, { firstName: 'Otto', lastName: 'Other' });
  const a = await makeAdmin(db, { firstName: 'Ada', lastName: 'Admin' });
  const p = await makeUser(db, { firstName: 'Petra', lastName: 'Approver' });
  const d = await makeUser(db, { firstName: 'Dan', lastName: 'Directed' });
  await db.query('UPDATE users SET approver_id = $1 WHERE id = $2', [p.id, d.id]);
  techId = t.id;
  adminId = a.id;
  approverId = p.id;
  approvedId = d.id;
  tech = await api.signIn(t.email, TEST_PASSWORD);
  other = await api.signIn(o.email, TEST_PASSWORD);
  admin = await api.signIn(a.email, TEST_PASSWORD);
  approver = await api.signIn(p.email, TEST_PASSWORD);
  approved = await api.signIn(d.email, TEST_PASSWORD);
  const org = await makeOrganization(db, { name: 'Acme Dental' });
  const kase = await makeCase(db, { organizationId: org.id, title: 'Server refresh' });
  taskId = (await makeTask(db, { caseId: kase.id, title: 'Reset passwords' })).id;
  otherTaskId = (await makeTask(db, { caseId: kase.id, title: 'Install backups' })).id;
  bucketId = (await makeBucketCategory(db, { name: 'Meetings' })).id;
});
afterAll(() => api?.close());

const url = (day: string, userId: number) => `/api/time/week/${day}/${userId}`;
const view = async (who: Caller, day: string, userId: number) => {
  const res = await who.get(url(day, userId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WeekAnswer;
};
const act = (who: Caller, day: string, userId: number, action: string, body: unknown) =>
  who.post(`${url(day, userId)}/${action}`, body);
const ok = async (who: Caller, day: string, userId: number, action: string, body: unknown) => {
  const res = await act(who, day, userId, action, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as WeekAnswer;
};
const historyOf = async (id: number) => {
  const { rows } = await api.db.pool.query<{
    field: string;
    old_value: string | null;
    new_value: string | null;
    actor_id: number;
  }>(
    `SELECT field, old_value, new_value, actor_id FROM field_history WHERE entity = 'timesheet-week' AND entity_id = $1 ORDER BY id`,
    [id],
  );
  return rows;
};

describe('a week', () => {
  it('is open at version 0 before anything is written, with its days and warnings (any day of the week)', async () => {
    await makeSlip(api.db.pool, {
      taskId,
      userId: techId,
      workDate: '2026-11-02',
      startTime: '08:00',
      stopTime: '12:00',
    });
    await makeSlip(api.db.pool, {
      taskId,
      userId: techId,
      workDate: '2026-11-02',
      startTime: '13:00',
      stopTime: '17:00',
    });
    const answer = await view(tech, '11052026', techId);
    expect(answer.week).toMatchObject({
      id: null,
      userId: techId,
      user: { value: techId, label: 'Tina Tech' },
      weekStart: '11/02/2026',
      status: 'OPEN',
      statusLabel: 'Open',
      submittedAt: null,
      decidedBy: null,
      version: 0,
    });
    expect(answer.days).toHaveLength(7);
    expect(answer.days[0]).toEqual({
      date: '11/02/2026',
      slipMinutes: 480,
      bucketMinutes: 0,
      gaps: 1,
      unfinished: 0,
    });
    expect(answer.warnings).toEqual([
      'Mon 11/02: 1 gap between slips.',
      'Tue 11/03: 0:00 logged, under the expected 8:00.',
      'Wed 11/04: 0:00 logged, under the expected 8:00.',
      'Thu 11/05: 0:00 logged, under the expected 8:00.',
      'Fri 11/06: 0:00 logged, under the expected 8:00.',
    ]);
    expect(answer.can).toEqual({ submit: true, approve: false, reject: false, reopen: false });
  });

  it('is seen by the person, their approver and administrators only', async () => {
    expect((await other.get(url('11052026', techId))).statusCode).toBe(403);
    expect((await approver.get(url('11052026', techId))).statusCode).toBe(403);
    expect((await view(admin, '11052026', techId)).can).toEqual({
      submit: false,
      approve: false,
      reject: false,
      reopen: false,
    });
    expect((await approver.get(url('11052026', approvedId))).statusCode).toBe(200);
    expect((await tech.get(url('11052026', 999999))).statusCode).toBe(404);
  });
});

describe('submit, approve, reject, reopen', () => {
  it('submit (with warnings) then an administrator approves when no approver is set; all in history', async () => {
    const submitted = await ok(tech, '11092026', techId, 'submit', { version: 0 });
    expect(submitted.week).toMatchObject({
      status: 'SUBMITTED',
      statusLabel: 'Submitted',
      version: 1,
      submittedBy: { value: techId, label: 'Tina Tech' },
    });
    expect(submitted.week.submittedAt).not.toBeNull();
    expect(submitted.warnings.length).toBeGreaterThan(0);
    expect(submitted.can).toEqual({ submit: false, approve: false, reject: false, reopen: true });

    const list = (await admin.get('/api/time/weeks/to-approve')).json();
    expect(list.items).toContainEqual(
      expect.objectContaining({
        userId: techId,
        user: { value: techId, label: 'Tina Tech' },
        weekStart: '11/09/2026',
        version: 1,
      }),
    );
    expect((await other.get('/api/time/weeks/to-approve')).json().items).toEqual([]);

    const approvedWeek = await ok(admin, '11132026', techId, 'approve', { version: 1, comment: 'Thanks' });
    expect(approvedWeek.week).toMatchObject({
      status: 'APPROVED',
      version: 2,
      decidedBy: { value: adminId, label: 'Ada Admin' },
      comment: 'Thanks',
    });
    expect(approvedWeek.can).toEqual({ submit: false, approve: false, reject: false, reopen: true });
    expect((await admin.get('/api/time/weeks/to-approve')).json().items).not.toContainEqual(
      expect.objectContaining({ userId: techId, weekStart: '11/09/2026' }),
    );

    const history = await historyOf(approvedWeek.week.id!);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'status',
          old_value: 'Open',
          new_value: 'Submitted',
          actor_id: techId,
        }),
        expect.objectContaining({
          field: 'status',
          old_value: 'Submitted',
          new_value: 'Approved',
          actor_id: adminId,
        }),
        expect.objectContaining({
          field: 'comment',
          old_value: null,
          new_value: 'Thanks',
          actor_id: adminId,
        }),
        expect.objectContaining({ field: 'decidedBy', old_value: null, new_value: 'Ada Admin' }),
      ]),
    );
    const read = await admin.get(`/api/history/timesheet-week/${approvedWeek.week.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().history).toMatchObject({
      title: 'Tina Tech, week of 11/09/2026',
      objectClass: 'TimesheetWeek',
    });

    // The approver reopens: open again, and the person may submit once more.
    const reopened = await ok(admin, '11092026', techId, 'reopen', { version: 2, comment: 'Fix Tuesday' });
    expect(reopened.week).toMatchObject({ status: 'OPEN', version: 3, comment: 'Fix Tuesday' });
    expect((await view(tech, '11092026', techId)).can.submit).toBe(true);
  });

  it('only the approver decides when one is set; the person cannot decide their own week', async () => {
    await ok(approved, '11092026', approvedId, 'submit', { version: 0 });
    for (const who of [admin, other, approved]) {
      const res = await act(who, '11092026', approvedId, 'approve', { version: 1 });
      expect(res.statusCode).toBe(403);
      if (who !== other) expect(res.json().message).toBe(NOT_APPROVER);
    }
    expect((await approver.get('/api/time/weeks/to-approve')).json().items).toEqual([
      expect.objectContaining({ userId: approvedId, weekStart: '11/09/2026' }),
    ]);
    expect((await ok(approver, '11092026', approvedId, 'approve', { version: 1 })).week.status).toBe(
      'APPROVED',
    );
    // Only the person submits.
    const res = await act(admin, '11162026', techId, 'submit', { version: 0 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_OWN_WEEK);
  });

  it('reject needs a comment; the person then resubmits', async () => {
    await ok(tech, '11162026', techId, 'submit', { version: 0 });
    for (const body of [{ version: 1 }, { version: 1, comment: '   ' }]) {
      const res = await act(admin, '11162026', techId, 'reject', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(REJECT_NEEDS_COMMENT);
      expect(res.json().form.fields.comment).toEqual([REJECT_NEEDS_COMMENT]);
    }
    const rejected = await ok(admin, '11162026', techId, 'reject', {
      version: 1,
      comment: 'Tuesday is empty',
    });
    expect(rejected.week).toMatchObject({
      status: 'REJECTED',
      statusLabel: 'Rejected',
      comment: 'Tuesday is empty',
    });
    expect((await view(tech, '11162026', techId)).can.submit).toBe(true);
    expect((await ok(tech, '11162026', techId, 'submit', { version: 2 })).week.status).toBe('SUBMITTED');
  });

  it('the person withdraws a submitted week', async () => {
    await ok(tech, '11232026', techId, 'submit', { version: 0 });
    const withdrawn = await ok(tech, '11232026', techId, 'reopen', { version: 1 });
    expect(withdrawn.week).toMatchObject({ status: 'OPEN', submittedAt: null, version: 2 });
  });

  it('a wrong state is a 400 with a clear message; a stale version a 409', async () => {
    const approve = await act(admin, '11302026', techId, 'approve', { version: 0 });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toBe(NOT_SUBMITTED);
    await ok(tech, '11302026', techId, 'submit', { version: 0 });
    const again = await act(tech, '11302026', techId, 'submit', { version: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(CANNOT_SUBMIT);
    const stale = await act(admin, '11302026', techId, 'approve', { version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ status: 'SUBMITTED', version: 1 });
  });

  it('bad input gets a clear message, never a 500', async () => {
    const missing = await act(tech, '12072026', techId, 'submit', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(VERSION_MISSING);
    const long = await act(tech, '12072026', techId, 'submit', { version: 0, comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().form.fields.comment).toEqual([COMMENT_TOO_LONG]);
    const notNumber = await act(tech, '12072026', techId, 'submit', { version: 'abc' });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().form.fields.version).toEqual(['This value is not valid.']);
    expect((await act(tech, '12072026', techId, 'explode', { version: 0 })).statusCode).toBe(404);
    const day = await act(tech, '13452026', techId, 'submit', { version: 0 });
    expect(day.statusCode).toBe(400);
    expect(day.json().message).toBe(INVALID_DAY);
    expect((await tech.get('/api/time/week/12072026/abc')).statusCode).toBe(404);
  });
});

describe('an approved week is locked', () => {
  const lockedWeek = '10052026'; // Monday 10/05/2026
  let slipId: number;
  let otherSlipId: number;
  beforeAll(async () => {
    slipId = (
      await makeSlip(api.db.pool, {
        taskId,
        userId: techId,
        workDate: '2026-10-06',
        startTime: '09:00',
        stopTime: '10:00',
      })
    ).id;
    otherSlipId = (
      await makeSlip(api.db.pool, {
        taskId,
        userId: techId,
        workDate: '2026-10-14',
        startTime: '09:00',
        stopTime: '10:00',
      })
    ).id;
    await ok(tech, lockedWeek, techId, 'submit', { version: 0 });
    await ok(admin, lockedWeek, techId, 'approve', { version: 1 });
  });
  const form = (over: Record<string, unknown> = {}) => ({
    version: 0,
    startTime: '9:00 AM',
    stopTime: '10:00 AM',
    date: '10/07/2026',
    task: taskId,
    where: null,
    how: null,
    rateMultiplier: '1',
    comment: null,
    ...over,
  });
  const refusedLocked = (res: { statusCode: number; json: () => { message: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WEEK_LOCKED);
  };

  it('refuses new, changed, moved-in, deleted and moved slips and bucket time with the lock message', async () => {
    refusedLocked(await tech.post('/api/manage/slip/create', form()));
    refusedLocked(
      await tech.post(`/api/manage/slip/${slipId}`, form({ date: '10/06/2026', comment: 'more' })),
    );
    // Out of the approved week and into it are both changes of its time.
    refusedLocked(await tech.post(`/api/manage/slip/${slipId}`, form({ date: '10/14/2026' })));
    refusedLocked(await tech.post(`/api/manage/slip/${otherSlipId}`, form({ date: '10/08/2026' })));
    refusedLocked(await tech.delete(`/api/manage/slip/${slipId}?version=0`));
    const move = await tech.post(`/api/manage/task/${taskId}/move-slip/${slipId}`, {
      targetTask: otherTaskId,
    });
    refusedLocked(move);
    expect(move.json()).toMatchObject({ errors: [WEEK_LOCKED] });
    refusedLocked(await tech.post(`/api/manage/bucket/${bucketId}/10072026`, { version: 0, time: '1:00' }));
    // Other weeks stay open.
    expect(
      (await tech.post(`/api/manage/slip/${otherSlipId}`, form({ date: '10/14/2026', comment: 'ok' })))
        .statusCode,
    ).toBe(200);
    expect(
      (await tech.post(`/api/manage/bucket/${bucketId}/10142026`, { version: 0, time: '1:00' })).statusCode,
    ).toBe(200);
  });

  it('edits work again once an approver reopens the week', async () => {
    const week = await view(admin, lockedWeek, techId);
    await ok(admin, lockedWeek, techId, 'reopen', { version: week.week.version });
    expect(
      (await tech.post(`/api/manage/slip/${slipId}`, form({ date: '10/06/2026', comment: 'more' })))
        .statusCode,
    ).toBe(200);
    expect(
      (await tech.post(`/api/manage/bucket/${bucketId}/10072026`, { version: 0, time: '1:00' })).statusCode,
    ).toBe(200);
  });
});

// PGlite has one connection: two transactions at once need real PostgreSQL.
describe.skipIf(testDbKind() !== 'postgres')('an approval and a slip save of its week', () => {
  it('do not interleave: the approval waits for the save in progress', async () => {
    await ok(tech, '09072026', techId, 'submit', { version: 0 });
    const saving = await api.db.pool.connect();
    try {
      await saving.query('BEGIN');
      await assertDaysOpen(saving, techId, ['2026-09-08']);
      const approving = act(admin, '09072026', techId, 'approve', { version: 1 });
      // The approval's row lock waits behind the save's share lock.
      await expect
        .poll(async () => {
          const { rows } = await api.db.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%timesheet_weeks%'`,
          );
          return rows[0]!.n;
        })
        .toBe(1);
      await saving.query('COMMIT');
      expect((await approving).statusCode).toBe(200);
    } finally {
      saving.release();
    }
  });
});

describe('the approver on staff', () => {
  const load = async (id: number) => (await admin.get(`/api/admin/staff/${id}`)).json().staff;
  const save = (id: number, staff: Record<string, unknown>, over: Record<string, unknown>) =>
    admin.post(`/api/admin/staff/${id}`, {
      firstName: staff.firstName,
      lastName: staff.lastName,
      shortCode: staff.shortCode,
      email: staff.email,
      active: staff.active,
      roles: staff.roles,
      homePage: staff.homePage,
      caseListDailySlipsMode: staff.caseListDailySlipsMode,
      autoPopulateTaskPoints: staff.autoPopulateTaskPoints,
      version: staff.version,
      ...over,
    });

  it('is set by an administrator, shown on the form, recorded in history; never the person themself', async () => {
    const before = await load(techId);
    expect(before.approver).toBeNull();
    const res = await save(techId, before, { approver: approverId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff).toMatchObject({
      approver: { value: approverId, label: 'Petra Approver' },
      version: before.version + 1,
    });
    const { rows } = await api.db.pool.query(
      `SELECT old_value, new_value FROM field_history WHERE entity = 'user' AND entity_id = $1 AND field = 'approver'`,
      [techId],
    );
    expect(rows).toEqual([{ old_value: null, new_value: 'Petra Approver' }]);
    // Now the approver sees the person's week and the administrator no longer decides it.
    expect((await approver.get(url('11092026', techId))).statusCode).toBe(200);
    const self = await save(techId, await load(techId), { approver: techId });
    expect(self.statusCode).toBe(400);
    expect(self.json().form.fields.approver).toEqual([
      'A person cannot approve their own weeks. Choose someone else.',
    ]);
    const cleared = await save(techId, await load(techId), { approver: null });
    expect(cleared.json().staff.approver).toBeNull();
    expect((await technicianCannotSetApprover()).statusCode).toBe(403);
  });

  const technicianCannotSetApprover = () => tech.post(`/api/admin/staff/${techId}`, { approver: approverId });
});
