// The proposal's line editor: totals that follow the typing to the cent, lines added, moved and removed, errors shown
// on the line they name until it changes, and the read-only table.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ProposalLine } from '../../../shared/schemas/opportunity';
import { LinesField, liveTotals } from './proposal-lines';

const OPTIONS = {
  serviceType: [{ value: 9, label: 'Managed Workstation' }],
  recurrence: [
    { value: 'ONE_TIME', label: 'One-time' },
    { value: 'MONTHLY', label: 'Monthly' },
  ],
};

function Editor({ errors, start = [] }: { errors?: string[]; start?: unknown[] }) {
  const [value, setValue] = useState<unknown>(start);
  return (
    <LinesField
      value={value}
      set={setValue}
      values={{}}
      readOnly={false}
      formOptions={OPTIONS}
      errors={errors}
    />
  );
}

const totals = () =>
  ['proposal-one-time', 'proposal-monthly', 'proposal-first-year'].map(
    (id) => screen.getByTestId(id).textContent,
  );
const line = (n: number) => within(screen.getByRole('group', { name: `Line ${n}` }));
const type = (n: number, label: string, value: string) =>
  fireEvent.change(line(n).getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('LinesField', () => {
  it('adds lines and keeps the totals exact as the user types', () => {
    render(<Editor />);
    expect(totals()).toEqual(['$0.00', '$0.00', '$0.00']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    type(1, 'Description', 'Setup');
    type(1, 'Unit Price', '0.1');
    fireEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    type(2, 'Service Type', '9');
    type(2, 'Quantity', '3');
    type(2, 'Unit Price', '0.1');
    type(2, 'Billing', 'MONTHLY');
    expect(totals()).toEqual(['$0.10', '$0.30', '$3.70']);
    expect(screen.getByTestId('line-2-amount').textContent).toBe('$0.30');
    // Half typed: a value that is not an amount yet counts as nothing, it does not break the totals.
    type(2, 'Unit Price', '0.1x');
    expect(totals()).toEqual(['$0.10', '$0.00', '$0.10']);
    expect(screen.getByTestId('line-2-amount').textContent).toBe('');
  });

  it('moves and removes lines', () => {
    render(
      <Editor
        start={[
          { description: 'A', quantity: '1', unitPrice: '1', recurrence: 'ONE_TIME' },
          { description: 'B', quantity: '1', unitPrice: '2', recurrence: 'MONTHLY' },
        ]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Move line 1 up' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Move line 2 up' }));
    expect((line(1).getByLabelText('Description') as HTMLInputElement).value).toBe('B');
    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.queryByRole('group', { name: 'Line 2' })).toBeNull();
    expect((line(1).getByLabelText('Description') as HTMLInputElement).value).toBe('A');
    expect(totals()).toEqual(['$1.00', '$0.00', '$1.00']);
  });

  it('shows an error on the line it names until that line changes', () => {
    render(
      <Editor
        errors={['Line 2: Quantity: This value should not be blank.', 'A proposal holds at most 200 lines.']}
        start={[
          { description: 'A', quantity: '1', unitPrice: '1', recurrence: 'ONE_TIME' },
          { description: 'B', quantity: '', unitPrice: '2', recurrence: 'MONTHLY' },
        ]}
      />,
    );
    expect(line(2).getByText('Line 2: Quantity: This value should not be blank.')).toBeInTheDocument();
    expect(line(1).queryByRole('alert')).toBeNull();
    expect(screen.getByText('A proposal holds at most 200 lines.')).toBeInTheDocument();
    type(2, 'Quantity', '4');
    expect(screen.queryByText('Line 2: Quantity: This value should not be blank.')).toBeNull();
  });

  it('reads as a table with the totals', () => {
    const lines: ProposalLine[] = [
      {
        serviceType: { value: 9, label: 'Managed Workstation' },
        description: 'Front desk',
        quantity: '10.00',
        unitPrice: '45.55',
        recurrence: { value: 'MONTHLY', label: 'Monthly' },
        amount: '455.50',
      },
    ];
    render(<LinesField value={lines} set={() => {}} values={{}} readOnly formOptions={OPTIONS} />);
    const table = screen.getByRole('table', { name: 'Proposal lines' });
    expect(within(table).getByText('Managed Workstation')).toBeInTheDocument();
    expect(within(table).getByText('$455.50')).toBeInTheDocument();
    expect(totals()).toEqual(['$0.00', '$455.50', '$5,466.00']);
    expect(liveTotals(lines as never)).toEqual({ oneTime: '0.00', monthly: '455.50', firstYear: '5466.00' });
  });
});
