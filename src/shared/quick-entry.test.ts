// The one-line entry grammar (issue 17): table tests from the examples, plus properties; the task match a
// device runs with no network (its agreement with the server's is tested against the server).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from './format/time-of-day';
import {
  candidateText,
  DAY_START_MINUTES,
  HOW_WORDS,
  matchCandidates,
  PAST_MIDNIGHT,
  parseDurationWord,
  parseQuickLine,
  prefixOf,
  type QuickCandidate,
  type QuickLine,
  resolveTimes,
  START_WITH_TIME,
  splitDescription,
  timesLabel,
  WHERE_WORDS,
} from './quick-entry';
import { STOP_AFTER_START } from './schemas/slip';

const line = (text: string): QuickLine => {
  const parsed = parseQuickLine(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.line;
};
const h = (hours: number, minutes = 0) => hours * 60 + minutes;

describe('leading time', () => {
  it.each([
    ['930-1045', h(9, 30), h(10, 45)],
    ['9:30-10:45', h(9, 30), h(10, 45)],
    ['9-10', h(9), h(10)],
    ['9:30a-1p', h(9, 30), h(13)],
    ['930-10', h(9, 30), h(10)],
    ['11-1', h(11), h(13)],
    ['12-1230', h(12), h(12, 30)],
    ['930-', h(9, 30), null],
  ])('%s → range', (text, start, end) => {
    expect(line(`${text} vpn`).time).toEqual({ kind: 'range', start, end, text });
  });

  it.each([
    ['45m', 45],
    ['1h', 60],
    ['1h30', 90],
    ['1h30m', 90],
    ['1.5h', 90],
    [':45', 45],
    ['90min', 90],
  ])('%s → a duration of %i minutes', (text, minutes) => {
    expect(line(`${text} vpn`).time).toEqual({ kind: 'duration', minutes, text });
  });

  it.each([
    ['', START_WITH_TIME],
    ['acme vpn', START_WITH_TIME],
    ['930 acme', START_WITH_TIME],
    ['25-26 acme', START_WITH_TIME],
    ['9:75-10 acme', START_WITH_TIME],
    ['0m acme', START_WITH_TIME],
    ['1045-930 acme', STOP_AFTER_START],
    ['10-9 acme', STOP_AFTER_START],
    ['9-9 acme', STOP_AFTER_START],
  ])('%j → %s', (text, message) => {
    expect(parseQuickLine(text)).toEqual({ ok: false, message });
  });
});

describe('words', () => {
  it('the example line', () => {
    const l = line('930-1045 acme vpn #1234 remote phone fixed the tunnel');
    expect(l).toMatchObject({
      caseId: 1234,
      where: 'REMOTE',
      how: 'PHONE',
      multiplier: null,
      yesterday: false,
      targetWords: ['acme', 'vpn'],
      explicit: true,
      description: 'fixed the tunnel',
    });
  });

  it.each([
    ['remote', 'REMOTE'],
    ['rem', 'REMOTE'],
    ['REM', 'REMOTE'],
    ['onsite', 'ON_SITE'],
    ['on-site', 'ON_SITE'],
    ['site', 'ON_SITE'],
    ['office', 'IN_OFFICE'],
    ['ofc', 'IN_OFFICE'],
  ])('where %s → %s', (word, value) => {
    expect(line(`9-10 vpn ${word}`).where).toBe(value);
  });

  it.each([
    ['phone', 'PHONE'],
    ['ph', 'PHONE'],
    ['email', 'EMAIL'],
    ['em', 'EMAIL'],
    ['rs', 'REMOTE_SESSION'],
    ['session', 'REMOTE_SESSION'],
    ['inperson', 'IN_PERSON'],
    ['in-person', 'IN_PERSON'],
    ['ip', 'IN_PERSON'],
  ])('how %s → %s', (word, value) => {
    expect(line(`9-10 vpn ${word}`).how).toBe(value);
  });

  it.each([
    ['0x', '0'],
    ['1x', '1'],
    ['1.5x', '1.5'],
    ['2X', '2'],
  ])('multiplier %s → %s', (word, value) => {
    expect(line(`9-10 vpn ${word}`).multiplier).toBe(value);
  });

  it.each(['yesterday', 'yday', 'Yesterday'])('%s → yesterday', (word) => {
    expect(line(`9-10 vpn ${word}`).yesterday).toBe(true);
  });

  it('structured words before the target words apply and do not close them', () => {
    const l = line('9-10 #1234 remote vpn reset');
    expect(l).toMatchObject({
      caseId: 1234,
      where: 'REMOTE',
      targetWords: ['vpn', 'reset'],
      explicit: false,
    });
  });

  it('a structured word inside the description stays text', () => {
    const l = line('9-10 vpn rem fixed the phone remote 2x #99 10-11');
    expect(l).toMatchObject({
      where: 'REMOTE',
      how: null,
      caseId: null,
      description: 'fixed the phone remote 2x #99 10-11',
    });
  });

  it('a case alone', () => {
    expect(line('9-10 #1234')).toMatchObject({ caseId: 1234, targetWords: [], explicit: false });
  });
});

describe('two of a kind asks', () => {
  it.each([
    ['9-10 11-12 vpn', '“9-10” and “11-12”'],
    ['9-10 vpn 45m', '“9-10” and “45m”'],
    ['9-10 #1 #2 vpn', '“#1” and “#2”'],
    ['9-10 vpn remote site', '“remote” and “site”'],
    ['9-10 vpn ph em', '“ph” and “em”'],
    ['9-10 vpn 1x 2x', '“1x” and “2x”'],
    ['9-10 vpn yday yesterday', '“yday” and “yesterday”'],
  ])('%s names both', (text, both) => {
    const parsed = parseQuickLine(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(both);
  });
});

describe('splitDescription', () => {
  it('without a structured word after them, the target words the task did not take are the description', () => {
    const l = line('930-10 vpn fixed the tunnel');
    expect(splitDescription(l, 1)).toEqual({ description: 'fixed the tunnel', unknown: [] });
    expect(splitDescription(l, 0)).toEqual({ description: 'vpn fixed the tunnel', unknown: [] });
  });
  it('with one, the target words not taken are not understood', () => {
    const l = line('930-10 acme vpnn rem fixed it');
    expect(splitDescription(l, 1)).toEqual({ description: 'fixed it', unknown: ['vpnn'] });
    expect(splitDescription(l, 2)).toEqual({ description: 'fixed it', unknown: [] });
  });
});

describe('resolveTimes', () => {
  const duration = (minutes: number) => ({ kind: 'duration' as const, minutes, text: `${minutes}m` });
  it('a range is what was typed', () => {
    expect(
      resolveTimes({ kind: 'range', start: 570, end: null, text: '930-' }, { lastEnd: 700, now: 800 }),
    ).toEqual({
      start: 570,
      end: null,
    });
  });
  it('a duration starts at the last slip’s end', () => {
    expect(resolveTimes(duration(45), { lastEnd: h(10, 45), now: h(15) })).toEqual({
      start: h(10, 45),
      end: h(11, 30),
    });
  });
  it('else today it ends about now (start rounded down to 5 minutes)', () => {
    expect(resolveTimes(duration(45), { lastEnd: null, now: h(14, 7) })).toEqual({
      start: h(13, 20),
      end: h(14, 5),
    });
  });
  it('else it starts at 8 AM', () => {
    expect(resolveTimes(duration(90), { lastEnd: null, now: null })).toEqual({
      start: DAY_START_MINUTES,
      end: h(9, 30),
    });
  });
  it('never past midnight', () => {
    expect(resolveTimes(duration(120), { lastEnd: h(23), now: null })).toEqual({ message: PAST_MIDNIGHT });
  });
});

it('timesLabel', () => {
  expect(timesLabel(h(9, 30), h(10, 45))).toBe('9:30 AM – 10:45 AM (1:15)');
  expect(timesLabel(h(9, 30), null)).toBe('9:30 AM – … (unfinished)');
});

describe('properties', () => {
  const minute = fc.integer({ min: 0, max: 1439 });
  const hhmm = (m: number) => formatTimeOfDay(m).replace(' AM', 'a').replace(' PM', 'p');

  it('a range of two formatted times parses back to them, or says the end must be after the start', () => {
    fc.assert(
      fc.property(minute, minute, (a, b) => {
        const parsed = parseQuickLine(`${hhmm(a)}-${hhmm(b)} vpn`);
        if (b > a) expect(parsed).toMatchObject({ ok: true, line: { time: { start: a, end: b } } });
        else expect(parsed).toEqual({ ok: false, message: STOP_AFTER_START });
      }),
    );
  });

  it('durations: h and m forms agree', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 23 }), fc.integer({ min: 0, max: 59 }), (hours, minutes) => {
        expect(parseDurationWord(`${hours}h${minutes}`)).toBe(hours * 60 + minutes);
        expect(parseDurationWord(`${hours * 60 + minutes}m`)).toBe(hours * 60 + minutes);
      }),
    );
  });

  it('any line never throws; the description after a structured word is the rest verbatim', () => {
    const word = fc.stringMatching(/^[a-z#0-9:.-]{1,8}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 8 }),
        fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 5 }),
        (words, tail) => {
          parseQuickLine(words.join(' '));
          const rest = tail.filter(
            (w) => !WHERE_WORDS.has(w) && !HOW_WORDS.has(w) && w !== 'yday' && w !== 'yesterday',
          );
          const parsed = parseQuickLine(`9-10 vpn rem ${['fixed', ...rest].join(' ')}`);
          expect(parsed).toMatchObject({ ok: true, line: { description: ['fixed', ...rest].join(' ') } });
        },
      ),
    );
  });

  it('a duration resolves to exactly that many minutes, starting on a 5-minute mark when from now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), minute, (minutes, now) => {
        const r = resolveTimes({ kind: 'duration', minutes, text: '' }, { lastEnd: null, now });
        if ('message' in r) return;
        expect(r.end! - r.start).toBe(minutes);
        expect(r.start % 5).toBe(0);
      }),
    );
  });
});

describe('matchCandidates (the task match over the tasks a device knows)', () => {
  const today = '2031-03-12';
  const task = (
    taskId: number,
    caseId: number,
    organization: string,
    caseTitle: string,
    taskTitle: string,
    lastWorked: string | null = null,
    shortCode: string | null = null,
  ): QuickCandidate => ({ taskId, taskTitle, caseId, caseTitle, organization, shortCode, lastWorked });
  const tunnel = task(1, 1234, 'Acme Dental', 'VPN drops', 'Rebuild tunnel', null, 'ACD');
  const router = task(2, 1234, 'Acme Dental', 'VPN drops', 'Order router', '2031-03-10');
  const zebra = task(3, 77, 'Zebra Law', 'Printers 50% off_line', 'Replace toner', '2031-01-02');
  const cafe = task(4, 90, 'Café Ünïon Łódź', 'Ремонт VPN', 'Kassensystem prüfen', today);
  const all = [tunnel, router, zebra, cafe];
  const ids = (m: ReturnType<typeof matchCandidates>) => m.matches.map((t) => t.taskId);

  it.each([
    [['acme', 'tunnel', 'fixed', 'it'], null, 2, [1]],
    // The recent one (2 days ago) first; then newest case, newest task.
    [['acme'], null, 1, [2, 1]],
    [['vpn'], null, 1, [4, 2, 1]],
    [['ACD'], null, 1, [1]],
    [['1234', 'router'], null, 2, [2]],
    [['50%', 'off'], null, 2, [3]],
    [['off_line'], null, 1, [3]],
    [['cme'], null, 0, []],
    [['%'], null, 0, []],
    [['zeb'], null, 1, [3]],
    [['ÜNÏON', 'prüf'], null, 2, [4]],
    [['ремонт'], null, 1, [4]],
    [[], 1234, 0, [2, 1]],
    [['router', 'now'], 1234, 1, [2]],
    [['fixed'], 1234, 0, [2, 1]],
    [['acme'], 9999, 0, []],
  ] as const)('%j case %s: consumes %i, matches %j', (words, caseId, consumed, expected) => {
    const m = matchCandidates(all, words, caseId, today);
    expect(ids(m)).toEqual(expected);
    expect(m.consumed).toBe(consumed);
    expect(m.total).toBe(expected.length);
  });

  it('only the last 30 days count as recent', () => {
    const old = task(5, 1, 'Acme Dental', 'Old', 'Old task', '2031-02-09');
    const edge = task(6, 1, 'Acme Dental', 'Old', 'Edge task', '2031-02-10');
    expect(ids(matchCandidates([old, edge, tunnel], ['acme'], null, today))).toEqual([6, 1, 5]);
  });

  it('lists at most MATCH_LIMIT and counts them all', () => {
    const many = Array.from({ length: 14 }, (_, i) => task(100 + i, 500 + i, 'Many Co', 'Case', `Task ${i}`));
    const m = matchCandidates(many, ['many'], null, today);
    expect(m.total).toBe(14);
    expect(ids(m)).toEqual(Array.from({ length: 10 }, (_, i) => 113 - i));
  });

  it('never matches a task the words do not start (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('acme', 'zeb', 'vpn', 'x', 'tunnel', '#', 'law'), { maxLength: 4 }),
        (words) => {
          const m = matchCandidates(all, words, null, today);
          for (const t of m.matches) {
            const c = all.find((a) => a.taskId === t.taskId)!;
            expect(prefixOf(candidateText(c), words)).toBe(m.consumed);
          }
          expect(m.consumed).toBeLessThanOrEqual(words.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
