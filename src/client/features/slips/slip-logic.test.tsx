// The daily panel's rules: gap markers, totals, overlap warnings, the save/remove/re-sort rule and abbreviations.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fixesOf, stretchText } from '../../../shared/day-intervals';
import { parseTimeOfDay } from '../../../shared/format/time-of-day';
import type { Bucket, Slip } from '../../../shared/schemas/slip';
import { DailySlipList } from './daily-slip-list';
import {
  abbreviate,
  applySaved,
  compactTime,
  dayModelOf,
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

describe('the day as intervals', () => {
  const stretches = (slips: Slip[]) => {
    const m = dayModelOf(slips);
    return [...m.gaps, ...m.overlaps].map((i) => `${i.kind} ${stretchText(i.from, i.to)}`);
  };

  it('finds gaps where no slip covers the time, not after a slip inside another (issue 27)', () => {
    const outer = slip('9:30 AM', '10:45 AM');
    const inner = slip('9:40 AM', '10:00 AM');
    const later = slip('12:00 PM', '1:00 PM');
    const m = dayModelOf([outer, inner, later]);
    expect(stretches([outer, inner, later])).toEqual([
      'gap 10:45 AM – 12:00 PM (1:15)',
      'overlap 9:40 AM – 10:00 AM (0:20)',
    ]);
    expect(m.overlaps[0]).toMatchObject({ inner: inner.id, outer: outer.id });
    // No fix of the nested pair trims the outer slip; the gap's extend is the outer slip's.
    expect(fixesOf(m, m.overlaps[0]!).map((f) => f.key)).toEqual(['x', 'm']);
    expect(fixesOf(m, m.gaps[0]!)[0]).toMatchObject({ key: 'e', changes: [{ id: outer.id, stop: 12 * 60 }] });
  });

  it('reads 12:00 AM after a later start as midnight, and a slip with no end as unfinished', () => {
    const late = slip('11:00 PM', '12:00 AM');
    const inside = slip('11:30 PM', '11:45 PM');
    expect(stretches([late, inside])).toEqual(['overlap 11:30 PM – 11:45 PM (0:15)']);
    const m = dayModelOf([slip('9:00 AM', '9:30 AM'), slip('10:00 AM', null)]);
    expect(m.unended).toHaveLength(1);
    expect(m.gaps.map((g) => stretchText(g.from, g.to))).toEqual(['9:30 AM – 10:00 AM (0:30)']);
  });

  it('knows a duplicate by its work: the same task, where, how, multiplier and description', () => {
    const a = slip('9:00 AM', '10:00 AM');
    const twin = slip('9:00 AM', '10:00 AM');
    const other = slip('9:00 AM', '10:00 AM', { comment: 'Other work' });
    const keys = (slips: Slip[]) => {
      const m = dayModelOf(slips);
      return fixesOf(m, m.overlaps[0]!).map((f) => f.key);
    };
    expect(keys([a, twin])).toContain('d');
    expect(keys([a, other])).not.toContain('d');
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

describe('the one-line form of a time', () => {
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
});
