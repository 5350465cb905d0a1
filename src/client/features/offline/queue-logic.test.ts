// The offline queue's rules: coalescing, order and who may send what, the answer table, what a success changes,
// the queue shown over a day, and a property: queued changes with lost answers and retries end as typed, once each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bucket, Slip } from '../../../shared/schemas/slip';
import type { SlipValues } from '../slips/slip-logic';
import { bucketAsTyped, localDefaults, slipAsTyped } from './offline-views';
import {
  type Change,
  chainOf,
  decide,
  mergeDay,
  nextSendable,
  type Plan,
  planEnqueue,
  planSuccess,
  planSuccesses,
  type QueuedOp,
  sendableRun,
  withPlan,
} from './queue-logic';
import { queueCounts } from './queue-state';

const ME = 7;
const OTHER = 8;
const DAY = '03172031';

function slip(id: number, start: string, stop: string | null, extra: Partial<Slip> = {}): Slip {
  const hm = (t: string) => {
    const [, h, m, ap] = /^(\d+):(\d+) (AM|PM)$/.exec(t)!;
    return (Number(h) % 12) * 60 + (ap === 'PM' ? 720 : 0) + Number(m);
  };
  const iso = (t: string) => {
    const m = hm(t);
    return `2031-03-17T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };
  return {
    id,
    number: id,
    version: 1,
    startTime: start,
    stopTime: stop,
    date: '03/17/2031',
    task: { value: 10, label: 'Configure VPN' },
    case: { value: 20, label: 'Firewall' },
    organization: { value: 30, label: 'Dailyco' },
    user: { value: ME, label: 'Terry Tech' },
    where: null,
    how: null,
    rateMultiplier: { value: '1', label: '1x' },
    comment: null,
    taskId: 10,
    caseId: 20,
    isProject: false,
    start: iso(start),
    stop: stop ? iso(stop) : null,
    minutes: stop ? hm(stop) - hm(start) : null,
    billableMinutes: null,
    billing: { minimum: 0, increment: 5, source: 'DEFAULT', sourceLabel: 'default', explanation: null },
    created: { at: '', by: null },
    updated: { at: '', by: null },
    ...extra,
  };
}

const values = (over: Partial<SlipValues> = {}): SlipValues => ({
  version: 1,
  startTime: '9:00 AM',
  stopTime: '10:00 AM',
  date: '03/17/2031',
  task: 10,
  user: ME,
  where: null,
  how: null,
  rateMultiplier: '1',
  comment: '',
  ...over,
});

const OPTIONS = { how: [], where: [], user: [], rateMultiplier: [] };

/** Applies a plan to a list of ops the way the store does (new ops get the next seq). */
function applied(ops: QueuedOp[], plan: Plan): QueuedOp[] {
  let seq = Math.max(0, ...ops.map((o) => o.seq ?? 0));
  const put = plan.put.map((op) => (op.seq === undefined ? { ...op, seq: ++seq } : op));
  const gone = new Set([...plan.remove, ...put.map((o) => o.seq)]);
  return [...ops.filter((o) => !gone.has(o.seq)), ...put].sort((a, b) => a.seq! - b.seq!);
}

let ids = 0;
function enqueue(ops: QueuedOp[], change: Change, over: { userId?: number; attempted?: boolean } = {}) {
  ids += 1;
  return applied(
    ops,
    planEnqueue(ops, change, {
      userId: over.userId ?? ME,
      id: `op-${ids}`,
      now: 0,
      resolved: {},
      attempted: over.attempted,
    }),
  );
}

const create = (v: Partial<SlipValues> = {}): Change => ({
  kind: 'slip-save',
  target: null,
  values: values({ version: 0, ...v }),
  view: slipAsTyped(slip(0, '9:00 AM', null), values(v), OPTIONS),
  day: DAY,
});
const edit = (target: number | string, v: Partial<SlipValues> = {}): Change => ({
  kind: 'slip-save',
  target,
  values: values(v),
  view: slipAsTyped(slip(typeof target === 'number' ? target : 0, '9:00 AM', null), values(v), OPTIONS),
  day: DAY,
});
const remove = (target: number | string, version = 1): Change => ({
  kind: 'slip-delete',
  target,
  version,
  view: slip(typeof target === 'number' ? target : 0, '9:00 AM', '10:00 AM'),
  day: DAY,
});
const touch = (ops: QueuedOp[], i: number, patch: Partial<QueuedOp>) =>
  ops.map((op, j) => (j === i ? { ...op, ...patch } : op));

describe('coalescing (planEnqueue)', () => {
  it('a new slip is one create whose key and target are its own client id', () => {
    const [op] = enqueue([], create({ comment: 'a' }));
    expect(op).toMatchObject({ kind: 'slip-create', attempts: 0, state: 'queued', userId: ME });
    expect(op!.key).toBe(op!.id);
    expect(op!.target).toBe(op!.id);
    expect(op!.body).toMatchObject({ version: 0, comment: 'a' });
  });

  const cases: {
    name: string;
    setup: (ops: QueuedOp[]) => QueuedOp[];
    change: (ops: QueuedOp[]) => Change;
    expect: (ops: QueuedOp[]) => void;
  }[] = [
    {
      name: 'an edit of a never-attempted create changes that create',
      setup: (ops) => enqueue(ops, create({ comment: 'a' })),
      change: (ops) => edit(ops[0]!.id, { comment: 'b', version: 0 }),
      expect: (ops) => {
        expect(ops).toHaveLength(1);
        expect(ops[0]).toMatchObject({ kind: 'slip-create', body: { comment: 'b', version: 0 } });
      },
    },
    {
      name: 'an edit of an attempted create becomes an update of its client id',
      setup: (ops) => touch(enqueue(ops, create({ comment: 'a' })), 0, { attempts: 1 }),
      change: (ops) => edit(ops[0]!.id, { comment: 'b', version: 0 }),
      expect: (ops) => {
        expect(ops.map((o) => o.kind)).toEqual(['slip-create', 'slip-update']);
        expect(ops[0]!.body).toMatchObject({ comment: 'a' });
        expect(ops[1]!.target).toBe(ops[0]!.id);
      },
    },
    {
      name: 'deleting a never-attempted create removes it',
      setup: (ops) => enqueue(ops, create()),
      change: (ops) => remove(ops[0]!.id, 0),
      expect: (ops) => expect(ops).toEqual([]),
    },
    {
      name: 'deleting a refused create removes it (the server never had it)',
      setup: (ops) => touch(enqueue(ops, create()), 0, { attempts: 1, state: 'failed' }),
      change: (ops) => remove(ops[0]!.id, 0),
      expect: (ops) => expect(ops).toEqual([]),
    },
    {
      name: 'deleting an attempted create queues a delete of its client id',
      setup: (ops) => touch(enqueue(ops, create()), 0, { attempts: 1 }),
      change: (ops) => remove(ops[0]!.id, 0),
      expect: (ops) =>
        expect(ops.map((o) => [o.kind, o.target])).toEqual([
          ['slip-create', ops[0]!.id],
          ['slip-delete', ops[0]!.id],
        ]),
    },
    {
      name: 'several edits of a saved slip are one update keeping the first base version',
      setup: (ops) => enqueue(ops, edit(42, { version: 3, comment: 'a' })),
      change: () => edit(42, { version: 5, comment: 'b' }),
      expect: (ops) => {
        expect(ops).toHaveLength(1);
        expect(ops[0]).toMatchObject({ kind: 'slip-update', target: 42, baseVersion: 3 });
        expect(ops[0]!.body).toMatchObject({ version: 3, comment: 'b' });
      },
    },
    {
      name: 'an edit after the update was sent is a new update',
      setup: (ops) => touch(enqueue(ops, edit(42, { comment: 'a' })), 0, { state: 'sending', attempts: 1 }),
      change: () => edit(42, { comment: 'b' }),
      expect: (ops) => expect(ops.map((o) => o.kind)).toEqual(['slip-update', 'slip-update']),
    },
    {
      name: 'an edit of a refused change sends it again as if never tried, same key',
      setup: (ops) =>
        touch(enqueue(ops, edit(42, { comment: 'a' })), 0, {
          state: 'failed',
          attempts: 2,
          error: { status: 400, message: 'Closed', fields: {}, current: null },
        }),
      change: () => edit(42, { comment: 'fixed' }),
      expect: (ops) => {
        expect(ops).toHaveLength(1);
        expect(ops[0]).toMatchObject({
          state: 'queued',
          attempts: 0,
          error: undefined,
          body: { comment: 'fixed' },
        });
        expect(ops[0]!.key).toBe(ops[0]!.id);
      },
    },
    {
      name: 'deleting a slip with a never-sent update turns the update into the delete, at the base version',
      setup: (ops) => enqueue(ops, edit(42, { version: 3 })),
      change: () => remove(42, 3),
      expect: (ops) => {
        expect(ops).toHaveLength(1);
        expect(ops[0]).toMatchObject({ kind: 'slip-delete', target: 42, body: { version: 3 } });
      },
    },
    {
      name: "another user's queued change of the same slip is never touched",
      setup: (ops) => enqueue(ops, edit(42, { comment: 'theirs' }), { userId: OTHER }),
      change: () => edit(42, { comment: 'mine' }),
      expect: (ops) => {
        expect(ops.map((o) => [o.userId, (o.body as SlipValues).comment])).toEqual([
          [OTHER, 'theirs'],
          [ME, 'mine'],
        ]);
      },
    },
    {
      name: 'bucket saves of one day coalesce, keeping the first version',
      setup: (ops) =>
        enqueue(ops, {
          kind: 'bucket-save',
          target: { categoryId: 3, date: DAY },
          values: { time: '1:00', comment: 'a', version: 2 },
          view: BUCKET,
          day: DAY,
        }),
      change: () => ({
        kind: 'bucket-save',
        target: { categoryId: 3, date: DAY },
        values: { time: '2:00', comment: 'b', version: 9 },
        view: BUCKET,
        day: DAY,
      }),
      expect: (ops) => {
        expect(ops).toHaveLength(1);
        expect(ops[0]!.body).toEqual({ time: '2:00', comment: 'b', version: 2 });
      },
    },
  ];
  it.each(cases)('$name', (c) => {
    const before = c.setup([]);
    const after = applied(
      before,
      planEnqueue(before, c.change(before), { userId: ME, id: 'new', now: 0, resolved: {} }),
    );
    c.expect(after);
  });

  it('a change whose answer was lost is queued as attempted, so nothing coalesces into it', () => {
    const ops = enqueue([], edit(42, { comment: 'a' }), { attempted: true });
    expect(ops[0]).toMatchObject({ attempts: 1, key: ops[0]!.id });
    const next = enqueue(ops, edit(42, { comment: 'b' }));
    expect(next).toHaveLength(2);
  });

  it('an edit of a client id already saved targets the server id', () => {
    const plan = planEnqueue([], edit('client-1'), {
      userId: ME,
      id: 'x',
      now: 0,
      resolved: { 'client-1': 99 },
    });
    expect(plan.put[0]!.target).toBe(99);
  });
});

const BUCKET: Bucket = {
  category: { id: 3, title: 'Training' },
  time: '0:00',
  minutes: 0,
  comment: null,
  version: 2,
};

describe('which op goes next (nextSendable)', () => {
  const op = (seq: number, over: Partial<QueuedOp>): QueuedOp => ({
    seq,
    id: `id-${seq}`,
    userId: ME,
    kind: 'slip-update',
    key: `id-${seq}`,
    target: 40 + seq,
    body: values(),
    baseVersion: 1,
    createdAt: 0,
    attempts: 0,
    state: 'queued',
    view: slip(1, '9:00 AM', null),
    day: DAY,
    ...over,
  });
  const table: [string, QueuedOp[], number | null][] = [
    ['the first in order', [op(2, {}), op(1, {})], 1],
    ["never another user's", [op(1, { userId: OTHER }), op(2, {})], 2],
    ['nothing when only other users have changes', [op(1, { userId: OTHER })], null],
    ['a refused op does not block another slip', [op(1, { state: 'failed' }), op(2, {})], 2],
    [
      'a refused op blocks later ops of its slip',
      [op(1, { state: 'failed', target: 5 }), op(2, { target: 5 })],
      null,
    ],
    ['a sending op left by a closed page goes again', [op(1, { state: 'sending', attempts: 1 })], 1],
    [
      'an edit of a create goes after it',
      [op(1, { kind: 'slip-create', id: 'c', target: 'c' }), op(2, { target: 'c' })],
      1,
    ],
    ['an edit of a create gone from the queue, never saved, waits', [op(2, { target: 'gone' })], null],
    [
      'an edit of a refused create waits behind it',
      [op(1, { kind: 'slip-create', id: 'c', target: 'c', state: 'failed' }), op(2, { target: 'c' })],
      null,
    ],
  ];
  it.each(table)('%s', (_name, ops, expected) => {
    expect(nextSendable(ops, ME)?.seq ?? null).toBe(expected);
  });

  const runs: [string, QueuedOp[], number[]][] = [
    ['independent slips go out one after the other', [op(1, {}), op(2, {}), op(3, {})], [1, 2, 3]],
    [
      'a second change of one slip waits for the first answer',
      [op(1, {}), op(2, {}), op(3, { target: 41 })],
      [1, 2],
    ],
    [
      'an edit of a create waits for its id',
      [op(1, { kind: 'slip-create', id: 'c', target: 'c' }), op(2, { target: 'c' }), op(3, {})],
      [1],
    ],
    ["other users' changes are passed over", [op(1, {}), op(2, { userId: OTHER }), op(3, {})], [1, 3]],
    [
      'a refused slip is passed over, its later changes too',
      [op(1, { state: 'failed' }), op(2, { target: 41 }), op(3, {})],
      [3],
    ],
    ['nothing to send', [op(1, { userId: OTHER })], []],
  ];
  it.each(runs)('a run without waiting: %s', (_name, ops, expected) => {
    const run = sendableRun(ops, ME);
    expect(run.map((o) => o.seq)).toEqual(expected);
    expect(run[0] ?? null).toBe(nextSendable(ops, ME));
  });

  it('an edit of a saved create is sendable', () => {
    expect(nextSendable([op(2, { target: 'c' })], ME, { c: 99 })?.seq).toBe(2);
  });

  it('counts per user, with refusals apart', () => {
    const ops = [op(1, {}), op(2, { state: 'failed' }), op(3, { userId: OTHER })];
    expect(queueCounts(ops, ME)).toEqual({ total: 2, failed: 1 });
    expect(queueCounts(ops, null)).toEqual({ total: 0, failed: 0 });
  });
});

describe('what an answer means (decide)', () => {
  it.each([
    [{ ok: true as const }, 'done'],
    [{ ok: false as const, status: 0 }, 'retry'],
    [{ ok: false as const, status: 500 }, 'retry'],
    [{ ok: false as const, status: 503 }, 'retry'],
    [{ ok: false as const, status: 408 }, 'retry'],
    [{ ok: false as const, status: 429 }, 'retry'],
    [{ ok: false as const, status: 401 }, 'pause'],
    [{ ok: false as const, status: 200, reason: 'LOGIN' as const }, 'pause'],
    [{ ok: false as const, status: 400 }, 'failed'],
    [{ ok: false as const, status: 403 }, 'failed'],
    [{ ok: false as const, status: 404 }, 'failed'],
    [{ ok: false as const, status: 409 }, 'failed'],
    [{ ok: false as const, status: 422 }, 'failed'],
  ])('%j → %s', (outcome, decision) => {
    expect(decide(outcome)).toBe(decision);
  });
});

describe('after a success (planSuccess)', () => {
  it("a create's later ops target its server id and take the version the server answered", () => {
    let ops = touch(enqueue([], create({ comment: 'a' })), 0, { attempts: 1 });
    ops = enqueue(ops, edit(ops[0]!.id, { comment: 'b', version: 0 }));
    const plan = planSuccess(ops, ops[0]!, { id: 99, version: 1 });
    expect(plan.resolved).toEqual([ops[0]!.id, 99]);
    expect(plan.remove).toEqual([ops[0]!.seq]);
    expect(plan.put).toHaveLength(1);
    expect(plan.put[0]).toMatchObject({ target: 99, baseVersion: 1, body: { version: 1, comment: 'b' } });
    expect(chainOf(plan.put[0]!)).toBe('s:99');
  });

  it('leaves other slips and other users alone', () => {
    let ops = enqueue([], edit(42, { comment: 'a' }));
    ops = touch(ops, 0, { attempts: 1 });
    ops = enqueue(ops, edit(43));
    ops = enqueue(ops, edit(42, { comment: 'x' }), { userId: OTHER });
    ops = enqueue(ops, edit(42, { comment: 'b' }));
    const plan = planSuccess(ops, ops[0]!, { id: 42, version: 2 });
    expect(plan.put.map((o) => [o.userId, o.target, o.body.version])).toEqual([[ME, 42, 2]]);
  });
});

describe('the queue after a plan (withPlan)', () => {
  it('drops removed ops, replaces put ones, keeps the order and adds what was resolved', () => {
    let ops = enqueue([], edit(41));
    ops = enqueue(ops, edit(42));
    ops = enqueue(ops, edit(43));
    const after = withPlan(
      { ops, resolved: { a: 1 } },
      { put: [{ ...ops[2]!, state: 'sending' }], remove: [ops[0]!.seq!], resolved: ['b', 2] },
    );
    expect(after.ops.map((o) => [o.target, o.state])).toEqual([
      [42, 'queued'],
      [43, 'sending'],
    ]);
    expect(after.resolved).toEqual({ a: 1, b: 2 });
  });
});

describe('the day as the user left it (mergeDay)', () => {
  const base = {
    slips: [slip(1, '9:00 AM', '10:00 AM'), slip(2, '11:00 AM', '12:00 PM', { comment: 'old' })],
    buckets: [BUCKET],
  };

  it('creates in their place by start, edits with their values, deletes gone; totals include them', () => {
    let ops = enqueue([], create({ startTime: '10:00 AM', stopTime: '10:30 AM', comment: 'new' }));
    ops = enqueue(ops, edit(2, { startTime: '11:00 AM', stopTime: '1:00 PM', comment: 'longer' }));
    ops = enqueue(ops, remove(1));
    ops = enqueue(ops, {
      kind: 'bucket-save',
      target: { categoryId: 3, date: DAY },
      values: { time: '1:15', comment: 'course', version: 2 },
      view: bucketAsTyped(BUCKET, { time: '1:15', comment: 'course' }),
      day: DAY,
    });
    const day = mergeDay(base, ops, DAY, ME);
    expect(day.slips.map((s) => [s.id, s.comment, s.minutes])).toEqual([
      [-1, 'new', 30],
      [2, 'longer', 120],
    ]);
    expect(day.pending.get(-1)).toMatchObject({ kind: 'slip-create', target: ops[0]!.id });
    expect(day.pending.get(2)).toMatchObject({ kind: 'slip-update', target: 2 });
    expect(day.pending.has(1)).toBe(false);
    expect(day.buckets[0]).toMatchObject({
      minutes: 75,
      time: '1:15',
      comment: 'course',
      category: BUCKET.category,
    });
    expect(day.pendingBuckets.get(3)).toMatchObject({ kind: 'bucket-save' });
  });

  it('a refused delete keeps its card, with the refusal', () => {
    const ops = touch(enqueue([], remove(1)), 0, {
      state: 'failed',
      error: { status: 409, message: 'Changed by someone', fields: {}, current: null },
    });
    const day = mergeDay(base, ops, DAY, ME);
    expect(day.slips.map((s) => s.id)).toEqual([1, 2]);
    expect(day.pending.get(1)).toMatchObject({ state: 'failed', kind: 'slip-delete' });
  });

  it("other days and other users' changes do not show", () => {
    let ops = enqueue([], { ...create({ comment: 'tomorrow' }), day: '03182031' });
    ops = enqueue(ops, create({ comment: 'someone else' }), { userId: OTHER });
    ops = enqueue(ops, { ...edit(2, { comment: 'moved' }), day: '03182031' });
    const day = mergeDay(base, ops, DAY, ME);
    expect(day.slips.map((s) => s.id)).toEqual([1]);
  });

  it('an edit of a queued create shows on that card', () => {
    let ops = touch(enqueue([], create({ comment: 'a' })), 0, { attempts: 1 });
    ops = enqueue(ops, edit(ops[0]!.id, { comment: 'b', version: 0 }));
    const day = mergeDay({ slips: [], buckets: [] }, ops, DAY, ME);
    expect(day.slips.map((s) => [s.id, s.comment])).toEqual([[-1, 'b']]);
  });
});

describe('views', () => {
  it('a slip as typed: normal times, labels from the form options, minutes and sort key', () => {
    const options = {
      ...OPTIONS,
      where: [{ value: 'ON_SITE', label: 'On Site' }],
      how: [{ value: 'PHONE', label: 'Phone' }],
    };
    const s = slipAsTyped(
      slip(5, '9:00 AM', null),
      values({ startTime: '9', stopTime: '930', where: 'ON_SITE', how: 'PHONE' }),
      options,
    );
    expect(s).toMatchObject({
      startTime: '9:00 AM',
      stopTime: '9:30 AM',
      minutes: 30,
      start: '2031-03-17T09:00',
      stop: '2031-03-17T09:30',
      where: { value: 'ON_SITE', label: 'On Site' },
      how: { value: 'PHONE', label: 'Phone' },
    });
  });

  it("a new slip's defaults from a remembered slip of the task, with the latest habit", () => {
    const seen = [
      { slips: [slip(1, '9:00 AM', '10:00 AM', { how: { value: 'EMAIL', label: 'Email' } })] },
      { slips: [slip(2, '8:00 AM', '9:00 AM', { taskId: 11 })] },
    ].map((d) => ({
      ...d,
      buckets: [],
      whereOptions: [],
      howOptions: [],
      rateMultiplierOptions: [],
      billerOptions: [],
    }));
    expect(localDefaults(10, seen, '03/18/2031')).toMatchObject({
      id: 0,
      version: 0,
      date: '03/18/2031',
      startTime: '',
      taskId: 10,
      organization: { label: 'Dailyco' },
      how: { value: 'EMAIL' },
    });
    expect(localDefaults(12, seen, '03/18/2031')).toBeNull();
  });
});

// The property: any sequence of creates, edits and deletes, each sent at once when online (a lost answer queues
// it) or queued, with queue sends whose answers are lost at random and retried, ends on a model server with exactly
// the slips as typed: no duplicate, no lost edit, nothing applied twice.
describe('property: the queue against a server that applies each key once', () => {
  type Action =
    | { t: 'create'; online: boolean; lost: boolean }
    | { t: 'edit'; pick: number; text: string; online: boolean; lost: boolean }
    | { t: 'delete'; pick: number; online: boolean; lost: boolean }
    | { t: 'send'; lost: boolean };
  const flags = { online: fc.boolean(), lost: fc.boolean() };
  const action: fc.Arbitrary<Action> = fc.oneof(
    fc.record({ t: fc.constant('create' as const), ...flags }),
    fc.record({
      t: fc.constant('edit' as const),
      pick: fc.nat(),
      text: fc.string({ maxLength: 4 }),
      ...flags,
    }),
    fc.record({ t: fc.constant('delete' as const), pick: fc.nat(), ...flags }),
    fc.record({ t: fc.constant('send' as const), lost: fc.boolean() }),
  );

  class Server {
    slips = new Map<number, { comment: string; version: number }>();
    keys = new Map<string, { request: string; answer: { id?: number; version?: number } | null }>();
    nextId = 1;
    /** Applies a request once per key; throws on anything a single user's queue must never cause. */
    handle(method: string, url: string, body: Record<string, unknown>, key: string) {
      const request = JSON.stringify([method, url, body]);
      const seen = this.keys.get(key);
      if (seen) {
        if (seen.request !== request) throw new Error(`key reused for another change: ${request}`);
        return seen.answer;
      }
      let answer: { id?: number; version?: number } | null;
      if (url === 'create') {
        const id = this.nextId++;
        this.slips.set(id, { comment: String(body.comment), version: 1 });
        answer = { id, version: 1 };
      } else {
        const id = Number(url);
        const row = this.slips.get(id);
        if (!row) throw new Error(`no slip ${id}`);
        if (row.version !== body.version)
          throw new Error(`conflict on ${id}: ${row.version} vs ${body.version}`);
        if (method === 'DELETE') {
          this.slips.delete(id);
          answer = null;
        } else {
          row.comment = String(body.comment);
          row.version += 1;
          answer = { id, version: row.version };
        }
      }
      this.keys.set(key, { request, answer });
      return answer;
    }
  }

  it('ends with the slips as typed, once each', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const server = new Server();
        let ops: QueuedOp[] = [];
        let resolved: Record<string, number> = {};
        // What the user typed, per card; a card is the client id of its create or the server id.
        const cards: { target: string | number; comment: string; version: number; live: boolean }[] = [];
        let n = 0;
        const request = (op: Pick<QueuedOp, 'kind' | 'target' | 'body' | 'key'>) => {
          const target = typeof op.target === 'string' ? (resolved[op.target] ?? op.target) : op.target;
          const url = op.kind === 'slip-create' ? 'create' : String(target);
          return server.handle(op.kind === 'slip-delete' ? 'DELETE' : 'POST', url, op.body as never, op.key);
        };
        const learn = (card: (typeof cards)[number], answer: { id?: number; version?: number } | null) => {
          if (answer?.version !== undefined) card.version = answer.version;
        };
        // As the sync engine does: the whole run is marked as being sent before its first request leaves; here
        // only its first op goes (edits may come while the rest is still marked), or the whole run at the end.
        const sendRun = (lost: boolean, whole: boolean) => {
          const run = sendableRun(ops, ME, resolved);
          if (run.length === 0) return false;
          expect(run[0]).toBe(nextSendable(ops, ME, resolved));
          ops = applied(ops, {
            put: run.map((op) => ({ ...op, state: 'sending' as const, attempts: op.attempts + 1 })),
            remove: [],
          });
          // The answers of a whole run are stored together at its end (planSuccesses), as a busy engine does.
          const done: { op: QueuedOp; answer: { id?: number; version?: number } | null }[] = [];
          for (const taken of whole ? run : run.slice(0, 1)) {
            const op = ops.find((o) => o.seq === taken.seq)!;
            const answer = request(op);
            if (lost) return true;
            done.push({ op, answer });
          }
          const plan = planSuccesses({ ops, resolved }, done);
          resolved = { ...resolved, ...Object.fromEntries(plan.resolved) };
          ops = applied(ops, plan);
          for (const { op, answer } of done) {
            const card = cards.find(
              (c) => c.target === op.target || resolved[String(c.target)] === op.target,
            );
            if (card) learn(card, answer);
          }
          return true;
        };
        for (const a of actions) {
          if (a.t === 'send') {
            sendRun(a.lost, false);
            continue;
          }
          const live = cards.filter((c) => c.live);
          const card = a.t === 'create' ? null : live[a.pick % Math.max(1, live.length)];
          if (a.t !== 'create' && !card) continue;
          n += 1;
          const id = `k-${n}`;
          const change: Change =
            a.t === 'create'
              ? create({ comment: `c${n}` })
              : a.t === 'edit'
                ? edit(card!.target, { comment: `${card!.comment}+${a.text}`, version: card!.version })
                : remove(card!.target, card!.version);
          if (a.t === 'create') cards.push({ target: id, comment: `c${n}`, version: 0, live: true });
          else if (a.t === 'edit') card!.comment = `${card!.comment}+${a.text}`;
          else card!.live = false;
          const target =
            change.kind === 'slip-save' && change.target === null ? null : (change.target as string | number);
          const resolvedTarget = typeof target === 'string' ? (resolved[target] ?? target) : target;
          const waiting =
            resolvedTarget !== null &&
            ops.some(
              (op) =>
                chainOf(op) ===
                (typeof resolvedTarget === 'string' ? `c:${resolvedTarget}` : `s:${resolvedTarget}`),
            );
          if (a.online && !waiting) {
            // Sent at once with a key; a lost answer queues the change as attempted, with that key.
            const kind =
              change.kind === 'slip-delete' ? 'slip-delete' : target === null ? 'slip-create' : 'slip-update';
            const body = change.kind === 'slip-delete' ? { version: change.version } : change.values;
            const answer = request({ kind, key: id, target: resolvedTarget ?? id, body });
            if (!a.lost) {
              if (kind === 'slip-create' && answer?.id !== undefined) cards.at(-1)!.target = answer.id;
              if (card) learn(card, answer);
              if (kind === 'slip-create') learn(cards.at(-1)!, answer);
              continue;
            }
            ops = applied(
              ops,
              planEnqueue(ops, change, { userId: ME, id, now: 0, resolved, attempted: true }),
            );
            continue;
          }
          ops = applied(ops, planEnqueue(ops, change, { userId: ME, id, now: 0, resolved }));
        }
        // The network is back for good.
        let guard = 0;
        while (sendRun(false, true)) if (++guard > 500) throw new Error('the queue never drains');
        expect(ops).toEqual([]);
        const expected = cards
          .filter((c) => c.live)
          .map((c) => c.comment)
          .sort();
        const actual = [...server.slips.values()].map((s) => s.comment).sort();
        expect(actual).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
