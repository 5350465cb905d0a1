// The gap/overlap marker: it names the issue, takes focus, and each fix answers its one key through the writer.

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
const slip = (startTime: string, stopTime: string): Slip => {
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
  };
};

function QuickText() {
  const { quick } = useDaily();
  return <output data-testid="quick">{quick?.text ?? ''}</output>;
}

function renderList(slips: Slip[], writer: SlipWriter, onSaved = vi.fn()) {
  render(
    <MemoryRouter>
      <DailyProvider>
        <DailySlipList
          slips={slips}
          newSlip={null}
          formOptions={{ how: [], where: [], user: [], rateMultiplier: [] }}
          onSaved={onSaved}
          onNewCancelled={() => {}}
          handlers={{}}
          writer={writer}
        />
        <QuickText />
      </DailyProvider>
    </MemoryRouter>,
  );
  return onSaved;
}

const writerSaving = () => {
  const save = vi.fn(async (s: Slip, values: SlipValues) => ({
    queued: false as const,
    value: { ...s, startTime: values.startTime, stopTime: values.stopTime, version: s.version + 1 },
  }));
  return { save, remove: vi.fn() } as unknown as SlipWriter & { save: typeof save };
};

describe('gap and overlap markers', () => {
  it('names a gap and fixes it with e (extend previous) and s (start next earlier)', async () => {
    const a = slip('9:00 AM', '10:45 AM');
    const b = slip('11:00 AM', '12:00 PM');
    const writer = writerSaving();
    const onSaved = renderList([a, b], writer);
    const marker = screen.getByRole('group', { name: 'Gap 10:45 AM – 11:00 AM (0:15)' });
    expect(marker.tabIndex).toBe(0);
    expect(screen.getByRole('button', { name: 'Extend previous e' })).toBeTruthy();
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
    fireEvent.click(screen.getByRole('button', { name: 'Start next earlier s' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This case is billed: its time can no longer change.',
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
