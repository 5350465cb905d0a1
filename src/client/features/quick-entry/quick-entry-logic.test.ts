// The preview plan of a line: the day, the task state from the server's answer, and the slip's values once resolved.
import { describe, expect, it, vi } from 'vitest';
import { CASE_BILLED } from '../../../shared/billing';
import {
  parseQuickLine,
  type QuickCandidate,
  type QuickLine,
  type QuickMatch,
} from '../../../shared/quick-entry';
import type { Slip } from '../../../shared/schemas/slip';
import { WEEK_LOCKED } from '../../../shared/schemas/timesheet';
import { matchOrLocal } from './quick-entry-api';
import {
  blocker,
  candidatesOf,
  lastEndOf,
  matchKeyOf,
  matchUrl,
  planOf,
  valuesOfPlan,
} from './quick-entry-logic';

const line = (text: string): QuickLine => {
  const parsed = parseQuickLine(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.line;
};
const vpn = {
  taskId: 7,
  taskTitle: 'Rebuild tunnel',
  caseId: 1234,
  caseTitle: 'VPN drops',
  organization: 'Acme',
};
const other = { ...vpn, taskId: 8, taskTitle: 'Order router' };
const displayed = new Date(2031, 2, 12);
const context = { displayed, slips: [], now: new Date(2031, 2, 12, 15, 7) };

describe('planOf', () => {
  it('the example line, resolved: the values the daily panel writes', () => {
    const l = line('930-1045 acme vpn #1234 remote phone 1.5x fixed the tunnel');
    const match: QuickMatch = { consumed: 2, total: 1, matches: [vpn] };
    const plan = planOf(l, match, null, context);
    expect(plan).toMatchObject({
      where: 'Remote',
      how: 'Phone',
      multiplier: '1.5x',
      description: 'fixed the tunnel',
    });
    expect(blocker(plan)).toBeNull();
    expect(valuesOfPlan(plan, l, 3)?.values).toEqual({
      version: 0,
      startTime: '9:30 AM',
      stopTime: '10:45 AM',
      date: '03/12/2031',
      task: 7,
      user: 3,
      where: 'REMOTE',
      how: 'PHONE',
      rateMultiplier: '1.5',
      comment: 'fixed the tunnel',
    });
  });

  it('several tasks: asks, and a pick resolves it', () => {
    const l = line('9-10 acme done');
    const match: QuickMatch = { consumed: 1, total: 2, matches: [vpn, other] };
    const plan = planOf(l, match, null, context);
    expect(plan.task).toEqual({ kind: 'ambiguous', total: 2, matches: [vpn, other] });
    expect(valuesOfPlan(plan, l, 3)).toBeNull();
    const picked = planOf(l, match, other, context);
    expect(valuesOfPlan(picked, l, 3)?.values).toMatchObject({
      task: 8,
      comment: 'done',
      stopTime: '10:00 AM',
    });
  });

  it('none, loading, nothing to look for', () => {
    expect(planOf(line('9-10 zzz'), { consumed: 0, total: 0, matches: [] }, null, context).task).toEqual({
      kind: 'none',
      message: 'No open task matches “zzz”.',
    });
    expect(planOf(line('9-10 zzz'), undefined, null, context).task).toEqual({ kind: 'loading' });
    expect(matchKeyOf(line('9-10'))).toBeNull();
    expect(blocker(planOf(line('9-10'), undefined, null, context))).toMatch(/Name the task/);
  });

  it('yesterday and a duration after the day’s last slip', () => {
    const slips = [
      { date: '03/11/2031', stopTime: '4:15 PM' },
      { date: '03/11/2031', stopTime: '11:00 AM' },
      { date: '03/12/2031', stopTime: '9:00 AM' },
    ];
    expect(lastEndOf(slips, new Date(2031, 2, 11))).toBe(16 * 60 + 15);
    const plan = planOf(line('45m yday acme'), { consumed: 1, total: 1, matches: [vpn] }, null, {
      ...context,
      slips,
    });
    expect(valuesOfPlan(plan, line('45m yday acme'), 3)?.values).toMatchObject({
      date: '03/11/2031',
      startTime: '4:15 PM',
      stopTime: '5:00 PM',
    });
  });

  it('today with nothing logged: a duration ends about now', () => {
    const plan = planOf(line('45m acme'), { consumed: 1, total: 1, matches: [vpn] }, null, context);
    expect(plan.times).toEqual({ start: 14 * 60 + 20, end: 15 * 60 + 5 });
  });

  it('the match url', () => {
    expect(matchUrl({ words: ['acme', 'v&n'], caseId: 12 })).toBe(
      '/api/time/quick-match?words=acme+v%26n&case=12',
    );
  });
});

describe('with no network', () => {
  const slip = (over: Partial<Slip>): Slip =>
    ({
      id: 1,
      taskId: 7,
      caseId: 1234,
      task: { value: 7, label: 'Rebuild tunnel' },
      case: { value: 1234, label: 'VPN drops' },
      organization: { value: 3, label: 'Acme' },
      date: '03/10/2031',
      start: '2031-03-10T09:00',
      locked: null,
      ...over,
    }) as Slip;
  const kept: QuickCandidate = {
    ...vpn,
    shortCode: 'ACM',
    lastWorked: '2031-03-01',
  };

  it('the tasks a device knows: kept ones with their short code, then slips’ tasks, never a billed or closed one', () => {
    const tasks = candidatesOf(
      [kept],
      [
        slip({}),
        slip({ id: 2, taskId: 9, task: { value: 9, label: 'Swap drum' }, start: '2031-03-12T08:00' }),
        // A queued slip only this device knows: its day from its date.
        slip({ id: -1, taskId: 10, task: { value: 10, label: 'Queued one' }, start: '', date: '03/12/2031' }),
        slip({ id: 3, taskId: 11, task: { value: 11, label: 'Billed one' }, locked: CASE_BILLED }),
        // Locked by an approved week: the task still takes time on other days.
        slip({ id: 4, taskId: 12, task: { value: 12, label: 'Week locked' }, locked: WEEK_LOCKED }),
      ],
    );
    expect(tasks.map((t) => [t.taskId, t.shortCode, t.lastWorked])).toEqual([
      [7, 'ACM', '2031-03-10'],
      [9, null, '2031-03-12'],
      [10, null, '2031-03-12'],
      [12, null, '2031-03-10'],
    ]);
  });

  it('a word no task on the device starts, or a case it does not know, says so and how to go on', () => {
    const none = { consumed: 0, total: 0, matches: [], offline: true };
    const plan = planOf(line('9-10 zeb'), none, null, context);
    expect(plan.task).toEqual({
      kind: 'none',
      message: 'Offline: no task on this device matches “zeb”. Pick a recent task or try again when online.',
    });
    expect(blocker(plan)).toBe(plan.task.kind === 'none' ? plan.task.message : '');
    expect(planOf(line('9-10 #4321 vpn'), none, null, context).task).toEqual({
      kind: 'none',
      message: 'Offline: case #4321 is not on this device. Try again when online.',
    });
    const found = planOf(
      line('9-10 acme'),
      { consumed: 1, total: 1, matches: [vpn], offline: true },
      null,
      context,
    );
    expect(found.offline).toBe(true);
    expect(valuesOfPlan(found, line('9-10 acme'), 3)?.values.task).toBe(7);
  });

  it('matchOrLocal: offline, or when the call finds no network, answers from the device; a refusal is thrown', async () => {
    const onDevice = async () => [kept];
    const key = { words: ['acme', 'fixed'], caseId: null };
    const answer = { consumed: 1, total: 1, matches: [vpn], offline: true };
    vi.stubGlobal('navigator', { onLine: false });
    const fetcher = vi.fn();
    vi.stubGlobal('fetch', fetcher);
    expect(await matchOrLocal(key, onDevice)).toEqual(answer);
    expect(fetcher).not.toHaveBeenCalled();
    // Online, but the request never reaches the server.
    vi.stubGlobal('navigator', { onLine: true });
    fetcher.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await matchOrLocal(key, onDevice)).toEqual(answer);
    // The server's own answers stand, refusals included.
    fetcher.mockResolvedValueOnce(Response.json({ consumed: 0, total: 0, matches: [] }));
    expect(await matchOrLocal(key, onDevice)).toEqual({ consumed: 0, total: 0, matches: [] });
    fetcher.mockResolvedValueOnce(Response.json({ message: 'Up to 8 words name a task.' }, { status: 400 }));
    await expect(matchOrLocal(key, onDevice)).rejects.toThrow('Up to 8 words name a task.');
    vi.unstubAllGlobals();
  });
});
