// The conflict notice of a 409 with the merge hook behind it: fields changed on one side merge without a question,
// fields both changed are asked one by one, and the form ends with the merged values at their version.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConflictNotice, type MergeField, useConflictMerge } from './conflict-notice';

type Values = Record<string, unknown>;
const FIELDS: MergeField[] = [
  { name: 'name', label: 'Name' },
  { name: 'website', label: 'Website' },
  { name: 'phone', label: 'Phone' },
  {
    name: 'status',
    label: 'Status',
    options: [
      { value: 1, label: 'Client' },
      { value: 2, label: 'Prospect' },
    ],
  },
];
const BASE: Values = { version: 1, name: 'Contoso', website: '', phone: '555-0100', status: 1 };
const MESSAGE = 'This record was changed by Ann Archer at 03/02/2026 9:15 AM.';

/** A form holding `mine`, saved over `theirs`: the 409 opens the merge. */
function Form({ theirs, mine }: { theirs: Values; mine: Values }) {
  const [values, setValues] = useState<Values>(mine);
  const conflict = useConflictMerge<Values>((merged) => setValues(merged));
  return (
    <>
      <button
        type="button"
        onClick={() => conflict.open(MESSAGE, { base: BASE, theirs, mine: values, record: theirs }, FIELDS)}
      >
        Save
      </button>
      <ConflictNotice merge={conflict} />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Values;
const notice = () => within(screen.getByTestId('conflict'));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('ConflictNotice', () => {
  it('merges changes to different fields without a question, at their version', () => {
    render(
      <Form
        theirs={{ ...BASE, version: 2, website: 'their.example' }}
        mine={{ ...BASE, name: 'Contoso Ltd' }}
      />,
    );
    save();
    expect(notice().getByText(MESSAGE)).toBeTruthy();
    expect(screen.getByTestId('conflict-taken').textContent).toBe(
      'Their changes are now in the form: Website.',
    );
    expect(screen.getByTestId('conflict-kept').textContent).toBe('Your changes are kept: Name.');
    expect(notice().queryAllByRole('radio')).toHaveLength(0);
    expect(notice().getByText('Save to store the merged record.')).toBeTruthy();
    expect(values()).toEqual({ ...BASE, version: 2, website: 'their.example', name: 'Contoso Ltd' });
  });

  it('asks only about the fields both changed, one choice each, and applies them', () => {
    render(
      <Form
        theirs={{ ...BASE, version: 5, name: 'Contoso Group', status: 2, phone: '555-0199' }}
        mine={{ ...BASE, name: 'Contoso Ltd', status: 2, website: 'mine.example', phone: '' }}
      />,
    );
    save();
    // Status both set to Prospect: no question. Name and phone differ.
    const rows = notice().getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Name', 'Phone']);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Contoso Group', 'Contoso Ltd']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['555-0199', '(empty)']);
    // Nothing is applied until every field is chosen; the form keeps my values meanwhile.
    expect(values()).toMatchObject({ version: 1, name: 'Contoso Ltd' });
    const apply = notice().getByRole('button', { name: 'Apply choices' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(within(rows[0]!).getByRole('radio', { name: 'Contoso Group' }));
    expect(apply.disabled).toBe(true);
    fireEvent.click(within(rows[1]!).getByRole('radio', { name: '(empty)' }));
    fireEvent.click(apply);
    expect(values()).toEqual({
      ...BASE,
      version: 5,
      name: 'Contoso Group',
      status: 2,
      website: 'mine.example',
      phone: '',
    });
    expect(notice().queryAllByRole('radio')).toHaveLength(0);
    expect(notice().getByText('Save to store the merged record.')).toBeTruthy();
  });

  it.each([
    ['Use their values', { name: 'Contoso Group' }],
    ['Keep my changes', { name: 'Contoso Ltd' }],
  ])('%s settles every asked field at once, and leaves the rest merged', (button, expected) => {
    render(
      <Form
        theirs={{ ...BASE, version: 3, name: 'Contoso Group', website: 'their.example' }}
        mine={{ ...BASE, name: 'Contoso Ltd' }}
      />,
    );
    save();
    expect(screen.getByTestId('conflict-taken').textContent).toBe(
      'Their changes come into the form: Website.',
    );
    expect(values()).toEqual({ ...BASE, name: 'Contoso Ltd' });
    fireEvent.click(notice().getByRole('button', { name: button }));
    expect(values()).toEqual({ ...BASE, version: 3, website: 'their.example', ...expected });
    expect(screen.getByTestId('conflict-taken').textContent).toBe(
      'Their changes are now in the form: Website.',
    );
  });

  it('starts a new 409 with no choices made', () => {
    render(
      <Form
        theirs={{ ...BASE, version: 2, name: 'Contoso Group' }}
        mine={{ ...BASE, name: 'Contoso Ltd' }}
      />,
    );
    save();
    fireEvent.click(notice().getByRole('radio', { name: 'Contoso Ltd' }));
    save();
    expect((notice().getByRole('radio', { name: 'Contoso Ltd' }) as HTMLInputElement).checked).toBe(false);
  });
});
