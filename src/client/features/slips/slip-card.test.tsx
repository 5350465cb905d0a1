// The slip card's keyboard: a new slip and Edit put the cursor in Start; Tab runs start, end, description, date,
// how, where, multi, Save (SPEC §4 with Where beside How).
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Slip, SlipFormOptions } from '../../../shared/schemas/slip';
import { SlipCard } from './slip-card';

const SLIP: Slip = {
  id: 5,
  number: 5,
  version: 1,
  startTime: '9:00 AM',
  stopTime: '10:00 AM',
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
  start: '2031-03-17T09:00',
  stop: '2031-03-17T10:00',
  minutes: 60,
  billableMinutes: 90,
  billing: {
    minimum: 30,
    increment: 15,
    source: 'ORGANIZATION',
    sourceLabel: 'Dailyco',
    explanation: '1:00 (15-minute increments, 30-minute minimum: Dailyco) × 1.5 = 1:30',
  },
  created: { at: '2031-03-17T09:00:00Z', by: null },
  updated: { at: '2031-03-17T09:00:00Z', by: null },
};

const OPTIONS: SlipFormOptions = {
  how: [{ value: 'PHONE', label: 'Phone' }],
  where: [{ value: 'ON_SITE', label: 'On Site' }],
  user: [],
  rateMultiplier: [{ value: '1', label: '1x' }],
};

const card = (props: Partial<Parameters<typeof SlipCard>[0]> = {}) =>
  render(
    <MemoryRouter>
      <SlipCard slip={SLIP} formOptions={OPTIONS} onSaved={() => {}} {...props} />
    </MemoryRouter>,
  );

/** The card's keyboard stops in DOM order (the picker button belongs to the date field). */
function tabStops(): string[] {
  const stops = screen
    .getByTestId('slip-card')
    .querySelectorAll<HTMLElement>('input, select, textarea, button:not([aria-label="Choose date"])');
  return Array.from(stops).map((el) => el.getAttribute('name') ?? el.textContent ?? '');
}

describe('slip card keyboard', () => {
  it('a new slip starts with the cursor in Start', () => {
    card({ isNew: true });
    expect(screen.getByLabelText(/^Start/)).toHaveFocus();
  });

  it('Edit puts the cursor in Start', () => {
    card();
    expect(screen.queryByLabelText(/^Start/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Actions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText(/^Start/)).toHaveFocus();
  });

  it('tabs through start, end, description, date, how, where, multi, then Save', () => {
    card({ isNew: true });
    expect(tabStops()).toEqual([
      'startTime',
      'stopTime',
      'comment',
      'date',
      'how',
      'where',
      'rateMultiplier',
      'Save',
      'Cancel',
    ]);
  });
});

describe('actual and billable time', () => {
  it('shows the time worked and the billable time; the info button shows how, and Escape hides it', () => {
    card();
    expect(screen.getByTestId('slip-time')).toHaveTextContent('1:00');
    expect(screen.getByTestId('slip-billable')).toHaveTextContent('1:30');
    const info = screen.getByRole('button', { name: 'How the billable time was worked out' });
    expect(info).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('slip-billing-explanation')).toBeNull();
    info.focus();
    fireEvent.click(info);
    expect(info).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('slip-billing-explanation')).toHaveTextContent(
      'Billable time: 1:00 (15-minute increments, 30-minute minimum: Dailyco) × 1.5 = 1:30',
    );
    fireEvent.keyDown(info, { key: 'Escape' });
    expect(screen.queryByTestId('slip-billing-explanation')).toBeNull();
  });

  it('the edit view shows the billable time of the times as typed, read-only', () => {
    card({ isNew: true });
    fireEvent.change(screen.getByLabelText(/^End/), { target: { value: '9:10 AM' } });
    // 10 minutes under a 30-minute minimum, at 1x.
    expect(screen.getByTestId('slip-billable')).toHaveTextContent('Billable 0:30');
  });
});
