// The daily panel's rules: gap markers, totals, overlap warnings, the save/remove/re-sort rule and abbreviations.
import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, parseTimeOfDay } from '../../../shared/format/time-of-day';
import type { Bucket, Slip } from '../../../shared/schemas/slip';
import { DailySlipList } from './daily-slip-list';
import {
  abbreviate,
  applySaved,
  compactTime,
  type DayIssue,
  dayIssues,
  fixesOf,
  gapLength,
  gapsAfter,
  issueSpan,
  keepAfterSave,
  NO_SLIPS,
  overlaps,
  sortByStart,
  totals,
  valuesOf,
} from './slip-logic';
import { SlipReadView } from './slip-read-view';

const DAY = '03/17/2031';
const ME = 7;

let nextId = 1;
function slip(start: string, stop: string | null, extra: Partial<Slip> = {}): Slip {
  const id = extra.id ?? nextId++;
  const toIso = (t: string) => {
    const [, h, m, ap] = /^(\d+):(\d+) (AM|PM)$/.exec(t)!;
    const hour = (Number(h) % 12) + (ap === 'PM' ? 12 : 0);
    return `2031-03-17T${String(hour).padStart(2, '0')}:${m}`;
  };
  const minutes = (t: string) => {
    const [hh, mm] = toIso(t).slice(11).split(':');
    return Number(hh) * 60 + Number(mm);
  };
  return {
    id,
    number: id,
    version: 1,
    startTime: start,
    stopTime: stop,
    date: DAY,
    task: { value: 10, label: 'Configure VPN' },
    case: { value: 20, label: 'Firewall' },
    organization: { value: 30, label: 'Dailyco' },
    user: { value: ME, label: 'Terry Tech' },
    where: { value: 'ON_SITE', label: 'On Site' },
    how: { value: 'REMOTE_SESSION', label: 'Remote Session' },
    rateMultiplier: { value: '1.5', label: '1.5x' },
    comment: 'Work',
    taskId: 10,
    caseId: 20,
    isProject: false,
    start: toIso(start),
    stop: stop ? toIso(stop) : null,
    minutes: stop && minutes(stop) > minutes(start) ? minutes(stop) - minutes(start) : null,
    billableMinutes: null,
    billing: { minimum: 0, increment: 5, source: 'DEFAULT', sourceLabel: 'default', explanation: null },
    created: { at: '2031-03-17T09:00:00Z', by: { value: ME, label: 'Terry Tech' } },
    updated: { at: '2031-03-17T09:00:00Z', by: { value: ME, label: 'Terry Tech' } },
    ...extra,
  };
}

const bucket = (minutes: number): Bucket => ({
  category: { id: minutes, title: 'Training' },
  time: '',
  minutes,
  comment: null,
  version: 1,
});

describe('gap markers', () => {
  it('marks a slip whose end differs from the next start, and a slip with no end', () => {
    const a = slip('9:00 AM', '9:30 AM');
    const b = slip('9:30 AM', '10:00 AM');
    const c = slip('10:15 AM', '11:00 AM');
    const d = slip('1:00 PM', null);
    const gaps = gapsAfter([a, b, c, d]);
    expect([...gaps]).toEqual([b.id, c.id, d.id]);
    expect(gapLength([a, b, c, d], 1)).toBe('0:15');
    expect(gapLength([a, b, c, d], 2)).toBe('2:00');
    expect(gapLength([a, b, c, d], 3)).toBe('');
  });

  it('puts no marker after the last slip when it has an end', () => {
    expect(gapsAfter([slip('9:00 AM', '10:00 AM')]).size).toBe(0);
  });

  it('shows the markers and the empty text in the list', () => {
    const noop = () => {};
    const options = { how: [], where: [], user: [], rateMultiplier: [] };
    const { rerender } = render(
      <MemoryRouter>
        <DailySlipList
          slips={[slip('9:00 AM', '9:30 AM'), slip('10:00 AM', '11:00 AM')]}
          newSlip={null}
          formOptions={options}
          onSaved={noop}
          onNewCancelled={noop}
          handlers={{}}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('gap-marker')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Gap 9:30 AM – 10:00 AM (0:30)' })).toBeTruthy();
    rerender(
      <MemoryRouter>
        <DailySlipList
          slips={[]}
          newSlip={null}
          formOptions={options}
          onSaved={noop}
          onNewCancelled={noop}
          handlers={{}}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(NO_SLIPS)).toBeTruthy();
  });
});

describe('totals', () => {
  it('sums slip minutes (unfinished slips count 0) and bucket minutes as h:mm', () => {
    const t = totals(
      [slip('9:00 AM', '9:30 AM'), slip('10:00 AM', '11:45 AM'), slip('1:00 PM', null)],
      [bucket(90), bucket(0)],
    );
    expect(t).toMatchObject({ caseHours: '2:15', bucketHours: '1:30', totalHours: '3:45' });
  });

  it('is 0:00 for an empty day', () => {
    expect(totals([], [])).toMatchObject({ caseHours: '0:00', bucketHours: '0:00', totalHours: '0:00' });
  });
});

describe('overlap warning', () => {
  it('flags both slips of an overlap, not slips that only touch', () => {
    const a = slip('9:00 AM', '10:00 AM');
    const b = slip('9:45 AM', '10:30 AM');
    const c = slip('10:30 AM', '11:00 AM');
    const found = overlaps([a, b, c]);
    expect(found.get(a.id)).toEqual([b.id]);
    expect(found.get(b.id)).toEqual([a.id]);
    expect(found.has(c.id)).toBe(false);
  });

  it('ignores other days and counts an unfinished slip as its start', () => {
    const a = slip('9:00 AM', '10:00 AM');
    const other = slip('9:30 AM', '10:00 AM', { date: '03/18/2031' });
    const open = slip('9:15 AM', null);
    const found = overlaps([a, other, open]);
    expect(found.get(a.id)).toEqual([open.id]);
    expect(found.has(other.id)).toBe(false);
  });

  it('shows the warning on both cards', () => {
    const noop = () => {};
    render(
      <MemoryRouter>
        <DailySlipList
          slips={[slip('9:00 AM', '10:00 AM'), slip('9:30 AM', '10:30 AM')]}
          newSlip={null}
          formOptions={{ how: [], where: [], user: [], rateMultiplier: [] }}
          onSaved={noop}
          onNewCancelled={noop}
          handlers={{}}
        />
      </MemoryRouter>,
    );
    const warnings = screen.getAllByTestId('slip-warning');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.textContent).toContain('9:30 AM - 10:30 AM');
    expect(warnings[1]!.textContent).toContain('9:00 AM - 10:00 AM');
  });
});

describe('save rule', () => {
  it('keeps a saved slip of the displayed day and user, re-sorted by start', () => {
    const a = slip('9:00 AM', '10:00 AM');
    const b = slip('11:00 AM', '12:00 PM');
    const moved = { ...b, startTime: '8:00 AM', start: '2031-03-17T08:00', version: 2 };
    const list = applySaved([a, b], moved, DAY, ME);
    expect(list.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(list[0]!.version).toBe(2);
  });

  it('removes a slip saved to another day or for another user', () => {
    const a = slip('9:00 AM', '10:00 AM');
    const b = slip('11:00 AM', '12:00 PM');
    expect(applySaved([a, b], { ...b, date: '03/18/2031' }, DAY, ME).map((s) => s.id)).toEqual([a.id]);
    expect(
      applySaved([a, b], { ...b, user: { value: 99, label: 'Other' } }, DAY, ME).map((s) => s.id),
    ).toEqual([a.id]);
    expect(keepAfterSave(a, DAY, String(ME))).toBe(true);
  });

  it('adds a newly created slip in start order', () => {
    const a = slip('9:00 AM', '10:00 AM');
    const c = slip('1:00 PM', '2:00 PM');
    const created = slip('10:00 AM', '10:30 AM');
    expect(applySaved([a, c], created, DAY, ME, null).map((s) => s.id)).toEqual([a.id, created.id, c.id]);
    expect(sortByStart([c, a]).map((s) => s.id)).toEqual([a.id, c.id]);
  });

  it('edits bare values', () => {
    expect(valuesOf(slip('9:00 AM', null))).toMatchObject({
      startTime: '9:00 AM',
      stopTime: '',
      task: 10,
      user: ME,
      where: 'ON_SITE',
      how: 'REMOTE_SESSION',
      rateMultiplier: '1.5',
    });
  });
});

describe('abbreviations', () => {
  it('shortens how and where, falling back to the label', () => {
    expect(abbreviate({ value: 'REMOTE_SESSION', label: 'Remote Session' })).toBe('RS');
    expect(abbreviate({ value: 'ON_SITE', label: 'On Site' })).toBe('Site');
    expect(abbreviate({ value: 'SOMETHING', label: 'Something' })).toBe('Something');
    expect(abbreviate(null)).toBe('');
  });

  it('shows the short forms and the multiplier label on a read-only card', () => {
    render(<SlipReadView slip={slip('9:00 AM', '9:30 AM')} duration="0:30" />);
    expect(screen.getByText('RS').getAttribute('title')).toBe('Remote Session');
    expect(screen.getByText('Site')).toBeTruthy();
    expect(screen.getByText('1.5x')).toBeTruthy();
    expect(screen.getByTestId('slip-time').textContent).toBe('0:30');
  });
});

describe('gaps and overlaps between consecutive slips', () => {
  const issueOf = (a: Slip, b: Slip) => dayIssues([a, b]).get(a.id);
  const shown = (fixes: ReturnType<typeof fixesOf<Slip>>) =>
    fixes.map((f) => [
      f.key,
      f.slip.id,
      formatTimeOfDay(f.start),
      f.stop === null ? null : formatTimeOfDay(f.stop),
    ]);

  it.each([
    // previous, next, kind, from, to, span
    ['9:00 AM', '10:45 AM', '11:00 AM', '12:00 PM', 'gap', 'Gap', '10:45 AM – 11:00 AM (0:15)'],
    ['9:00 AM', '10:45 AM', '10:30 AM', '12:00 PM', 'overlap', 'Overlap', '10:30 AM – 10:45 AM (0:15)'],
    ['9:00 AM', '12:00 PM', '10:00 AM', '11:00 AM', 'overlap', 'Overlap', '10:00 AM – 11:00 AM (1:00)'],
  ])('%s–%s then %s–%s is a %s %s', (s1, e1, s2, e2, kind, _word, span) => {
    const issue = issueOf(slip(s1, e1), slip(s2, e2))!;
    expect(issue.kind).toBe(kind);
    expect(issueSpan(issue)).toBe(span);
  });

  it('finds nothing when slips touch, the earlier has no end, or the later has no start', () => {
    expect(issueOf(slip('9:00 AM', '10:00 AM'), slip('10:00 AM', '11:00 AM'))).toBeUndefined();
    expect(issueOf(slip('9:00 AM', null), slip('10:00 AM', '11:00 AM'))).toBeUndefined();
    expect(dayIssues([slip('9:00 AM', '10:00 AM')]).size).toBe(0);
  });

  it('offers extend previous and start next earlier for a gap', () => {
    const a = slip('9:00 AM', '10:45 AM');
    const b = slip('11:00 AM', '12:00 PM');
    expect(shown(fixesOf(issueOf(a, b)!))).toEqual([
      ['e', a.id, '9:00 AM', '11:00 AM'],
      ['s', b.id, '10:45 AM', '12:00 PM'],
    ]);
  });

  it('offers trim previous and trim following for an overlap', () => {
    const a = slip('9:00 AM', '10:45 AM');
    const b = slip('10:30 AM', '12:00 PM');
    expect(shown(fixesOf(issueOf(a, b)!))).toEqual([
      ['p', a.id, '9:00 AM', '10:30 AM'],
      ['f', b.id, '10:45 AM', '12:00 PM'],
    ]);
  });

  it('leaves out a trim that would end a slip at or before its start', () => {
    // The following slip lies inside the previous one: starting it at the previous end would end it before.
    const a = slip('9:00 AM', '12:00 PM');
    const inside = slip('10:00 AM', '11:00 AM');
    expect(shown(fixesOf(issueOf(a, inside)!)).map((f) => f[0])).toEqual(['p']);
    // Both start together: trimming the previous one to the next start leaves it no time.
    const same = slip('9:00 AM', '10:00 AM');
    const later = slip('9:00 AM', '11:00 AM');
    expect(shown(fixesOf(issueOf(same, later)!))).toEqual([['f', later.id, '10:00 AM', '11:00 AM']]);
  });

  it('moves only the start of a following slip that has no end yet', () => {
    const a = slip('9:00 AM', '10:45 AM');
    const open = slip('10:30 AM', null);
    expect(shown(fixesOf(issueOf(a, open)!))).toEqual([
      ['p', a.id, '9:00 AM', '10:30 AM'],
      ['f', open.id, '10:45 AM', null],
    ]);
  });

  it.each([
    [9 * 60 + 30, '930'],
    [10 * 60 + 45, '1045'],
    [13 * 60 + 15, '1315'],
    [12 * 60, '1200'],
    [90, '130a'],
    [15, '0015'],
  ])('writes %i minutes as %s for the one-line entry', (minutes, text) => {
    expect(compactTime(minutes)).toBe(text);
    expect(parseTimeOfDay(text)).toBe(minutes);
  });

  // Two slips of one day, as minutes; the later starts at or after the earlier (the list is sorted by start).
  const pair = fc
    .tuple(
      fc.integer({ min: 0, max: 1438 }),
      fc.integer({ min: 1, max: 600 }),
      fc.integer({ min: 0, max: 600 }),
    )
    .chain(([start, length, offset]) =>
      fc.tuple(
        fc.constant(start),
        fc.constant(Math.min(1439, start + length)),
        fc.constant(Math.min(1438, start + offset)),
        fc.integer({ min: 1, max: 600 }),
      ),
    )
    .map(([s1, e1, s2, length]) => ({ s1, e1, s2, e2: Math.min(1439, s2 + length) }))
    .filter(({ s1, e1, s2, e2 }) => e1 > s1 && e2 > s2);
  const timed = (id: number, start: number, stop: number | null) => ({
    id,
    startTime: formatTimeOfDay(start),
    stopTime: stop === null ? null : formatTimeOfDay(stop),
  });
  const after = (
    issue: DayIssue<ReturnType<typeof timed>>,
    fix: ReturnType<typeof fixesOf<ReturnType<typeof timed>>>[number],
  ) => {
    const [a, b] = issue.kind === 'gap' ? [issue.previous, issue.next] : [issue.first, issue.second];
    const apply = (s: typeof a) => (s.id === fix.slip.id ? timed(s.id, fix.start, fix.stop) : s);
    return dayIssues([apply(a), apply(b)]).get(a.id);
  };

  it('never offers a fix that ends a slip at or before its start', () => {
    fc.assert(
      fc.property(pair, ({ s1, e1, s2, e2 }) => {
        const issue = dayIssues([timed(1, s1, e1), timed(2, s2, e2)]).get(1);
        for (const fix of issue ? fixesOf(issue) : []) expect(fix.stop! > fix.start).toBe(true);
      }),
    );
  });

  it('leaves no gap after a gap fix and no overlap after an overlap fix', () => {
    fc.assert(
      fc.property(pair, ({ s1, e1, s2, e2 }) => {
        const issue = dayIssues([timed(1, s1, e1), timed(2, s2, e2)]).get(1);
        if (!issue) return;
        const fixes = fixesOf(issue);
        // A gap always has both fixes (an overlap of two slips starting together, the first one longer, has none).
        if (issue.kind === 'gap') expect(fixes.map((f) => f.key)).toEqual(['e', 's']);
        for (const fix of fixes) expect(after(issue, fix)).toBeUndefined();
      }),
    );
  });
});
