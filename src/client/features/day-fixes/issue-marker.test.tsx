// The gap/overlap markers of the daily list: where they stand, what they name and offer (a slip inside another gets
// split or move, never a trim that swallows it), and each fix's one key through the panel's writer.

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BILLING } from '../../../shared/rounding';
import type { Slip } from '../../../shared/schemas/slip';
import { DailySlipList } from '../slips/daily-slip-list';
import { DailyProvider, useDaily } from '../slips/daily-state';
import type { SlipWriter } from '../slips/slip-card';
import type { SlipValues } from '../slips/slip-logic';

let nextId = 1;
const slip = (startTime: string, stopTime: string, extra: Partial<Slip> = {}): Slip => {
  const id = nextId++;
  return {
    id,
    number: id,
    version: 3,
    startTime,
    stopTime,
    date: '03/17/2031',
    task: { value: 10, label: 'Configure VPN' },
    case: { value: 20, label: 'Firewall' },
    organization: { value: 30, label: 'Dailyco' },
    user: { value: 7, label: 'Terry Tech' },
    where: { value: 'ON_SITE', label: 'On Site' },
    how: { value: 'PHONE', label: 'Phone' },
    rateMultiplier: { value: '1', label: '1x' },
    comment: 'Work',
    taskId: 10,
    caseId: 20,
    isProject: false,
    start: `2031-03-17T${startTime}`,
    stop: null,
    minutes: null,
    billableMinutes: null,
    billing: DEFAULT_BILLING,
    created: { at: '2031-03-17T09:00:00Z', by: null },
    updated: { at: '2031-03-17T09:00:00Z', by: null },
    ...extra,
  };
};

function QuickText() {
  const { quick } = useDaily();
  return <output data-testid="quick">{quick?.text ?? ''}</output>;
}

function renderList(
  slips: Slip[],
  writer: SlipWriter,
  onSaved = vi.fn(),
  more: { onCreated?: (s: Slip) => void; onDeleted?: (s: Slip) => void } = {},
) {
  render(
    <MemoryRouter>
      <DailyProvider>
        <DailySlipList
          slips={slips}
          newSlip={null}
          formOptions={{ how: [], where: [], user: [], rateMultiplier: [] }}
          onSaved={onSaved}
          onCreated={more.onCreated}
          onNewCancelled={() => {}}
          handlers={{ onDeleted: more.onDeleted }}
          writer={writer}
        />
        <QuickText />
      </DailyProvider>
    </MemoryRouter>,
  );
  return onSaved;
}

const writerSaving = () => {
  const save = vi.fn(async (s: Slip, values: SlipValues, isNew: boolean) => ({
    queued: false as const,
    value: {
      ...s,
      id: isNew ? nextId++ : s.id,
      startTime: values.startTime,
      stopTime: values.stopTime,
      version: s.version + 1,
    },
  }));
  const remove = vi.fn(async () => ({ queued: false as const, value: null }));
  return { save, remove } as unknown as SlipWriter & { save: typeof save; remove: typeof remove };
};

describe('gap and overlap markers', () => {
  it('names a gap and fixes it with e (extend previous) and s (start next earlier)', async () => {
    const a = slip('9:00 AM', '10:45 AM');
    const b = slip('11:00 AM', '12:00 PM');
    const writer = writerSaving();
    const onSaved = renderList([a, b], writer);
    const marker = screen.getByRole('group', { name: 'Gap 10:45 AM – 11:00 AM (0:15)' });
    expect(marker.tabIndex).toBe(0);
    expect(screen.getByRole('button', { name: 'Extend previous to 11:00 AM (+0:15) e' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start next at 10:45 AM (+0:15) s' })).toBeTruthy();
    marker.focus();
    fireEvent.keyDown(marker, { key: 'e' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(writer.save).toHaveBeenCalledWith(
      a,
      expect.objectContaining({ startTime: '9:00 AM', stopTime: '11:00 AM', version: 3, task: 10 }),
      false,
    );
    fireEvent.keyDown(marker, { key: 's' });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    expect(writer.save).toHaveBeenLastCalledWith(
      b,
      expect.objectContaining({ startTime: '10:45 AM', stopTime: '12:00 PM' }),
      false,
    );
  });

  it('n fills the one-line entry with the gap times; the key goes no further', () => {
    const outer = vi.fn();
    document.addEventListener('keydown', outer);
    renderList([slip('9:00 AM', '10:45 AM'), slip('1:15 PM', '2:00 PM')], writerSaving());
    const marker = screen.getByRole('group', { name: /^Gap 10:45 AM – 1:15 PM/ });
    fireEvent.keyDown(marker, { key: 'n' });
    expect(screen.getByTestId('quick').textContent).toBe('1045-1315 ');
    expect(outer).not.toHaveBeenCalled();
    // A key the marker does not know goes on (a global shortcut may want it).
    fireEvent.keyDown(marker, { key: 't' });
    expect(outer).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', outer);
  });

  it('names an overlap and trims with p and f', async () => {
    const a = slip('9:00 AM', '10:45 AM');
    const b = slip('10:30 AM', '12:00 PM');
    const writer = writerSaving();
    renderList([a, b], writer);
    const marker = screen.getByRole('group', { name: 'Overlap 10:30 AM – 10:45 AM (0:15)' });
    expect(screen.queryByRole('button', { name: /Extend previous/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Trim previous to 10:30 AM (−0:15) p' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start following at 10:45 AM (−0:15) f' })).toBeTruthy();
    fireEvent.keyDown(marker, { key: 'p' });
    await waitFor(() => expect(writer.save).toHaveBeenCalledTimes(1));
    expect(writer.save).toHaveBeenLastCalledWith(a, expect.objectContaining({ stopTime: '10:30 AM' }), false);
    fireEvent.keyDown(marker, { key: 'f' });
    await waitFor(() => expect(writer.save).toHaveBeenCalledTimes(2));
    expect(writer.save).toHaveBeenLastCalledWith(
      b,
      expect.objectContaining({ startTime: '10:45 AM' }),
      false,
    );
  });

  it('shows a refused save at the marker', async () => {
    const refusing = {
      save: vi.fn(async () => {
        throw new Error('This case is billed: its time can no longer change.');
      }),
      remove: vi.fn(),
    } as unknown as SlipWriter;
    const onSaved = renderList([slip('9:00 AM', '10:45 AM'), slip('11:00 AM', '12:00 PM')], refusing);
    fireEvent.click(screen.getByRole('button', { name: /^Start next at 10:45 AM/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This case is billed: its time can no longer change.',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  describe('a slip inside another (issue 27: 9:30–10:45 with 9:40–10:00, then 12:00)', () => {
    const nestedDay = () => {
      const outer = slip('9:30 AM', '10:45 AM', { comment: 'Rack, cables, "labels"' });
      const inner = slip('9:40 AM', '10:00 AM');
      const later = slip('12:00 PM', '1:00 PM');
      return { outer, inner, later, slips: [outer, inner, later] };
    };
    const order = () =>
      [...document.querySelectorAll('[data-testid="slip-card"], [data-testid="gap-marker"]')].map((el) =>
        el.getAttribute('data-testid') === 'gap-marker'
          ? el.getAttribute('aria-label')
          : el.getAttribute('data-slip-id'),
      );

    it('puts the overlap before the inner slip and the only gap before the next one; no trim, no gap inside', () => {
      const { outer, inner, later, slips } = nestedDay();
      renderList(slips, writerSaving());
      expect(order()).toEqual([
        String(outer.id),
        'Overlap 9:40 AM – 10:00 AM (0:20)',
        String(inner.id),
        'Gap 10:45 AM – 12:00 PM (1:15)',
        String(later.id),
      ]);
      const overlap = screen.getByRole('group', { name: 'Overlap 9:40 AM – 10:00 AM (0:20)' });
      expect(overlap.textContent).toContain('9:40 AM – 10:00 AM lies inside 9:30 AM – 10:45 AM');
      expect(overlap.getAttribute('aria-keyshortcuts')).toBe('x m');
      expect(screen.queryByRole('button', { name: /^Trim/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Extend previous to 12:00 PM (+1:15) e' })).toBeTruthy();
    });

    it('x splits the outer slip: a new slip with its work for 10:00–10:45 first, then the outer ends at 9:40', async () => {
      const { outer, slips } = nestedDay();
      const writer = writerSaving();
      const onCreated = vi.fn();
      const onSaved = renderList(slips, writer, vi.fn(), { onCreated });
      const overlap = screen.getByRole('group', { name: /^Overlap 9:40 AM/ });
      expect(
        screen.getByRole('button', {
          name: 'Split outer: 9:30 AM – 9:40 AM and 10:00 AM – 10:45 AM (−0:20) x',
        }),
      ).toBeTruthy();
      overlap.focus();
      fireEvent.keyDown(overlap, { key: 'x' });
      await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      expect(writer.save).toHaveBeenCalledTimes(2);
      expect(writer.save.mock.calls[0]).toEqual([
        expect.objectContaining({ id: 0, version: 0, taskId: 10 }),
        {
          version: 0,
          startTime: '10:00 AM',
          stopTime: '10:45 AM',
          date: '03/17/2031',
          task: 10,
          user: 7,
          where: 'ON_SITE',
          how: 'PHONE',
          rateMultiplier: '1',
          comment: 'Rack, cables, "labels"',
        },
        true,
      ]);
      expect(writer.save.mock.calls[1]).toEqual([
        outer,
        expect.objectContaining({ version: 3, startTime: '9:30 AM', stopTime: '9:40 AM' }),
        false,
      ]);
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ startTime: '10:00 AM' }));
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ stopTime: '9:40 AM' }), outer);
    });

    it('m moves the inner slip to the first free stretch after the outer one', async () => {
      const { inner, slips } = nestedDay();
      const writer = writerSaving();
      renderList(slips, writer);
      fireEvent.keyDown(screen.getByRole('group', { name: /^Overlap 9:40 AM/ }), { key: 'm' });
      await waitFor(() => expect(writer.save).toHaveBeenCalledTimes(1));
      expect(screen.getByRole('button', { name: 'Move inner to 10:45 AM – 11:05 AM m' })).toBeTruthy();
      expect(writer.save).toHaveBeenCalledWith(
        inner,
        expect.objectContaining({ startTime: '10:45 AM', stopTime: '11:05 AM' }),
        false,
      );
    });

    it('a split whose second step is refused keeps the reason at the marker (the new slip stays: no minute lost)', async () => {
      const { slips } = nestedDay();
      const writer = writerSaving();
      writer.save.mockImplementationOnce(async (s, values) => ({
        queued: false as const,
        value: { ...s, id: 999, startTime: values.startTime, stopTime: values.stopTime },
      }));
      writer.save.mockImplementationOnce(async () => {
        throw new Error('Terry Tech changed this slip at 9:05 AM. Reload to see it.');
      });
      const onCreated = vi.fn();
      renderList(slips, writer, vi.fn(), { onCreated });
      fireEvent.keyDown(screen.getByRole('group', { name: /^Overlap 9:40 AM/ }), { key: 'x' });
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Terry Tech changed this slip at 9:05 AM. Reload to see it.',
      );
      expect(onCreated).toHaveBeenCalledTimes(1);
    });
  });

  it('a duplicate (same times, same work) is deleted with d through the writer', async () => {
    const a = slip('9:00 AM', '10:00 AM');
    const twin = slip('9:00 AM', '10:00 AM');
    const writer = writerSaving();
    const onDeleted = vi.fn();
    renderList([a, twin], writer, vi.fn(), { onDeleted });
    const marker = screen.getByRole('group', { name: 'Overlap 9:00 AM – 10:00 AM (1:00)' });
    expect(screen.getByRole('button', { name: 'Delete duplicate (−1:00) d' })).toBeTruthy();
    fireEvent.keyDown(marker, { key: 'd' });
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(twin));
    expect(writer.remove).toHaveBeenCalledWith(twin);
    expect(writer.save).not.toHaveBeenCalled();
  });
});
