// The day as intervals: the issue's nested day and other tables, then properties over random days (nested, identical,
// touching, zero-length, unfinished, ending at midnight) checked by a second, plain-minded reading of the day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DayFix,
  type DayIssue,
  dayModel,
  fixesOf,
  type Span,
  spanOf,
  stretchText,
} from './day-intervals.js';
import { minutesToHmm } from './format/duration.js';

const RUNS = 2000;
const t = (h: number, m = 0) => h * 60 + m;
const span = (id: number, start: number, stop: number | null, work?: string): Span => ({
  id,
  start,
  stop,
  work,
});
const issuesOf = (spans: Span[]): DayIssue[] => {
  const m = dayModel(spans);
  return [...m.gaps, ...m.overlaps];
};
const summary = (spans: Span[]) =>
  issuesOf(spans).map((i) => ({
    kind: i.kind,
    span: stretchText(i.from, i.to),
    fixes: fixesOf(dayModel(spans), i).map((f) => `${f.key} ${f.label}`),
  }));

describe('the issue: 9:30–10:45 with 9:40–10:00 inside it, then 12:00–1:00', () => {
  const day = [span(1, t(9, 30), t(10, 45)), span(2, t(9, 40), t(10)), span(3, t(12), t(13))];

  it('offers the gap after the outer slip only, and split or move for the nested one, never a trim', () => {
    expect(summary(day)).toEqual([
      {
        kind: 'gap',
        span: '10:45 AM – 12:00 PM (1:15)',
        fixes: ['e Extend previous to 12:00 PM (+1:15)', 's Start next at 10:45 AM (+1:15)'],
      },
      {
        kind: 'overlap',
        span: '9:40 AM – 10:00 AM (0:20)',
        fixes: [
          'x Split outer: 9:30 AM – 9:40 AM and 10:00 AM – 10:45 AM (−0:20)',
          'm Move inner to 10:45 AM – 11:05 AM',
        ],
      },
    ]);
    const m = dayModel(day);
    expect(m.gaps[0]).toMatchObject({ previous: 1, next: 3 });
    expect(m.overlaps[0]).toMatchObject({ first: 1, second: 2, inner: 2, outer: 1, minutes: 20 });
  });

  it('the split keeps the outer start and copies the rest after the inner slip', () => {
    const m = dayModel(day);
    const split = fixesOf(m, m.overlaps[0]!).find((f) => f.key === 'x')!;
    expect(split).toMatchObject({
      changes: [{ id: 1, start: t(9, 30), stop: t(9, 40) }],
      creates: [{ copyOf: 1, start: t(10), stop: t(10, 45) }],
      deletes: [],
      logged: -20,
      covered: 0,
    });
  });
});

describe('tables', () => {
  it.each([
    // a partial overlap: trim either side by exactly its minutes
    [
      [span(1, t(9), t(10, 45)), span(2, t(10, 30), t(12))],
      ['p Trim previous to 10:30 AM (−0:15)', 'f Start following at 10:45 AM (−0:15)'],
    ],
    // nested, same end: the outer's end comes back to the inner start (exactly the inner's minutes), or move
    [
      [span(1, t(9), t(12)), span(2, t(10), t(12))],
      ['p Trim previous to 10:00 AM (−2:00)', 'm Move inner to 12:00 PM – 2:00 PM'],
    ],
    // nested, same start: the outer starts where the inner ends
    [
      [span(1, t(9), t(12)), span(2, t(9), t(10))],
      ['p Start previous at 10:00 AM (−1:00)', 'm Move inner to 12:00 PM – 1:00 PM'],
    ],
    // the same times, other work: move one; the same work too: or delete the duplicate
    [[span(1, t(9), t(10), 'a'), span(2, t(9), t(10), 'b')], ['m Move inner to 10:00 AM – 11:00 AM']],
    [
      [span(1, t(9), t(10), 'a'), span(2, t(9), t(10), 'a')],
      ['m Move inner to 10:00 AM – 11:00 AM', 'd Delete duplicate (−1:00)'],
    ],
    // an unfinished slip inside another: end the other at its start, or start it where the other ends
    [
      [span(1, t(9), t(10, 45)), span(2, t(10, 30), null)],
      ['p Trim previous to 10:30 AM (−0:15)', 'f Start following at 10:45 AM'],
    ],
    // no room left in the day for the inner slip: no move
    [
      [span(1, t(22), t(24)), span(2, t(23), t(23, 30))],
      ['x Split outer: 10:00 PM – 11:00 PM and 11:30 PM – 12:00 AM (−0:30)'],
    ],
  ])('%j → %j', (spans, fixes) => {
    expect(summary(spans).flatMap((s) => s.fixes)).toEqual(fixes);
  });

  it('a move skips busy time and an unfinished slip blocks the rest of the day', () => {
    const day = [
      span(1, t(9), t(10)),
      span(2, t(9, 15), t(9, 45)),
      span(3, t(10), t(10, 20)),
      span(4, t(11), null),
    ];
    const m = dayModel(day);
    const nested = m.overlaps.find((o) => o.inner === 2)!;
    expect(fixesOf(m, nested).map((f) => f.label)).toContain('Move inner to 10:20 AM – 10:50 AM');
    const crowded = [
      span(1, t(9), t(10)),
      span(2, t(9, 15), t(9, 45)),
      span(3, t(10), t(10, 20)),
      span(4, t(10, 30), null),
    ];
    const c = dayModel(crowded);
    expect(fixesOf(c, c.overlaps.find((o) => o.inner === 2)!).map((f) => f.key)).toEqual(['x']);
  });

  it('touching slips have no issue; an unfinished slip hides what follows it until the next start', () => {
    expect(issuesOf([span(1, t(9), t(10)), span(2, t(10), t(11))])).toEqual([]);
    const m = dayModel([span(1, t(9), t(10)), span(2, t(10, 30), null), span(3, t(12), t(13))]);
    expect(m.gaps.map((g) => stretchText(g.from, g.to))).toEqual(['10:00 AM – 10:30 AM (0:30)']);
    expect(m.unended).toEqual([2]);
  });

  it('reads typed times: 12:00 AM after a later start is midnight', () => {
    expect(spanOf(1, '11:00 PM', '12:00 AM')).toEqual({ id: 1, start: t(23), stop: 1440, work: undefined });
    expect(spanOf(1, '', '10:00 AM')).toBeNull();
    expect(spanOf(1, '9:00 AM', '')).toMatchObject({ stop: null });
  });
});

// A random day: slips placed freely, unfinished, zero-length, identical to, inside of or touching an earlier one,
// or running to midnight.
const recipe = fc.oneof(
  fc.record({
    kind: fc.constant('free'),
    start: fc.integer({ min: 0, max: 1439 }),
    length: fc.integer({ min: 1, max: 600 }),
  }),
  fc.record({ kind: fc.constant('open'), start: fc.integer({ min: 0, max: 1439 }) }),
  fc.record({ kind: fc.constant('zero'), start: fc.integer({ min: 0, max: 1439 }) }),
  fc.record({ kind: fc.constant('midnight'), start: fc.integer({ min: 0, max: 1439 }) }),
  fc.record({ kind: fc.constant('same'), of: fc.nat(), work: fc.boolean() }),
  fc.record({ kind: fc.constant('inside'), of: fc.nat(), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('touching'), of: fc.nat(), length: fc.integer({ min: 1, max: 300 }) }),
);
const randomDay = fc.array(recipe, { minLength: 1, maxLength: 9 }).map((recipes) => {
  const day: Span[] = [];
  recipes.forEach((r, i) => {
    const id = i + 1;
    const timed = day.filter((s) => s.stop !== null && s.stop > s.start) as (Span & { stop: number })[];
    const base = 'of' in r && timed.length ? timed[r.of % timed.length]! : null;
    const work = `w${id}`;
    if (r.kind === 'free') day.push(span(id, r.start, Math.min(1440, r.start + r.length), work));
    else if (r.kind === 'open') day.push(span(id, r.start, null, work));
    else if (r.kind === 'zero') day.push(span(id, r.start, r.start, work));
    else if (r.kind === 'midnight') day.push(span(id, r.start, 1440, work));
    else if (!base) day.push(span(id, 9 * 60, 10 * 60, work));
    else if (r.kind === 'same') day.push(span(id, base.start, base.stop, r.work ? base.work : work));
    else if (r.kind === 'inside') {
      const len = base.stop - base.start;
      const a = base.start + (r.a % len);
      const b = a + 1 + (r.b % (base.stop - a));
      day.push(span(id, a, b, work));
    } else if (r.kind === 'touching' && base.stop < 1440) {
      day.push(span(id, base.stop, Math.min(1440, base.stop + r.length), work));
    } else day.push(span(id, 0, 30, work));
  });
  return day;
});

// A second reading of a day, minute by minute.
type Slip = Span & { origin: number };
const timedOf = (s: Span) => s.stop !== null && s.stop > s.start;
const minutesIn = (s: Span) => (timedOf(s) ? s.stop! - s.start : 0);
/** Which minutes of the day at least one slip covers. */
const coveredMinutes = (day: Span[]) => {
  const minutes = new Uint8Array(1440);
  for (const s of day) if (timedOf(s)) minutes.fill(1, s.start, s.stop!);
  return minutes;
};
const count = (minutes: Uint8Array) => minutes.reduce((n, m) => n + m, 0);
/** Minutes each pair of origins shares, and the pairs where an instant lies in (or starts with) another slip. */
function sharing(day: Slip[]) {
  const minutes = new Map<string, number>();
  const instants = new Set<string>();
  for (const a of day)
    for (const b of day) {
      if (a.origin >= b.origin) continue;
      const key = `${a.origin}:${b.origin}`;
      if (timedOf(a) && timedOf(b)) {
        const n = Math.max(0, Math.min(a.stop!, b.stop!) - Math.max(a.start, b.start));
        if (n > 0) minutes.set(key, (minutes.get(key) ?? 0) + n);
      } else {
        const inside = (i: Span, o: Span) =>
          timedOf(o) ? o.start <= i.start && i.start < o.stop! : o.start === i.start;
        if ((!timedOf(a) && inside(a, b)) || (!timedOf(b) && inside(b, a))) instants.add(key);
      }
    }
  return { minutes, instants };
}
/** The fix applied by hand: new slips get ids of their own and remember the slip they copy. */
function applied(day: Span[], fix: DayFix): Slip[] {
  const out: Slip[] = day
    .filter((s) => !fix.deletes.includes(s.id))
    .map((s) => {
      const c = fix.changes.find((x) => x.id === s.id);
      return { ...s, start: c?.start ?? s.start, stop: c ? c.stop : s.stop, origin: s.id };
    });
  fix.creates.forEach((c, i) => {
    out.push({ id: 1000 + i, start: c.start, stop: c.stop, origin: c.copyOf });
  });
  return out;
}
const everyFix = (day: Span[]) => {
  const m = dayModel(day);
  return [...m.gaps, ...m.overlaps].flatMap((issue) => fixesOf(m, issue).map((fix) => ({ issue, fix })));
};

describe('properties over random days', () => {
  it(`every gap offered lies outside every slip, and every minute of the day no slip covers is in one (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(randomDay, (day) => {
        const m = dayModel(day);
        for (const g of m.gaps) {
          expect(g.to).toBeGreaterThan(g.from);
          for (const s of day) {
            if (timedOf(s)) expect(s.stop! <= g.from || s.start >= g.to).toBe(true);
            // No slip starts inside a gap, and none is unfinished at its start.
            expect(s.start > g.from && s.start < g.to).toBe(false);
            if (s.stop === null) expect(s.start).not.toBe(g.from);
          }
        }
        // Complete: a minute between the first start and the last end that no slip covers and that follows no
        // unfinished slip (up to the next start) is in a gap.
        const busy = coveredMinutes(day);
        for (const s of day) {
          if (s.stop !== null) continue;
          const next = Math.min(1440, ...day.filter((o) => o.start > s.start).map((o) => o.start));
          busy.fill(1, s.start, next);
        }
        const inGap = new Uint8Array(1440);
        for (const g of m.gaps) inGap.fill(1, g.from, g.to);
        const first = Math.min(...day.map((s) => s.start));
        const last = Math.max(...day.map((s) => (timedOf(s) ? s.stop! : s.start)));
        const wrong: number[] = [];
        for (let minute = first; minute < last; minute++)
          if (busy[minute]! + inGap[minute]! !== 1) wrong.push(minute);
        expect(wrong).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it(`after any fix, logged and covered minutes change by exactly what it says and no overlap grows (${RUNS} runs)`, () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(randomDay, (day) => {
        const before: Slip[] = day.map((s) => ({ ...s, origin: s.id }));
        const was = sharing(before);
        const sum = (d: Span[]) => d.reduce((n, s) => n + minutesIn(s), 0);
        for (const { issue, fix } of everyFix(day)) {
          seen.set(fix.key, (seen.get(fix.key) ?? 0) + 1);
          const after = applied(day, fix);
          const now = sharing(after);
          // Every slip written keeps its stop after its start, within the day; none is left without time it had.
          const broken = after.filter((s) => {
            const old = day.find((o) => o.id === s.id);
            const inDay = s.start >= 0 && s.start < 1440 && (s.stop === null || s.stop <= 1440);
            return !inDay || (old !== undefined && timedOf(old) && !timedOf(s));
          });
          expect({
            logged: sum(after) - sum(day),
            covered: count(coveredMinutes(after)) - count(coveredMinutes(day)),
            broken,
            grown: [...now.minutes].filter(([pair, n]) => n > (was.minutes.get(pair) ?? 0)),
            newInstants: [...now.instants].filter((pair) => !was.instants.has(pair)),
          }).toEqual({ logged: fix.logged, covered: fix.covered, broken: [], grown: [], newInstants: [] });
          // A trim between two slips with time takes exactly the minutes they share and no covered time.
          if (issue.kind === 'overlap' && issue.minutes > 0 && (fix.key === 'p' || fix.key === 'f')) {
            expect(fix.logged).toBe(-issue.minutes);
            expect(fix.covered).toBe(0);
          }
          // A gap fix adds exactly the gap (a slip with no end yet only moves its start).
          if (issue.kind === 'gap' && fix.logged !== 0) expect(fix.covered).toBe(issue.to - issue.from);
          // The label names the minutes it changes.
          if (fix.logged !== 0) expect(fix.label).toContain(minutesToHmm(Math.abs(fix.logged)));
          // Only a duplicate (same times, same work) is ever deleted.
          for (const id of fix.deletes) {
            const gone = day.find((s) => s.id === id)!;
            expect(
              day.some(
                (s) => s.id !== id && s.start === gone.start && s.stop === gone.stop && s.work === gone.work,
              ),
            ).toBe(true);
          }
        }
      }),
      { numRuns: RUNS },
    );
    // Every kind of fix was offered and checked (not a vacuous pass).
    expect([...seen.keys()].sort()).toEqual(['d', 'e', 'f', 'm', 'p', 's', 'x']);
  });

  it(`a slip inside another is never trimmed away nor does the outer lose more than the inner's minutes (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(randomDay, (day) => {
        const m = dayModel(day);
        for (const o of m.overlaps) {
          if (o.inner === null) continue;
          const inner = day.find((s) => s.id === o.inner)!;
          for (const fix of fixesOf(m, o)) {
            expect(fix.logged).toBeGreaterThanOrEqual(-minutesIn(inner));
            const after = applied(day, fix).find((s) => s.id === inner.id);
            if (after) expect(minutesIn(after)).toBe(minutesIn(inner));
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
