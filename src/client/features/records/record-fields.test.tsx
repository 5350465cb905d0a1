// A select field keeps a saved choice the form no longer offers (e.g. a service type made inactive, a text choice
// dropped from the settings): shown by name; warnings show under a field.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DATE_INVALID } from '../../../shared/schemas/fields';
import { RecordField } from './record-fields';

describe('RecordField select', () => {
  it('shows a saved choice that is no longer offered by its name, beside the offered ones', () => {
    render(
      <RecordField
        field={{ name: 'serviceType', label: 'Service Type', kind: 'select' }}
        values={{ serviceType: { value: 7, label: 'Legacy Backup' } }}
        set={() => {}}
        readOnly={false}
        formOptions={{ serviceType: [{ value: 1, label: 'Managed Workstation' }] }}
      />,
    );
    const select = screen.getByLabelText('Service Type') as HTMLSelectElement;
    expect(select.value).toBe('7');
    expect(select.selectedOptions[0]?.textContent).toBe('Legacy Backup');
    expect([...select.options].map((o) => o.textContent)).toContain('Managed Workstation');
  });

  it('keeps a saved text choice the settings dropped, picks it again as it was, and shows warnings', () => {
    const picked: unknown[] = [];
    render(
      <RecordField
        field={{ name: 'lostReason', label: 'Lost Reason', kind: 'select' }}
        values={{ lostReason: 'Timing' }}
        set={(_name, value) => picked.push(value)}
        warnings={['Check this reason.']}
        readOnly={false}
        formOptions={{ lostReason: [{ value: 'Price', label: 'Price' }] }}
      />,
    );
    const select = screen.getByLabelText('Lost Reason') as HTMLSelectElement;
    expect(select.value).toBe('Timing');
    expect([...select.options].map((o) => o.textContent)).toEqual(['', 'Timing', 'Price']);
    fireEvent.change(select, { target: { value: 'Price' } });
    fireEvent.change(select, { target: { value: 'Timing' } });
    expect(picked).toEqual([
      { value: 'Price', label: 'Price' },
      { value: 'Timing', label: 'Timing' },
    ]);
    expect(screen.getByText('Check this reason.')).toBeTruthy();
  });
});

/** A date field that keeps what is typed, with the form's errors given from outside. */
function DateField({ errors }: { errors?: string[] }) {
  const [values, setValues] = useState<Record<string, unknown>>({ endDate: '' });
  return (
    <RecordField
      field={{ name: 'endDate', label: 'End Date', kind: 'date' }}
      values={values}
      set={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
      errors={errors}
      readOnly={false}
      formOptions={{}}
    />
  );
}

describe('RecordField date', () => {
  const messages = () => screen.queryAllByText(/valid date/).map((el) => el.textContent);

  it('shows one message per problem: the form’s error replaces the blur check that says the same', () => {
    const view = render(<DateField />);
    const input = screen.getByLabelText('End Date');
    fireEvent.change(input, { target: { value: '13/45/2026' } });
    fireEvent.blur(input);
    expect(messages()).toHaveLength(1);
    // Save ran the form's schema, which finds the same date invalid.
    view.rerender(<DateField errors={[DATE_INVALID]} />);
    expect(messages()).toEqual([DATE_INVALID]);
  });
});
