// GET /api/time/quick-match: the one-line entry's task match (issue 17); GET /api/time/recent-tasks, what a device
// keeps to match with no network, and the shared matcher it uses giving the server's answers.
import fc from 'fast-check';
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
import {
  MATCH_WORDS_MAX,
  matchCandidates,
  NAME_A_TASK,
  type QuickCandidate,
  type QuickMatch,
  TOO_MANY_WORDS,
} from '../../../shared/quick-entry.js';

let api: ApiHarness;
type Caller = Awaited<ReturnType<ApiHarness['signIn']>>;
let me: Caller;
let myId: number;
let vpnTask: { id: number; caseId: number };
let vpnOther: { id: number; caseId: number };
let printerTask: { id: number; caseId: number };
let caseWithTwo: { id: number };
let uniTask: { id: number; caseId: number };

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
  // A client with a name beyond ASCII, a slip of mine on it today, and time too old to count as recent.
  const cafe = await makeOrganization(api.db.pool, { name: 'Café Ünïon Łódź', shortCode: 'CUL' });
  uniTask = await makeTask(api.db.pool, {
    caseId: (await makeCase(api.db.pool, { organizationId: cafe.id, title: 'Ремонт VPN' })).id,
    title: 'Kassensystem prüfen',
  });
  await makeSlip(api.db.pool, { taskId: uniTask.id, userId: myId, workDate: isoDaysAgo(0) });
  await makeSlip(api.db.pool, { taskId: printerTask.id, userId: myId, workDate: isoDaysAgo(45) });
});
afterAll(() => api?.close());

/** Runs of the property comparing the shared matcher with the server. */
const MATCHER_RUNS = 300;

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

describe('recent tasks', () => {
  it("the user's open tasks with time in the last 30 days, latest first; closed, billed, old and others' never", async () => {
    const other = await makeUser(api.db.pool);
    await makeSlip(api.db.pool, { taskId: vpnTask.id, userId: other.id, workDate: isoDaysAgo(1) });
    const closedCase = await makeCase(api.db.pool, { title: 'Closed recently', status: 'CLOSED' });
    const closedTask = await makeTask(api.db.pool, { caseId: closedCase.id });
    await makeSlip(api.db.pool, { taskId: closedTask.id, userId: myId, workDate: isoDaysAgo(1) });
    const res = await me.get('/api/time/recent-tasks');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tasks: [
        {
          taskId: uniTask.id,
          taskTitle: 'Kassensystem prüfen',
          caseId: uniTask.caseId,
          caseTitle: 'Ремонт VPN',
          organization: 'Café Ünïon Łódź',
          shortCode: 'CUL',
          lastWorked: isoDaysAgo(0),
        },
        {
          taskId: vpnOther.id,
          taskTitle: 'Order quirky hardware',
          caseId: vpnOther.caseId,
          caseTitle: 'Quirky VPN setup',
          organization: 'Yonder Quicklaw',
          shortCode: null,
          lastWorked: isoDaysAgo(2),
        },
      ],
    });
    expect((await api.anonymous.get('/api/time/recent-tasks')).statusCode).toBe(401);
  });
});

describe('the shared matcher gives the server’s answer', () => {
  /** Every open task as a device would hold it, with my last day on it (any age: the matcher applies the 30 days). */
  async function everyOpenTask(): Promise<{ candidates: QuickCandidate[]; today: string }> {
    const { rows } = await api.db.pool.query<QuickCandidate>(
      `SELECT t.id AS "taskId", t.title AS "taskTitle", c.id AS "caseId", c.title AS "caseTitle",
              o.name AS organization, o.short_code AS "shortCode",
              (SELECT to_char(max(work_date), 'YYYY-MM-DD') FROM slips s WHERE s.task_id = t.id AND s.user_id = $1)
                AS "lastWorked"
         FROM tasks t JOIN cases c ON c.id = t.case_id JOIN organizations o ON o.id = c.organization_id
        WHERE t.status = 'OPEN' AND c.status = 'OPEN' AND c.billed_at IS NULL`,
      [myId],
    );
    const today = (await api.db.pool.query<{ d: string }>("SELECT to_char(current_date, 'YYYY-MM-DD') AS d"))
      .rows[0]!.d;
    return { candidates: rows, today };
  }
  const VOCABULARY = [
    'zephyr',
    'ZQD',
    'quirky',
    'Quirky',
    'vpn',
    'drops',
    'setup',
    'printer',
    '50%',
    'off',
    'off_line',
    'line',
    'toner',
    'reset',
    'spooler',
    'rebuild',
    'tunnel',
    'order',
    'hardware',
    'quick',
    'q',
    're',
    'yonder',
    'xylophone',
    'fixed',
    'the',
    '%',
    '_',
    '#',
    '--',
    'café',
    'ÜNÏON',
    'łódź',
    'ремонт',
    'prüfen',
    'kassen',
    'cul',
  ];

  it('for any words and case number (property)', async () => {
    const { candidates, today } = await everyOpenTask();
    const caseIds = [...new Set(candidates.map((c) => c.caseId)), 999_999];
    const vocabulary = [...VOCABULARY, ...caseIds.map(String)];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...vocabulary), { minLength: 0, maxLength: MATCH_WORDS_MAX }),
        fc.option(fc.constantFrom(...caseIds)),
        async (words, caseId) => {
          fc.pre(words.length > 0 || caseId !== null);
          const query = new URLSearchParams();
          if (words.length) query.set('words', words.join(' '));
          if (caseId !== null) query.set('case', String(caseId));
          const server = await match(query.toString());
          expect(matchCandidates(candidates, words, caseId, today)).toEqual(server);
        },
      ),
      { numRuns: MATCHER_RUNS },
    );
  });
});
