// GET /api/time/quick-match: the one-line entry's task match (issue 17).
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
import { NAME_A_TASK, type QuickMatch, TOO_MANY_WORDS } from '../../../shared/quick-entry.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let me: Caller;
let myId: number;
let vpnTask: { id: number; caseId: number };
let vpnOther: { id: number; caseId: number };
let printerTask: { id: number; caseId: number };
let caseWithTwo: { id: number };

const isoDaysAgo = (n: number) => {
  const d = new Date(Date.now() - n * 86_400_000);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  api = await setupApi();
  const u = await makeUser(api.db.pool, { firstName: 'Quinn', lastName: 'Quick' });
  myId = u.id;
  me = await api.signIn(u.email, TEST_PASSWORD);
  const zephyr = await makeOrganization(api.db.pool, { name: 'Zephyr Quickdental', shortCode: 'ZQD' });
  const yonder = await makeOrganization(api.db.pool, { name: 'Yonder Quicklaw' });
  const vpnCase = await makeCase(api.db.pool, { organizationId: zephyr.id, title: 'Quirky VPN drops' });
  vpnTask = await makeTask(api.db.pool, { caseId: vpnCase.id, title: 'Rebuild tunnel' });
  await makeTask(api.db.pool, { caseId: vpnCase.id, title: 'Closed thing', status: 'CLOSED' });
  const otherCase = await makeCase(api.db.pool, { organizationId: yonder.id, title: 'Quirky VPN setup' });
  vpnOther = await makeTask(api.db.pool, { caseId: otherCase.id, title: 'Order quirky hardware' });
  const printers = await makeCase(api.db.pool, { organizationId: zephyr.id, title: 'Printer 50% off_line' });
  printerTask = await makeTask(api.db.pool, { caseId: printers.id, title: 'Replace toner' });
  caseWithTwo = printers;
  await makeTask(api.db.pool, { caseId: printers.id, title: 'Reset spooler' });
  const closed = await makeCase(api.db.pool, {
    organizationId: zephyr.id,
    title: 'Quirky closed',
    status: 'CLOSED',
  });
  await makeTask(api.db.pool, { caseId: closed.id, title: 'Never matched' });
  const billed = await makeCase(api.db.pool, { organizationId: zephyr.id, title: 'Quirky billed' });
  await makeTask(api.db.pool, { caseId: billed.id, title: 'Billed task' });
  await api.db.pool.query('UPDATE cases SET billed_at = now() WHERE id = $1', [billed.id]);
  // My recent time is on the other client's task: it ranks first.
  await makeSlip(api.db.pool, { taskId: vpnOther.id, userId: myId, workDate: isoDaysAgo(2) });
});
afterAll(() => api?.close());

const match = async (query: string) => {
  const res = await me.get(`/api/time/quick-match?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as QuickMatch;
};

describe('quick match', () => {
  it('ambiguous: both open tasks of open cases, mine (recent) first; closed and billed never', async () => {
    const m = await match('words=quirky');
    expect(m.consumed).toBe(1);
    expect(m.total).toBe(2);
    expect(m.matches.map((x) => x.taskId)).toEqual([vpnOther.id, vpnTask.id]);
  });

  it('unique: the longest prefix that still names a task, the rest left for the description', async () => {
    const m = await match(`words=${encodeURIComponent('zephyr quirky vpn fixed the tunnel')}`);
    expect(m).toEqual({
      consumed: 3,
      total: 1,
      matches: [
        {
          taskId: vpnTask.id,
          taskTitle: 'Rebuild tunnel',
          caseId: vpnTask.caseId,
          caseTitle: 'Quirky VPN drops',
          organization: 'Zephyr Quickdental',
        },
      ],
    });
  });

  it('words start words: a short code, a case number, case-insensitive; not the middle of a word', async () => {
    expect((await match('words=ZQD%20toner')).matches.map((x) => x.taskId)).toEqual([printerTask.id]);
    expect((await match(`words=${printerTask.caseId}%20toner`)).matches.map((x) => x.taskId)).toEqual([
      printerTask.id,
    ]);
    expect(await match('words=uirky')).toEqual({ consumed: 0, total: 0, matches: [] });
  });

  it('none', async () => {
    expect(await match('words=xylophone%20quirky')).toEqual({ consumed: 0, total: 0, matches: [] });
  });

  it('a case number alone: that case’s open tasks; with words that name none of them, they consume nothing', async () => {
    const alone = await match(`case=${caseWithTwo.id}`);
    expect(alone.consumed).toBe(0);
    expect(alone.total).toBe(2);
    const narrowed = await match(`case=${caseWithTwo.id}&words=spooler%20stuck`);
    expect(narrowed.consumed).toBe(1);
    expect(narrowed.matches.map((x) => x.taskTitle)).toEqual(['Reset spooler']);
    const none = await match(`case=${caseWithTwo.id}&words=fixed%20it`);
    expect(none).toMatchObject({ consumed: 0, total: 2 });
  });

  it('LIKE characters are text, not wildcards', async () => {
    expect(await match('words=%25')).toEqual({ consumed: 0, total: 0, matches: [] });
    expect(await match('words=_')).toEqual({ consumed: 0, total: 0, matches: [] });
    // as wildcards these would match "quirky"; as text they are separators and leave "uirky", the middle of a word
    expect(await match('words=_uirky')).toEqual({ consumed: 0, total: 0, matches: [] });
    expect(await match('words=%25uirky')).toEqual({ consumed: 0, total: 0, matches: [] });
    // "50%" is the word "50" of the case title "Printer 50% off_line"
    expect((await match('words=50%25%20off')).total).toBe(2);
  });

  it('bad input: 400 with a clear message', async () => {
    const cases: [string, string][] = [
      ['', NAME_A_TASK],
      ['words=%20%20', NAME_A_TASK],
      ['words=a%20b%20c%20d%20e%20f%20g%20h%20i', TOO_MANY_WORDS],
      ['case=abc&words=x', 'The case number is a whole number, e.g. 1234.'],
      ['case=-4', 'The case number is a whole number, e.g. 1234.'],
    ];
    for (const [query, message] of cases) {
      const res = await me.get(`/api/time/quick-match?${query}`);
      expect(res.statusCode, query).toBe(400);
      const messages = Object.values(
        (res.json() as { form: { fields: Record<string, string[]> } }).form.fields,
      ).flat();
      expect(messages, query).toContain(message);
    }
  });

  it('signed out: 401', async () => {
    expect((await api.anonymous.get('/api/time/quick-match?words=quirky')).statusCode).toBe(401);
  });
});
