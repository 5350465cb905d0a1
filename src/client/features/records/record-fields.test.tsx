// A select field keeps a saved choice the form no longer offers (e.g. a service type made inactive): shown by name.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
