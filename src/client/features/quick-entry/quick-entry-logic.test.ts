// The preview plan of a line: the day, the task state from the server's answer, and the slip's values once resolved.
import { describe, expect, it } from 'vitest';
import { parseQuickLine, type QuickLine, type QuickMatch } from '../../../shared/quick-entry';
import { blocker, lastEndOf, matchKeyOf, matchUrl, planOf, valuesOfPlan } from './quick-entry-logic';

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
