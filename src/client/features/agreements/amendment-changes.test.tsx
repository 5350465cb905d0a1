// The amendment's service changes: the before/after table with the monthly value change, and the editor showing
// the inputs each kind of change needs.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ChangeRow } from '../../../shared/schemas/agreement';
import { ChangesField, ChangeTable } from './amendment-changes';

const ROWS: ChangeRow[] = [
  {
    kind: { value: 'CHANGE', label: 'Change quantity or price' },
    service: { value: 1, label: 'Workstation × 10' },
    serviceType: { value: 0, label: 'Workstation' },
    description: null,
    billingFrequency: { value: 'MONTHLY', label: 'Monthly' },
    before: { quantity: '10.00', unitPrice: '50.00', monthly: '500.00' },
    after: { quantity: '15.00', unitPrice: '50.00', monthly: '750.00' },
    coveredHours: null,
  },
  {
    kind: { value: 'END', label: 'End a service' },
    service: { value: 2, label: 'Backup × 1' },
    serviceType: { value: 0, label: 'Backup' },
    description: null,
    billingFrequency: { value: 'MONTHLY', label: 'Monthly' },
    before: { quantity: '1.00', unitPrice: '80.00', monthly: '80.00' },
    after: null,
    coveredHours: null,
  },
];

describe('ChangeTable', () => {
  it('shows each service before and after, and the change of the monthly value', () => {
    render(<ChangeTable rows={ROWS} />);
    const table = screen.getByRole('table', { name: 'Service changes' });
    expect(within(table).getByText('10 × $50.00')).toBeInTheDocument();
    expect(within(table).getByText('15 × $50.00')).toBeInTheDocument();
    expect(screen.getByTestId('monthly-change').textContent).toBe('$750.00 (+$170.00)');
  });
  it('says so when there is nothing to change', () => {
    render(<ChangeTable rows={[]} />);
    expect(screen.getByText('No service changes.')).toBeInTheDocument();
  });
});

const OPTIONS = {
  kind: [
    { value: 'ADD', label: 'Add a service' },
    { value: 'CHANGE', label: 'Change quantity or price' },
    { value: 'END', label: 'End a service' },
  ],
  service: [{ value: 1, label: 'Workstation × 10' }],
  serviceType: [{ value: 9, label: 'Firewall' }],
  billingFrequency: [{ value: 'MONTHLY', label: 'Monthly' }],
};

function Editor() {
  const [value, setValue] = useState<unknown>([]);
  return (
    <ChangesField
      value={value}
      set={setValue}
      values={{}}
      readOnly={false}
      formOptions={OPTIONS}
      errors={['Change 1: Choose a service.']}
    />
  );
}

describe('ChangesField', () => {
  it('adds a change, offers the inputs of its kind, and removes it', () => {
    render(<Editor />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Change' }));
    expect(screen.getByLabelText('Service Type')).toBeInTheDocument();
    expect(screen.getByLabelText('Unit Price')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Change 1'), { target: { value: 'CHANGE' } });
    expect(screen.getByLabelText('Service')).toBeInTheDocument();
    expect(screen.getByLabelText('New Quantity')).toBeInTheDocument();
    expect(screen.queryByLabelText('Service Type')).toBeNull();
    expect(screen.getByText('Change 1: Choose a service.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove change 1' }));
    expect(screen.queryByLabelText('Change 1')).toBeNull();
  });
});
