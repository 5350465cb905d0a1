// The timer across sessions on a real database: start, read from a second session, switch, stop into rounded slips
// (1/5/30), across local midnight, closed tasks, another user, bad input, stale versions, retries and signed out; the
// rounding never makes two slips overlap (a switch starts the next timer where the stopped slip ends; a stop gives way).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../../test/support/api.js';
import {
  makeCase,
  makeOrganization,
  makeSlip,
  makeTask,
  makeUser,
  TEST_PASSWORD,
} from '../../../../test/support/factories.js';
import { MESSAGES } from '../../../shared/errors.js';
import { CLOSED_CASE, CLOSED_TASK, slipSchema } from '../../../shared/schemas/slip.js';
import { NO_TIMER, TIMER_CHANGED, timerSchema, wallMinute } from '../../../shared/schemas/timer.js';
import { VERSION_MISSING } from '../../platform/errors.js';

// A zone far ahead of UTC: its day is often another than the process's (TZ=UTC).
const ZONE = 'Pacific/Kiritimati';
let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let owner: Caller;
let ownerTab: Caller;
let other: Caller;
let ownerId: number;
let task: { id: number; title: string; caseId: number };
let next: { id: number; title: string; caseId: number };
let org: { id: number; name: string };

beforeAll(async () => {
  api = await setupApi({ timeZone: ZONE });
  const o = await makeUser(api.db.pool, { firstName: 'Tina', lastName: 'Timer' });
  const x = await makeUser(api.db.pool, { firstName: 'Otto', lastName: 'Other' });
  ownerId = o.id;
  owner = await api.signIn(o.email, TEST_PASSWORD);
  // A second session of the same user: another tab's or device's.
  ownerTab = await api.signIn(o.email, TEST_PASSWORD);
  other = await api.signIn(x.email, TEST_PASSWORD);
  org = await makeOrganization(api.db.pool, { name: 'Tick Tock Dental' });
  const kase = await makeCase(api.db.pool, { organizationId: org.id, title: 'Clock tower' });
  task = await makeTask(api.db.pool, { caseId: kase.id, title: 'Wind the clock' });
  next = await makeTask(api.db.pool, { caseId: kase.id, title: 'Oil the gears' });
});
afterAll(() => api?.close());

beforeEach(async () => {
  await api.db.pool.query('DELETE FROM timers');
  await api.db.pool.query('DELETE FROM slips');
  await api.db.pool.query('UPDATE users SET timer_rounding = 5 WHERE id = $1', [ownerId]);
});

/** Moves the running timer's start into the past (the server's clock is real). */
const startedAgo = (interval: string) =>
  api.db.pool.query(`UPDATE timers SET started_at = now() - $2::interval WHERE user_id = $1`, [
    ownerId,
    interval,
  ]);

/** Starts a timer for the owner; the version the server handed out (what a window then sends back). */
const start = async (body: Record<string, unknown>) => {
  const res = await owner.post('/api/time/timer', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().timer.version as number;
};

const slipMinutes = (slips: { minutes: number | null }[]) => slips.reduce((s, x) => s + (x.minutes ?? 0), 0);

/** The running timer's start, moved to `minutes` whole minutes ago; its day and minute on the app's wall clock. */
async function startedMinutesAgo(minutes: number) {
  const { rows } = await api.db.pool.query<{ started_at: Date }>(
    `UPDATE timers SET started_at = date_trunc('minute', now()) - make_interval(mins => $2)
      WHERE user_id = $1 RETURNING started_at`,
    [ownerId, minutes],
  );
  return rows[0]!.started_at;
}
/** yyyy-MM-ddTHH:mm on the app's wall clock, `minutes` after an instant (the form of a slip's start and stop). */
const wallIso = (at: Date, minutes = 0) => {
  const w = wallMinute(new Date(at.getTime() + minutes * 60_000), ZONE);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: w.date,
    minute: w.minute,
    iso: `${w.date}T${pad(Math.floor(w.minute / 60))}:${pad(w.minute % 60)}`,
  };
};
type SlipTimes = { start: string; stop: string | null };
/** The pairs of slips that share a minute (by local start and stop, as the day's summary shows them). */
const overlapping = (slips: SlipTimes[]) =>
  slips.flatMap((a, i) =>
    slips
      .slice(i + 1)
      .filter((b) => a.stop !== null && b.stop !== null && a.start < b.stop && b.start < a.stop)
      .map((b) => `${a.start}–${a.stop} and ${b.start}–${b.stop}`),
  );

describe('signed out', () => {
  it.each([
    ['GET', '/api/time/timer'],
    ['GET', '/api/time/timer/tasks'],
    ['POST', '/api/time/timer'],
    ['POST', '/api/time/timer/stop'],
    ['DELETE', '/api/time/timer?version=0'],
  ] as const)('%s %s → 401', async (method, url) => {
    const res =
      method === 'GET'
        ? await api.anonymous.get(url)
        : method === 'POST'
          ? await api.anonymous.post(url, { task: task.id, version: 0 })
          : await api.anonymous.delete(url);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('LOGIN');
  });
});

describe('start and read', () => {
  it('starts, and a second session of the same user sees the same timer', async () => {
    expect((await owner.get('/api/time/timer')).json().timer).toBeNull();
    const res = await owner.post('/api/time/timer', {
      task: task.id,
      comment: 'first wind',
      where: 'ON_SITE',
    });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started.stopped).toEqual([]);
    expect(timerSchema.parse(started.timer)).toMatchObject({
      taskId: task.id,
      task: { value: task.id, label: 'Wind the clock' },
      caseId: task.caseId,
      case: { value: task.caseId, label: 'Clock tower' },
      organization: { value: org.id, label: 'Tick Tock Dental' },
      where: { value: 'ON_SITE', label: 'On Site' },
      how: null,
      comment: 'first wind',
      version: expect.any(Number),
    });

    const seen = (await ownerTab.get('/api/time/timer')).json();
    expect(seen.timer).toEqual(started.timer);
    expect(Math.abs(Date.parse(seen.serverNow) - Date.now())).toBeLessThan(60_000);
    expect(Date.parse(seen.timer.startedAt)).toBeLessThanOrEqual(Date.parse(seen.serverNow));
  });

  it('another user neither sees nor stops nor discards it', async () => {
    await owner.post('/api/time/timer', { task: task.id });
    expect((await other.get('/api/time/timer')).json().timer).toBeNull();
    const stop = await other.post('/api/time/timer/stop', { version: 0 });
    expect(stop.statusCode).toBe(404);
    expect(stop.json().message).toBe(NO_TIMER);
    expect((await other.delete('/api/time/timer?version=0')).statusCode).toBe(404);
    expect((await owner.get('/api/time/timer')).json().timer.taskId).toBe(task.id);
  });
});

describe('switch', () => {
  it('stops the running timer into a slip and starts the next task in one call', async () => {
    const first = await start({ task: task.id, comment: 'wound' });
    await startedAgo('12 minutes');
    const res = await ownerTab.post('/api/time/timer', { task: next.id });
    expect(res.statusCode, res.body).toBe(200);
    const { timer, stopped } = res.json();
    expect(timer).toMatchObject({ taskId: next.id, comment: null });
    expect(timer.version).not.toBe(first);
    expect(stopped.length).toBeGreaterThanOrEqual(1);
    for (const slip of stopped)
      expect(slipSchema.parse(slip)).toMatchObject({ taskId: task.id, comment: 'wound' });
    expect(slipMinutes(stopped)).toBe(15);
    // The window that still shows the first task cannot stop the second.
    const stale = await owner.post('/api/time/timer/stop', { version: first });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(TIMER_CHANGED);
    expect(stale.json().current.taskId).toBe(next.id);
  });
});

describe('rounding never makes two slips overlap (issue 27)', () => {
  it('a switch 11 minutes after the start (9:25 → 9:36): the next timer starts where the rounded slip ends', async () => {
    await start({ task: task.id });
    const started = await startedMinutesAgo(11);
    const res = await ownerTab.post('/api/time/timer', { task: next.id });
    expect(res.statusCode, res.body).toBe(200);
    const { timer, stopped } = res.json();
    // 11 minutes and some seconds, rounded up to 15: the slip ends 15 minutes after its start, in the future.
    expect(slipMinutes(stopped)).toBe(15);
    const last = stopped[stopped.length - 1];
    const end = wallIso(started, 15);
    // At midnight the slip ends at 24:00 of its day and the next one starts at 00:00 of the next.
    expect(last.stop).toBe(end.minute === 0 ? `${wallIso(started, 14).date}T24:00` : end.iso);
    expect(Date.parse(timer.startedAt)).toBe(started.getTime() + 15 * 60_000);
    // The next timer, stopped at once, logs from there: the two slips touch and do not overlap.
    const done = await owner.post('/api/time/timer/stop', { version: timer.version });
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json().slips;
    expect(after[0].start).toBe(end.iso);
    expect(overlapping([...stopped, ...after])).toEqual([]);
  });

  it('a stop rounds up only as far as the next slip of the user: it gives way at its start', async () => {
    await api.db.pool.query('UPDATE users SET timer_rounding = 30 WHERE id = $1', [ownerId]);
    const version = await start({ task: task.id, comment: 'given way' });
    const started = await startedMinutesAgo(7);
    // The user's slip from 12 to 20 minutes after the timer's start (same day; cut at midnight).
    const from = wallIso(started, 12);
    const to = wallIso(started, 20);
    await makeSlip(api.db.pool, {
      taskId: next.id,
      userId: ownerId,
      workDate: from.date,
      startTime: from.iso.slice(11),
      stopTime: to.date === from.date ? to.iso.slice(11) : '24:00',
    });
    const res = await owner.post('/api/time/timer/stop', { version });
    expect(res.statusCode, res.body).toBe(200);
    const { slips } = res.json();
    // 7 minutes worked would round to 30; the rounding ends where the other slip starts: 12 minutes.
    expect(slipMinutes(slips)).toBe(12);
    expect(slips[slips.length - 1].stop).toBe(
      from.minute === 0 ? `${wallIso(started, 11).date}T24:00` : from.iso,
    );
    const [m, d, y] = (slips[0].date as string).split('/');
    const day = (await owner.get(`/api/manage/slip/summary/${m}${d}${y}`)).json();
    expect(overlapping(day.slips)).toEqual([]);
  });
});

describe('stop', () => {
  it.each([
    [1, '7 minutes 10 seconds', 8],
    [5, '7 minutes 10 seconds', 10],
    [30, '7 minutes 10 seconds', 30],
    [5, '0 seconds', 5],
    [30, '61 minutes', 90],
  ])('rounds up to the user setting %i: %s → %i minutes', async (rounding, ago, minutes) => {
    await api.db.pool.query('UPDATE users SET timer_rounding = $2 WHERE id = $1', [ownerId, rounding]);
    const version = await start({ task: task.id, how: 'PHONE', comment: 'as started' });
    await startedAgo(ago);
    const res = await ownerTab.post('/api/time/timer/stop', { version });
    expect(res.statusCode, res.body).toBe(200);
    const { slips } = res.json();
    expect(slipMinutes(slips)).toBe(minutes);
    expect(slips[0]).toMatchObject({
      taskId: task.id,
      how: { value: 'PHONE', label: 'Phone' },
      comment: 'as started',
      user: { value: ownerId },
      rateMultiplier: { value: '1' },
    });
    expect((await owner.get('/api/time/timer')).json().timer).toBeNull();
    // The slip is in the owner's day like any other.
    const [m, d, y] = (slips[0].date as string).split('/');
    const day = (await owner.get(`/api/manage/slip/summary/${m}${d}${y}`)).json();
    expect(day.slips.map((s: { id: number }) => s.id)).toContain(slips[0].id);
  });

  it("a comment sent with the stop replaces the timer's; an empty one clears it", async () => {
    const v1 = await start({ task: task.id, comment: 'typed at start' });
    const one = (await owner.post('/api/time/timer/stop', { version: v1, comment: 'typed at stop' })).json();
    expect(one.slips[0].comment).toBe('typed at stop');
    const v2 = await start({ task: task.id, comment: 'typed at start' });
    const two = (await owner.post('/api/time/timer/stop', { version: v2, comment: '' })).json();
    expect(two.slips[0].comment).toBeNull();
  });

  it('splits at local midnight: one slip per day', async () => {
    const version = await start({ task: task.id });
    // 11:50 PM yesterday in the app's zone.
    await api.db.pool.query(
      `UPDATE timers SET started_at = (date_trunc('day', now() AT TIME ZONE $2) AT TIME ZONE $2) - interval '10 minutes'
        WHERE user_id = $1`,
      [ownerId, ZONE],
    );
    const { slips } = (await owner.post('/api/time/timer/stop', { version })).json();
    expect(slips).toHaveLength(2);
    expect(slips[0]).toMatchObject({ startTime: '11:50 PM', stopTime: '12:00 AM', minutes: 10 });
    expect(slips[1]).toMatchObject({ startTime: '12:00 AM' });
    expect(slips[0].date).not.toBe(slips[1].date);
    expect(slips[1].minutes % 5).toBe(0);
  });

  it('no timer → 404 with a clear message; stale version → 409; no version → 400', async () => {
    const none = await owner.post('/api/time/timer/stop', { version: 0 });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(NO_TIMER);
    const version = await start({ task: task.id });
    expect((await owner.post('/api/time/timer/stop', { version: version + 1 })).statusCode).toBe(409);
    const missing = await owner.post('/api/time/timer/stop', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(VERSION_MISSING);
    expect((await owner.get('/api/time/timer')).json().timer).not.toBeNull();
  });

  it("a stopped timer's version is never handed out again: a window that saw it cannot stop the next", async () => {
    const stopped = await start({ task: task.id });
    expect((await owner.post('/api/time/timer/stop', { version: stopped })).statusCode).toBe(200);
    const discarded = await start({ task: next.id });
    expect((await owner.delete(`/api/time/timer?version=${discarded}`)).statusCode).toBe(200);
    const running = await start({ task: next.id });
    expect(new Set([stopped, discarded, running]).size).toBe(3);
    for (const seen of [stopped, discarded]) {
      const stale = await ownerTab.post('/api/time/timer/stop', { version: seen });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().current).toMatchObject({ taskId: next.id, version: running });
      expect((await ownerTab.delete(`/api/time/timer?version=${seen}`)).statusCode).toBe(409);
    }
    expect((await owner.get('/api/time/timer')).json().timer).toMatchObject({ version: running });
  });

  it('a retried stop with the same Idempotency-Key makes its slips once', async () => {
    const version = await start({ task: task.id });
    await startedAgo('20 minutes');
    const send = () =>
      api.app.inject({
        method: 'POST',
        url: '/api/time/timer/stop',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          cookie: owner.cookie,
          'idempotency-key': 'stop-key-0001',
        },
        payload: { version },
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const { rows } = await api.db.pool.query('SELECT count(*)::int AS n FROM slips WHERE user_id = $1', [
      ownerId,
    ]);
    expect(rows[0].n).toBe(first.json().slips.length);
  });

  it('a task closed while the timer ran: the stop says why and the timer stays to discard', async () => {
    const closing = await makeTask(api.db.pool, { caseId: task.caseId, title: 'Soon closed' });
    const version = await start({ task: closing.id });
    await api.db.pool.query(`UPDATE tasks SET status = 'CLOSED' WHERE id = $1`, [closing.id]);
    const res = await owner.post('/api/time/timer/stop', { version });
    expect(res.statusCode).toBe(400);
    expect(res.json().form.fields.task).toEqual([CLOSED_TASK]);
    expect((await owner.get('/api/time/timer')).json().timer.taskId).toBe(closing.id);
    const discard = await owner.delete(`/api/time/timer?version=${version}`);
    expect(discard.statusCode).toBe(200);
    expect(discard.json()).toEqual({ discarded: true });
    expect((await owner.get('/api/time/timer')).json().timer).toBeNull();
  });
});

describe('refused starts', () => {
  it('closed task or closed case → 400 with the slip messages', async () => {
    const closedTask = await makeTask(api.db.pool, { caseId: task.caseId, status: 'CLOSED' });
    const closedCase = await makeCase(api.db.pool, { organizationId: org.id, status: 'CLOSED' });
    const onClosedCase = await makeTask(api.db.pool, { caseId: closedCase.id });
    const a = await owner.post('/api/time/timer', { task: closedTask.id });
    expect(a.statusCode).toBe(400);
    expect(a.json().message).toBe(CLOSED_TASK);
    const b = await owner.post('/api/time/timer', { task: onClosedCase.id });
    expect(b.json().message).toBe(CLOSED_CASE);
    expect((await owner.get('/api/time/timer')).json().timer).toBeNull();
  });

  it('a refused switch leaves the running timer as it was', async () => {
    const closedTask = await makeTask(api.db.pool, { caseId: task.caseId, status: 'CLOSED' });
    const version = await start({ task: task.id });
    expect((await owner.post('/api/time/timer', { task: closedTask.id })).statusCode).toBe(400);
    expect((await owner.get('/api/time/timer')).json().timer).toMatchObject({ taskId: task.id, version });
    const { rows } = await api.db.pool.query('SELECT count(*)::int AS n FROM slips');
    expect(rows[0].n).toBe(0);
  });

  it.each([
    [{}, 'task'],
    [{ task: 'abc' }, 'task'],
    [{ task: 999_999 }, 'task'],
    [{ task: 1, where: 'MOON' }, 'where'],
  ])('%j → 400 with a field message', async (body, field) => {
    const res = await owner.post('/api/time/timer', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.badRequest);
    const messages: string[] = res.json().form.fields[field];
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(m).not.toMatch(/expected|received|Invalid input/);
  });
});

describe('tasks to time', () => {
  it('offers open tasks of open cases with their case and client, by what was typed', async () => {
    await makeTask(api.db.pool, { caseId: task.caseId, title: 'Wind closed', status: 'CLOSED' });
    const res = await owner.get('/api/time/timer/tasks?q=wind');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { value: task.id, label: 'Wind the clock', case: 'Clock tower', organization: 'Tick Tock Dental' },
    ]);
    const byClient = (await owner.get('/api/time/timer/tasks?q=tick%20tock&limit=50')).json();
    expect(byClient.map((o: { value: number }) => o.value)).toEqual(
      expect.arrayContaining([task.id, next.id]),
    );
    expect((await owner.get('/api/time/timer/tasks?limit=0')).statusCode).toBe(400);
  });
});
