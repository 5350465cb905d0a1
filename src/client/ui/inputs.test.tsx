import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { NumberInput } from './number-input';
import { RichText } from './rich-text';
import { TextInput } from './text-input';

afterEach(cleanup);

function Counted({ min, max, initial = '' }: { min?: number; max?: number; initial?: string }) {
  const [v, setV] = useState(initial);
  return <TextInput label="Title" name="title" value={v} onChange={setV} minCount={min} maxCount={max} />;
}

function Num({ seen }: { seen: (number | null)[] }) {
  const [v, setV] = useState<number | null>(null);
  return (
    <NumberInput
      label="Quantity"
      name="qty"
      value={v}
      max={3}
      onChange={(x) => {
        seen.push(x);
        setV(x);
      }}
    />
  );
}

function Rich({ seen, initial }: { seen: string[]; initial: string }) {
  const [v, setV] = useState(initial);
  return (
    <RichText
      label="Description"
      name="description"
      value={v}
      onChange={(x) => {
        seen.push(x);
        setV(x);
      }}
    />
  );
}

describe('TextInput character count', () => {
  it('is hidden when no bound is above 0', () => {
    render(<Counted min={0} max={0} initial="abc" />);
    expect(document.querySelector('.sd-count')).toBeNull();
  });

  it('counts live and turns under-count below min and over-count above max', async () => {
    render(<Counted min={3} max={5} />);
    const input = screen.getByLabelText('Title');
    const count = () => document.querySelector('.sd-count');
    expect(count()).toHaveAttribute('data-count-state', 'under');
    expect(input).toHaveAccessibleDescription(/0 characters/);
    await userEvent.type(input, 'abcd');
    expect(count()).toHaveAttribute('data-count-state', 'ok');
    expect(count()).toHaveTextContent('4 characters (min 3, max 5)');
    await userEvent.type(input, 'ef');
    expect(count()).toHaveAttribute('data-count-state', 'over');
    expect(count()).toHaveClass('text-danger');
  });

  it('rejects an inputMode outside the SPEC list', () => {
    const bad = { inputMode: 'weird' } as unknown as { inputMode: 'text' };
    expect(() => render(<TextInput label="X" name="x" value="" onChange={() => {}} {...bad} />)).toThrow(
      /inputMode/,
    );
  });
});

describe('NumberInput', () => {
  it('strips non-digits, stores a number, and arrows add or subtract 1 within bounds', async () => {
    const seen: (number | null)[] = [];
    render(<Num seen={seen} />);
    const input = screen.getByLabelText('Quantity');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '1a');
    expect(seen).toEqual([1, 1]);
    expect(input).toHaveValue('1');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('3');
    await userEvent.keyboard('{ArrowDown}');
    expect(seen.at(-1)).toBe(2);
    await userEvent.clear(input);
    expect(seen.at(-1)).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    expect(seen.at(-1)).toBe(0);
  });
});

describe('RichText', () => {
  it('loads Quill lazily with the allowed formats, labelled toolbar and textbox, and reports edits', async () => {
    const seen: string[] = [];
    render(<Rich seen={seen} initial="<p>Hello <strong>world</strong></p>" />);
    expect(screen.getByText('Loading editor…')).toBeInTheDocument();
    // The first import of Quill compiles a large module: on a busy machine that takes more than a second.
    const box = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    expect(box).toHaveClass('ql-editor');
    expect(box.innerHTML).toBe('<p>Hello <strong>world</strong></p>');
    for (const name of [
      'Bold',
      'Italic',
      'Underline',
      'Strikethrough',
      'Numbered list',
      'Bulleted list',
      'Heading 1',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    const { default: Quill } = await import('quill');
    const editor = Quill.find(box.parentElement as HTMLElement) as InstanceType<typeof Quill>;
    editor.insertText(0, 'Oh ', 'user');
    await waitFor(() => expect(seen.at(-1)).toBe('<p>Oh Hello <strong>world</strong></p>'));
    editor.setText('', 'user');
    await waitFor(() => expect(seen.at(-1)).toBe(''));
  });

  it('read-only shows sanitized markup', () => {
    render(
      <RichText
        label="Notes"
        name="notes"
        readOnly
        value={'<p onclick="x()">Hi <em>there</em><script>alert(1)</script><img src=x onerror=alert(1)></p>'}
        onChange={() => {}}
      />,
    );
    const view = screen.getByRole('document', { name: 'Notes' });
    expect(view.innerHTML).toBe('<p>Hi <em>there</em></p>');
  });
});
