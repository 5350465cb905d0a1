import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addMonths, DatePicker, monthGrid } from './date-picker';

afterEach(cleanup);

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);

describe('DatePicker month grid', () => {
  it('builds six Sunday-first weeks covering the month', () => {
    const weeks = monthGrid(2024, 2); // March 2024 starts on a Friday
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toEqual(day(2024, 2, 25));
    expect(weeks[0]![5]).toEqual(day(2024, 3, 1));
    expect(addMonths(day(2024, 1, 31), 1)).toEqual(day(2024, 2, 29));
  });

  it('is keyboard accessible: arrows, Home/End, PageUp/PageDown, Enter', async () => {
    const onSelect = vi.fn();
    render(<DatePicker value={day(2024, 3, 20)} onSelect={onSelect} autoFocus />);
    expect(screen.getByRole('table', { name: 'March 2024' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wednesday, March 20, 2024' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Thursday, March 28, 2024' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Sunday, March 24, 2024' })).toHaveFocus();
    await userEvent.keyboard('{End}{PageDown}');
    expect(screen.getByRole('table', { name: 'April 2024' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tuesday, April 30, 2024' })).toHaveFocus();
    await userEvent.keyboard('{PageUp}{PageUp}{Enter}');
    expect(onSelect).toHaveBeenCalledWith(day(2024, 2, 29));
  });

  it('marks the selected day and refuses dates outside min/max or disabled', async () => {
    const onSelect = vi.fn();
    render(
      <DatePicker
        value={day(2024, 3, 20)}
        onSelect={onSelect}
        min={day(2024, 3, 10)}
        max={day(2024, 3, 25)}
        isDisabled={(d) => d.getDate() === 21}
      />,
    );
    expect(screen.getByRole('button', { pressed: true })).toHaveAccessibleName('Wednesday, March 20, 2024');
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, March 21, 2024' }));
    await userEvent.click(screen.getByRole('button', { name: 'Saturday, March 9, 2024' }));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Saturday, March 9, 2024' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Friday, March 22, 2024' }));
    expect(onSelect).toHaveBeenCalledWith(day(2024, 3, 22));
    // Keyboard moves stop at the bounds.
    await userEvent.keyboard('{PageDown}');
    expect(screen.getByRole('button', { name: 'Monday, March 25, 2024' })).toHaveFocus();
  });

  it('month buttons move between months', async () => {
    render(<DatePicker value={null} today={day(2024, 12, 5)} onSelect={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('table', { name: 'January 2025' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('table', { name: 'November 2024' })).toBeInTheDocument();
  });
});
