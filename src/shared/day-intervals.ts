// One day's slips as intervals of minutes [start, stop) (issue 27 "Every minute and every cent"): the time they cover,
// the gaps no slip covers, the overlaps two slips cover (and which slip lies inside another), and the one-key fixes,
// each naming exactly the minutes it changes. The daily panel's markers come from here.
import { minutesToHmm } from './format/duration.js';
import { formatTimeOfDay, parseTimeOfDay, stopMinutes } from './format/time-of-day.js';

export const DAY_END = 1440;

/**
 * A slip as the model reads it: minutes since its day's midnight, stop null while unfinished (1440: midnight).
 * `work` says what was done (task, where, how, multiplier, description): the same times and work is a duplicate.
 */
export type Span = { id: number; start: number; stop: number | null; work?: string };
export type Interval = { from: number; to: number };

/** A slip from its typed times ("12:00 AM" after a later start is midnight), or null when it has no start. */
export function spanOf(
  id: number,
  startTime: string | null | undefined,
  stopTime: string | null | undefined,
  work?: string,
): Span | null {
  const start = startTime ? parseTimeOfDay(startTime) : null;
  if (start === null) return null;
  return { id, start, stop: stopMinutes(start, stopTime ? parseTimeOfDay(stopTime) : null), work };
}

/** A slip with time in it. Any other (unfinished, or an end not after its start) is the instant of its start. */
export const isTimed = (s: Span): s is Span & { stop: number } => s.stop !== null && s.stop > s.start;

/** The daily list's order: by start, then id. */
export const inOrder = <T extends Span>(spans: readonly T[]): T[] =>
  [...spans].sort((a, b) => a.start - b.start || a.id - b.id);

/** Sorted, merged intervals (empty ones dropped). */
export function union(intervals: readonly Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const i of [...intervals].filter((x) => x.to > x.from).sort((a, b) => a.from - b.from)) {
    const last = merged[merged.length - 1];
    if (last && i.from <= last.to) last.to = Math.max(last.to, i.to);
    else merged.push({ ...i });
  }
  return merged;
}

/** Minutes of [from, to) that merged intervals cover. */
export function coveredWithin(cover: readonly Interval[], from: number, to: number): number {
  return cover.reduce((n, i) => n + Math.max(0, Math.min(to, i.to) - Math.max(from, i.from)), 0);
}

const timedIntervals = (spans: readonly Span[]) =>
  spans.filter(isTimed).map((s) => ({ from: s.start, to: s.stop }));

/** Time nobody logged: from the end of `previous` to the start of `next` (ids). */
export type Gap = { kind: 'gap'; from: number; to: number; previous: number; next: number };
/**
 * Time two slips share (first before second in list order). An unfinished slip inside another shares from its start
 * to the other's end. `inner` lies wholly inside `outer` (the later one when both have the same times).
 */
export type Overlap = {
  kind: 'overlap';
  from: number;
  to: number;
  /** The minutes logged twice (0 when one of the two is an instant). */
  minutes: number;
  first: number;
  second: number;
  inner: number | null;
  outer: number | null;
};
export type DayIssue = Gap | Overlap;

export type DayModel = {
  /** In list order. */
  spans: Span[];
  /** The time at least one slip covers. */
  covered: Interval[];
  gaps: Gap[];
  overlaps: Overlap[];
  /** Unfinished slips: SPEC §2 puts a gap marker after a slip that has no end. */
  unended: number[];
};

/** Every pair of slips that share time; an instant shares with a slip it lies in, or with one starting with it. */
function overlapsOf(spans: readonly Span[]): Overlap[] {
  const found: Overlap[] = [];
  spans.forEach((a, i) => {
    for (const b of spans.slice(i + 1)) {
      // Sorted by start: nothing later starts inside a.
      if (isTimed(a) ? b.start >= a.stop : b.start > a.start) break;
      const pair = { kind: 'overlap' as const, first: a.id, second: b.id, inner: null, outer: null };
      if (isTimed(a) && isTimed(b)) {
        // b inside a, or a inside b when they start together and b runs on.
        const [inner, outer] = b.stop <= a.stop ? [b, a] : a.start === b.start ? [a, b] : [null, null];
        const to = Math.min(a.stop, b.stop);
        found.push({
          ...pair,
          from: b.start,
          to,
          minutes: to - b.start,
          inner: inner?.id ?? null,
          outer: outer?.id ?? null,
        });
      } else {
        // An instant inside a (or two slips starting together, one of them an instant).
        const to = isTimed(a) ? a.stop : isTimed(b) ? b.stop : b.start;
        found.push({ ...pair, from: b.start, to, minutes: 0 });
      }
    }
  });
  return found;
}

/**
 * Gaps: the stretches between the first start and the last end that no slip covers, cut at every slip start. An
 * unfinished slip runs, as far as anyone knows, until the next slip starts: that time is no gap.
 */
function gapsOf(spans: readonly Span[], covered: readonly Interval[]): Gap[] {
  if (spans.length === 0) return [];
  const unknown = spans
    .filter((s) => s.stop === null)
    .map((s) => ({ from: s.start, to: spans.find((o) => o.start > s.start)?.start ?? DAY_END }));
  const busy = union([...covered, ...unknown]);
  const first = spans[0]!.start;
  const last = Math.max(...spans.map((s) => (isTimed(s) ? s.stop : s.start)));
  const free: Interval[] = [];
  let at = first;
  for (const b of busy) {
    if (b.from > at) free.push({ from: at, to: Math.min(b.from, last) });
    at = Math.max(at, b.to);
  }
  if (at < last) free.push({ from: at, to: last });
  const cuts = [...new Set(spans.map((s) => s.start))];
  const gaps: Gap[] = [];
  for (const f of free) {
    const inner = cuts.filter((c) => c > f.from && c < f.to).sort((a, b) => a - b);
    [f.from, ...inner].forEach((from, i) => {
      const to = inner[i] ?? f.to;
      // The slip that ends where the gap starts (the latest listed) and the first one starting where it ends.
      const previous = spans.findLast((s) => s.stop !== null && (isTimed(s) ? s.stop : s.start) === from);
      const next = spans.find((s) => s.start === to);
      if (previous && next && to > from)
        gaps.push({ kind: 'gap', from, to, previous: previous.id, next: next.id });
    });
  }
  return gaps;
}

export function dayModel(list: readonly Span[]): DayModel {
  const spans = inOrder(list);
  const covered = union(timedIntervals(spans));
  return {
    spans,
    covered,
    gaps: gapsOf(spans, covered),
    overlaps: overlapsOf(spans),
    unended: spans.filter((s) => s.stop === null).map((s) => s.id),
  };
}

/** The one key that applies a fix while its marker has focus. */
export type FixKey = 'e' | 's' | 'p' | 'f' | 'x' | 'm' | 'd';
/**
 * A fix: new times of existing slips, new slips copying one (its task, where, how, multiplier and description), slips
 * deleted; and what it does to the day: `logged` minutes (the sum of slip times) and `covered` minutes (time logged
 * at least once) change by exactly these. Double-logged time changes by logged − covered.
 */
export type DayFix = {
  key: FixKey;
  label: string;
  changes: Span[];
  creates: { copyOf: number; start: number; stop: number }[];
  deletes: number[];
  logged: number;
  covered: number;
};

const at = formatTimeOfDay;
/** `10:45 AM – 11:00 AM (0:15)`: a stretch as a marker names it. */
export const stretchText = (from: number, to: number) =>
  `${at(from)} – ${at(to)} (${minutesToHmm(to - from)})`;
const signed = (m: number) => `${m < 0 ? '−' : '+'}${minutesToHmm(Math.abs(m))}`;
const range = (from: number, to: number) => `${at(from)} – ${at(to)}`;

const fix = (
  key: FixKey,
  label: string,
  logged: number,
  covered: number,
  parts: Partial<DayFix>,
): DayFix => ({
  key,
  label,
  changes: [],
  creates: [],
  deletes: [],
  // No −0: a change of nothing is 0.
  logged: logged || 0,
  covered: covered || 0,
  ...parts,
});

/** The day after a fix; a new slip takes the id of the slip it copies (it carries that slip's time on). */
export function applyFix(spans: readonly Span[], f: DayFix): Span[] {
  const changed = new Map(f.changes.map((c) => [c.id, c]));
  return [
    ...spans.filter((s) => !f.deletes.includes(s.id)).map((s) => ({ ...s, ...changed.get(s.id) })),
    ...f.creates.map((c) => ({ id: c.copyOf, start: c.start, stop: c.stop })),
  ];
}

/** Minutes each pair of slips shares (0 for an instant inside a slip), by "id:id". */
function shared(spans: readonly Span[]): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const o of overlapsOf(inOrder(spans))) {
    if (o.first === o.second) continue;
    const key = o.first < o.second ? `${o.first}:${o.second}` : `${o.second}:${o.first}`;
    pairs.set(key, (pairs.get(key) ?? 0) + o.minutes);
  }
  return pairs;
}

/** A fix is offered only when every slip it writes keeps stop > start within the day, and no two slips share more. */
function allowed(spans: readonly Span[], f: DayFix): boolean {
  const written = [...f.changes, ...f.creates];
  const valid = written.every(
    (s) => s.start >= 0 && s.start < DAY_END && (s.stop === null || (s.stop > s.start && s.stop <= DAY_END)),
  );
  if (!valid) return false;
  const before = shared(spans);
  for (const [pair, minutes] of shared(applyFix(spans, f))) {
    const was = before.get(pair);
    if (was === undefined || minutes > was) return false;
  }
  return true;
}

/** The first start at or after `from` where `length` minutes touch no other slip (an unfinished one blocks on). */
function freeStart(others: readonly Span[], from: number, length: number): number | null {
  const blocked = others.map((s) =>
    isTimed(s)
      ? { from: s.start, to: s.stop }
      : {
          from: s.start,
          to:
            s.stop === null
              ? Math.max(s.start + 1, others.find((o) => o.start > s.start)?.start ?? DAY_END)
              : s.start + 1,
        },
  );
  const starts = [from, ...blocked.map((b) => b.to).filter((t) => t > from)].sort((a, b) => a - b);
  return (
    starts.find((t) => t + length <= DAY_END && blocked.every((b) => b.to <= t || b.from >= t + length)) ??
    null
  );
}

function gapFixes(byId: (id: number) => Span, gap: Gap): DayFix[] {
  const previous = byId(gap.previous);
  const next = byId(gap.next);
  const g = gap.to - gap.from;
  const nextGains = next.stop === null ? 0 : g;
  return [
    fix('e', `Extend previous to ${at(gap.to)} (${signed(g)})`, g, g, {
      changes: [{ id: previous.id, start: previous.start, stop: gap.to }],
    }),
    fix('s', `Start next at ${at(gap.from)}${nextGains ? ` (${signed(g)})` : ''}`, nextGains, nextGains, {
      changes: [{ id: next.id, start: gap.from, stop: next.stop }],
    }),
  ];
}

function overlapFixes(spans: readonly Span[], byId: (id: number) => Span, o: Overlap): DayFix[] {
  const x = byId(o.first);
  const y = byId(o.second);
  const k = o.to - o.from;
  // Minutes a trim takes from the covered time: those of the stretch that no other slip covers.
  const lost = (trimmed: Span) =>
    k - coveredWithin(union(timedIntervals(spans.filter((s) => s.id !== trimmed.id))), o.from, o.to);
  const fixes: DayFix[] = [];
  // Two instants at one start share no stretch to trim away.
  if (o.to === o.from) return fixes;
  // The earlier slip: its end back to where the overlap starts, or (both starting together) its start on.
  if (isTimed(x) && x.stop === o.to && o.from > x.start) {
    fixes.push(
      fix('p', `Trim previous to ${at(o.from)} (${signed(-k)})`, -k, -lost(x), {
        changes: [{ id: x.id, start: x.start, stop: o.from }],
      }),
    );
  } else if (x.start === o.from && (x.stop === null || x.stop > o.to)) {
    const gone = isTimed(x) ? k : 0;
    fixes.push(
      fix(
        'p',
        `Start previous at ${at(o.to)}${gone ? ` (${signed(-gone)})` : ''}`,
        -gone,
        -(gone && lost(x)),
        {
          changes: [{ id: x.id, start: o.to, stop: x.stop }],
        },
      ),
    );
  }
  // The following slip: its start on to where the overlap ends.
  if (y.stop === null || y.stop > o.to) {
    const gone = isTimed(y) ? k : 0;
    fixes.push(
      fix(
        'f',
        `Start following at ${at(o.to)}${gone ? ` (${signed(-gone)})` : ''}`,
        -gone,
        -(gone && lost(y)),
        {
          changes: [{ id: y.id, start: o.to, stop: y.stop }],
        },
      ),
    );
  }
  if (o.inner === null || o.outer === null) return fixes;
  const inner = byId(o.inner) as Span & { stop: number };
  const outer = byId(o.outer) as Span & { stop: number };
  const length = inner.stop - inner.start;
  // Split the outer slip around the inner one: it keeps its start, a copy takes the rest after the inner one.
  if (outer.start < inner.start && inner.stop < outer.stop) {
    fixes.push(
      fix(
        'x',
        `Split outer: ${range(outer.start, inner.start)} and ${range(inner.stop, outer.stop)} (${signed(-length)})`,
        -length,
        0,
        {
          changes: [{ id: outer.id, start: outer.start, stop: inner.start }],
          creates: [{ copyOf: outer.id, start: inner.stop, stop: outer.stop }],
        },
      ),
    );
  }
  const to = freeStart(
    spans.filter((s) => s.id !== inner.id),
    outer.stop,
    length,
  );
  if (to !== null) {
    fixes.push(
      fix('m', `Move inner to ${range(to, to + length)}`, 0, length, {
        changes: [{ id: inner.id, start: to, stop: to + length }],
      }),
    );
  }
  // The same times and the same work twice: one of them goes, and its minutes are named.
  if (inner.start === outer.start && inner.stop === outer.stop && inner.work && inner.work === outer.work) {
    fixes.push(fix('d', `Delete duplicate (${signed(-length)})`, -length, 0, { deletes: [inner.id] }));
  }
  return fixes;
}

/** The fixes an issue offers: only those that leave every slip's stop after its start and add no overlap. */
export function fixesOf(model: Pick<DayModel, 'spans'>, issue: DayIssue): DayFix[] {
  const index = new Map(model.spans.map((s) => [s.id, s]));
  const byId = (id: number) => index.get(id)!;
  const fixes = issue.kind === 'gap' ? gapFixes(byId, issue) : overlapFixes(model.spans, byId, issue);
  return fixes.filter((f) => allowed(model.spans, f));
}
