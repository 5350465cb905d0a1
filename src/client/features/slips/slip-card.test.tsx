// The slip card's keyboard: a new slip and Edit put the cursor in Start; Tab runs start, end, description, date,
// how, where, multi, Save (SPEC §4 with Where beside How). A slip the viewer may not change opens read-only, its
// Edit and Delete refused with the server's reason.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CASE_BILLED } from '../../../shared/billing';
import { CLOSED_CASE, NOT_OWNER, type Slip, type SlipFormOptions } from '../../../shared/schemas/slip';
import { WEEK_LOCKED } from '../../../shared/schemas/timesheet';
import { ApiError } from '../../api/http';
import { SlipCard, type SlipWriter } from './slip-card';
import { SlipChange } from './task-slip-rows';

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

describe('a slip the viewer may not change', () => {
  const menu = () => {
    fireEvent.click(screen.getByRole('button', { name: /^Actions/ }));
    return {
      item: (name: string) => screen.queryByRole('button', { name }),
      reason: () => screen.getByText((_, el) => el?.classList.contains('sd-slip-locked') ?? false),
    };
  };

  it("another user's slip opens read-only on the edit route, Multi empty, Edit and Delete disabled with the reason", () => {
    const theirs: Slip = {
      ...SLIP,
      rateMultiplier: null,
      can: { edit: false, delete: false },
      locked: NOT_OWNER,
    };
    card({ slip: theirs, startInEdit: true, onDeleted: () => {}, onMove: () => {}, onCopy: () => {} });
    expect(screen.getByTestId('slip-card')).toHaveAttribute('data-mode', 'read');
    expect(screen.queryByLabelText(/^Start/)).not.toBeInTheDocument();
    // The hidden multiplier shows as nothing, not as a default 1x.
    const multi = screen.getByText('Multi').nextElementSibling;
    expect(multi?.textContent?.trim()).toBe('');
    const m = menu();
    expect(m.reason()).toHaveTextContent(NOT_OWNER);
    for (const name of ['Edit', 'Delete']) {
      expect(m.item(name)).toHaveAttribute('aria-disabled', 'true');
      expect(m.item(name)).toHaveAccessibleDescription(NOT_OWNER);
    }
    expect(m.item('Move')).toBeNull();
    // Copying it onto the viewer's own day stays possible.
    expect(m.item('Copy')).not.toHaveAttribute('aria-disabled');
  });

  it('a billed slip of the viewer: Edit, Move and Delete refused with the reason', () => {
    card({
      slip: { ...SLIP, can: { edit: false, delete: false }, locked: CASE_BILLED },
      onDeleted: () => {},
      onMove: () => {},
    });
    const m = menu();
    expect(m.reason()).toHaveTextContent(CASE_BILLED);
    expect(m.item('Edit')).toHaveAttribute('aria-disabled', 'true');
    expect(m.item('Delete')).toHaveAttribute('aria-disabled', 'true');
    expect(m.item('Move')).toBeNull();
  });

  it('a slip of a closed case may still be deleted or moved, not edited', () => {
    card({
      slip: { ...SLIP, can: { edit: false, delete: true }, locked: CLOSED_CASE },
      onDeleted: () => {},
      onMove: () => {},
    });
    const m = menu();
    expect(m.reason()).toHaveTextContent(CLOSED_CASE);
    expect(m.item('Edit')).toHaveAttribute('aria-disabled', 'true');
    expect(m.item('Delete')).not.toHaveAttribute('aria-disabled');
    expect(m.item('Move')).not.toHaveAttribute('aria-disabled');
  });

  it('a slip the viewer may change offers Edit and Delete and no reason; the edit route opens the form', () => {
    card({ slip: { ...SLIP, can: { edit: true, delete: true }, locked: null }, startInEdit: true });
    expect(screen.getByLabelText(/^Start/)).toHaveFocus();
  });
});

describe("the task's slip rows", () => {
  it('offer Edit when allowed, else Read-only with the reason', () => {
    render(
      <MemoryRouter>
        <SlipChange slip={{ ...SLIP, can: { edit: true, delete: true }, locked: null }} />
        <SlipChange
          slip={{ ...SLIP, id: 6, number: 6, can: { edit: false, delete: false }, locked: WEEK_LOCKED }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Edit slip #5' })).toHaveAttribute(
      'href',
      '/manage/case/20/task/10/slip/5/edit',
    );
    expect(screen.queryByRole('link', { name: 'Edit slip #6' })).toBeNull();
    expect(screen.getByText(/Read-only/)).toHaveTextContent(`Read-only: ${WEEK_LOCKED}`);
  });
});

describe('saving', () => {
  /** A writer whose answer the test gives: the card is looked at while the server has not answered yet. */
  function heldWriter() {
    const held: { answer?: (slip: Slip) => void; refuse?: (error: Error) => void } = {};
    const writer: SlipWriter = {
      save: (_slip, values) =>
        new Promise((resolve, reject) => {
          held.answer = (slip) => resolve({ queued: false, value: { ...slip, comment: values.comment } });
          held.refuse = reject;
        }),
      remove: async () => ({ queued: false, value: null }),
    };
    return { writer, held };
  }
  const typeNew = (start: string, end: string, comment: string) => {
    fireEvent.change(screen.getByLabelText(/^Start/), { target: { value: start } });
    fireEvent.change(screen.getByLabelText(/^End/), { target: { value: end } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: comment } });
  };
  const ctrlS = () => {
    const description = screen.getByLabelText(/^Description/);
    description.focus();
    fireEvent.keyDown(description, { key: 's', ctrlKey: true });
  };

  it('Ctrl+S shows the slip as typed at once, read-only, until the server answers', async () => {
    const { writer, held } = heldWriter();
    const saved: Slip[] = [];
    card({ isNew: true, writer, onSaved: (s) => saved.push(s) });
    typeNew('1:05 pm', '1:20 pm', 'Reset the, "VPN" =1+1');
    ctrlS();
    const c = screen.getByTestId('slip-card');
    expect(c).toHaveAttribute('data-mode', 'saving');
    expect(screen.queryByLabelText(/^Start/)).toBeNull();
    expect(c.querySelector('.sd-slip-comment')).toHaveTextContent('Reset the, "VPN" =1+1');
    expect(screen.getByText('Start').nextElementSibling).toHaveTextContent('1:05 PM');
    expect(screen.getByTestId('slip-time')).toHaveTextContent('0:15');
    // By the rule the slip had: 15 minutes under a 30-minute minimum.
    expect(screen.getByTestId('slip-billable')).toHaveTextContent('0:30');
    expect(screen.getByRole('status', { name: 'Saving' })).toBeInTheDocument();
    // No second save while one is on its way, and no actions on a slip not saved yet.
    expect(screen.queryByRole('button', { name: /^Actions/ })).toBeNull();
    await act(async () => held.answer?.({ ...SLIP, id: 9 }));
    expect(saved.map((s) => s.id)).toEqual([9]);
    expect(c).toHaveAttribute('data-mode', 'read');
    expect(screen.queryByRole('status', { name: 'Saving' })).toBeNull();
  });

  it('a refused save returns to the fields as typed, with the message, the cursor where it was', async () => {
    const { writer, held } = heldWriter();
    const saved: Slip[] = [];
    card({ isNew: true, writer, onSaved: (s) => saved.push(s) });
    typeNew('8:00 AM', '8:30 AM', 'Kept after a refusal');
    ctrlS();
    expect(screen.getByTestId('slip-card')).toHaveAttribute('data-mode', 'saving');
    await act(async () =>
      held.refuse?.(
        new ApiError('Please review the page for field entry errors, shown in red.', {
          status: 400,
          fields: { stopTime: ['This slip overlaps another slip.'] },
        }),
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.getByTestId('slip-card')).toHaveAttribute('data-mode', 'edit');
    expect(screen.getByLabelText(/^Start/)).toHaveValue('8:00 AM');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Kept after a refusal');
    expect(screen.getByLabelText(/^Description/)).toHaveFocus();
    expect(screen.getByTestId('slip-card').querySelector('.sd-slip-error')).toHaveTextContent(
      'Please review the page for field entry errors',
    );
    expect(screen.getByText('This slip overlaps another slip.')).toBeInTheDocument();
  });

  it('a slip the server will refuse (no start, an end before its start) keeps its fields while it asks', async () => {
    for (const [start, end] of [
      ['', '9:00 AM'],
      ['10:00 AM', '9:00 AM'],
      ['soon', ''],
    ]) {
      const { writer, held } = heldWriter();
      const view = card({ isNew: true, writer });
      typeNew(start!, end!, 'x');
      ctrlS();
      expect(screen.getByTestId('slip-card')).toHaveAttribute('data-mode', 'loading');
      expect(screen.getByLabelText(/^Start/)).toBeDisabled();
      await act(async () => held.refuse?.(new ApiError('Refused', { status: 400 })));
      expect(screen.getByTestId('slip-card')).toHaveAttribute('data-mode', 'edit');
      view.unmount();
    }
  });
});
