import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox, FormField, Select, TextArea, TextInput } from './index';

afterEach(cleanup);

function Controlled(props: { errors?: string[]; warnings?: string[]; required?: boolean }) {
  const [v, setV] = useState('abc');
  return <TextInput label="Email" name="email" value={v} onChange={setV} {...props} />;
}

function ColourSelect({ seen }: { seen: (string | number | null)[] }) {
  const [v, setV] = useState<string | number | null>(null);
  return (
    <Select
      label="Colour"
      name="colour"
      value={v}
      placeholder="Choose…"
      options={[
        { label: 'Red', value: 1 },
        { label: 'Green', value: 2 },
      ]}
      onChange={(x) => {
        seen.push(x);
        setV(x);
      }}
    />
  );
}

function ActiveBox({ errors }: { errors: string[] }) {
  const [v, setV] = useState(false);
  return <Checkbox label="Active" name="active" checked={v} onChange={setV} errors={errors} />;
}

describe('FormField and simple inputs', () => {
  it('labels the input by name-derived id, marks required and links errors', () => {
    render(<Controlled required errors={['Invalid email address']} warnings={['Looks odd']} />);
    const input = screen.getByLabelText(/Email/);
    expect(input).toHaveAttribute('id', 'f-email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Invalid email address/);
    expect(input).toHaveAccessibleDescription(/Looks odd/);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('invalid-feedback', 'd-block');
    expect(screen.getByText('*')).toBeInTheDocument();
  });

  it('typing clears the errors until a new errors array arrives', async () => {
    const errors = ['Invalid email address'];
    const { rerender } = render(<Controlled errors={errors} />);
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    rerender(<Controlled errors={errors} />);
    expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument();
    rerender(<Controlled errors={['Invalid email address']} />);
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
  });

  it('read-only renders the value as text; Select shows the option label', () => {
    render(
      <>
        <TextInput label="Name" name="name" value="Ada" onChange={() => {}} readOnly />
        <Select
          label="Colour"
          name="colour"
          value={2}
          options={[
            { label: 'Red', value: 1 },
            { label: 'Green', value: 2 },
          ]}
          onChange={() => {}}
          readOnly
        />
      </>,
    );
    expect(screen.getByLabelText('Name')).toHaveTextContent('Ada');
    expect(screen.getByLabelText('Name').tagName).toBe('OUTPUT');
    expect(screen.getByLabelText('Colour')).toHaveTextContent('Green');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('an empty read-only field shows a muted dash, whatever its kind', () => {
    render(
      <>
        <TextInput label="Name" name="name" value="  " onChange={() => {}} readOnly />
        <TextArea label="Notes" name="notes" value="" onChange={() => {}} readOnly />
        <Select label="Colour" name="colour" value={null} options={[]} onChange={() => {}} readOnly />
      </>,
    );
    for (const name of ['Name', 'Notes', 'Colour']) {
      expect(screen.getByLabelText(name)).toHaveTextContent(/^\u2014$/);
    }
  });

  it('short read-only text has no toggle', () => {
    render(
      <TextArea
        label="Notes"
        name="notes"
        value={'one\ntwo'}
        onChange={() => {}}
        readOnly
        readOnlyRows={3}
      />,
    );
    expect(screen.queryByRole('button', { name: '(more)' })).not.toBeInTheDocument();
  });

  it('read-only long text is shortened with (more)/(less)', async () => {
    const long = Array.from({ length: 8 }, (_, i) => `line ${i + 1}`).join('\n');
    render(
      <TextArea label="Notes" name="notes" value={long} onChange={() => {}} readOnly readOnlyRows={3} />,
    );
    const out = screen.getByLabelText('Notes');
    expect(out).toHaveAttribute('data-shortened', 'true');
    expect(out).toHaveStyle({ overflow: 'hidden' });
    expect(out.style.webkitLineClamp).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: '(more)' }));
    expect(out).not.toHaveAttribute('data-shortened');
    expect(out.style.webkitLineClamp).toBe('');
    expect(screen.getByRole('button', { name: '(less)' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: '(less)' }));
    expect(out).toHaveAttribute('data-shortened', 'true');
  });

  it('Select keeps numeric values and maps the empty choice to null', async () => {
    const seen: (string | number | null)[] = [];
    render(<ColourSelect seen={seen} />);
    const select = screen.getByLabelText('Colour');
    expect(select).toHaveClass('form-select');
    await userEvent.selectOptions(select, 'Green');
    await userEvent.selectOptions(select, 'Choose…');
    expect(seen).toEqual([2, null]);
  });

  it('Checkbox toggles and shows its errors', async () => {
    render(<ActiveBox errors={['Required']} />);
    const box = screen.getByLabelText('Active');
    expect(box).toHaveAccessibleDescription('Required');
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('TextArea defaults to 2 rows; auto-grow goes from 3 to 10', () => {
    const { rerender } = render(<TextArea label="A" name="a" value="" onChange={() => {}} />);
    expect(screen.getByLabelText('A')).toHaveAttribute('rows', '2');
    rerender(<TextArea label="A" name="a" value="" onChange={() => {}} autoGrow />);
    expect(screen.getByLabelText('A')).toHaveAttribute('rows', '3');
    rerender(<TextArea label="A" name="a" value={'x'.repeat(70 * 5)} onChange={() => {}} autoGrow />);
    expect(screen.getByLabelText('A')).toHaveAttribute('rows', '5');
    rerender(<TextArea label="A" name="a" value={'x\n'.repeat(30)} onChange={() => {}} autoGrow />);
    expect(screen.getByLabelText('A')).toHaveAttribute('rows', '10');
  });

  it('FormField wraps a custom control and hides errors when it changes', async () => {
    render(
      <FormField label="Custom" name="custom" id="custom" errors={['Bad']}>
        <input id="custom" />
      </FormField>,
    );
    expect(screen.getByText('Bad')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Custom'), 'a');
    expect(screen.queryByText('Bad')).not.toBeInTheDocument();
  });
});
