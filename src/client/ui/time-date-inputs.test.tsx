import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATE_TAB_DELAY_MS, DateInput, type DateInputProps } from './date-input';
import { DurationInput, TimeInput } from './time-input';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Time({ initial = '' }: { initial?: string }) {
  const [v, setV] = useState(initial);
  return (
    <>
      <TimeInput label="Start" name="start" value={v} onChange={setV} />
      <button type="button">Next</button>
    </>
  );
}

function Duration({ rounding }: { rounding?: 1 | 5 | 30 }) {
  const [v, setV] = useState('');
  return <DurationInput label="Time" name="time" value={v} onChange={setV} rounding={rounding} />;
}

function Day(props: Partial<DateInputProps> & { initial?: string }) {
  const [v, setV] = useState(props.initial ?? '');
  return (
    <>
      <DateInput label="Date" name="date" {...props} value={v} onChange={setV} />
      <button type="button">After</button>
    </>
  );
}

describe('TimeInput', () => {
  it.each([
    ['930', '9:30 AM'],
    ['9:30p', '9:30 PM'],
    ['3', '3:00 PM'],
    ['9 am', '9:00 AM'],
  ])('normalises %s to %s on blur', async (typed, shown) => {
    render(<Time />);
    const input = screen.getByLabelText('Start');
    await userEvent.type(input, typed);
    await userEvent.tab();
    expect(input).toHaveValue(shown);
  });

  it('keeps an invalid value and shows the message until the user types again', async () => {
    render(<Time />);
    const input = screen.getByLabelText('Start');
    await userEvent.type(input, '25:99');
    await userEvent.tab();
    expect(input).toHaveValue('25:99');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid time (e.g. 3:20 PM).');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('selects its text on focus', async () => {
    render(<Time initial="9:30 AM" />);
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    await userEvent.click(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 7]);
  });
});

describe('DurationInput', () => {
  it('normalises decimal hours on blur: 1.25 → 1:15; rounding up to 5 by default, 30 or 1', async () => {
    const { unmount } = render(<Duration />);
    await userEvent.type(screen.getByLabelText('Time'), '1.25');
    await userEvent.tab();
    expect(screen.getByLabelText('Time')).toHaveValue('1:15');
    await userEvent.clear(screen.getByLabelText('Time'));
    await userEvent.type(screen.getByLabelText('Time'), '0:12');
    await userEvent.tab();
    expect(screen.getByLabelText('Time')).toHaveValue('0:15');
    unmount();
    render(<Duration rounding={30} />);
    await userEvent.type(screen.getByLabelText('Time'), '0:12');
    await userEvent.tab();
    expect(screen.getByLabelText('Time')).toHaveValue('0:30');
  });
});

describe('DateInput', () => {
  const today = new Date();
  const year = today.getFullYear();
  it.each([
    ['03/20/2024', '03/20/2024'],
    ['032024', '03/20/2024'],
    ['3/20', `03/20/${year}`],
    ['3/20/24', '03/20/2024'],
    ['3-20-24', '03/20/2024'],
    ['3-20-2024', '03/20/2024'],
    ['2024/3/20', '03/20/2024'],
    ['2024-03-20', '03/20/2024'],
  ])('accepts %s as %s', async (typed, shown) => {
    render(<Day />);
    const input = screen.getByLabelText('Date');
    await userEvent.type(input, typed);
    await userEvent.keyboard('{Escape}');
    fireEvent.blur(input);
    expect(input).toHaveValue(shown);
  });

  it('reports invalid, out-of-range and disabled dates with the shared messages', async () => {
    render(<Day min="03/01/2024" max="03/31/2024" disabledDates={['03/15/2024']} />);
    const input = screen.getByLabelText('Date');
    for (const [typed, message] of [
      ['nonsense', /Please enter a valid date/],
      ['2/2/24', 'The date must be on or after 03/01/2024.'],
      ['4/2/24', 'The date must be on or before 03/31/2024.'],
      ['3/15/24', 'This date is not available.'],
    ] as const) {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      fireEvent.blur(input);
      expect(screen.getByRole('alert')).toHaveTextContent(message);
    }
  });

  it('with allowEmpty false an empty field is an error', async () => {
    render(<Day initial="03/20/2024" allowEmpty={false} />);
    const input = screen.getByLabelText('Date');
    await userEvent.clear(input);
    fireEvent.blur(input);
    expect(screen.getByRole('alert')).toHaveTextContent('This value should not be blank.');
  });

  it('opens the month grid from the button and picks a day with the keyboard', async () => {
    render(<Day initial="03/20/2024" />);
    await userEvent.click(screen.getByRole('button', { name: 'Choose date' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose date' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wednesday, March 20, 2024' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByLabelText('Date')).toHaveValue('03/21/2024');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveFocus();
  });

  it('the popover opens on focus; Tab closes it and moves on after 400 ms', () => {
    vi.useFakeTimers();
    render(<Day initial="03/20/2024" />);
    const input = screen.getByLabelText('Date');
    act(() => input.focus());
    expect(screen.getByRole('dialog', { name: 'Choose date' })).toBeInTheDocument();
    expect(input).toHaveFocus();
    const notCancelled = fireEvent.keyDown(input, { key: 'Tab' });
    expect(notCancelled).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(DATE_TAB_DELAY_MS - 1));
    expect(input).toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Choose date' })).toHaveFocus();
  });

  it('Escape closes the popover and ArrowDown moves into the grid', async () => {
    render(<Day initial="03/20/2024" />);
    const input = screen.getByLabelText('Date');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Wednesday, March 20, 2024' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });
});
