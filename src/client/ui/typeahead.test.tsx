import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Option } from '../../shared/schemas/common';
import { Dialog } from './dialog';
import { Typeahead, type TypeaheadProps } from './typeahead';

const PEOPLE: Option[] = [
  { label: 'Ada Lovelace', value: 1 },
  { label: 'Alan Turing', value: 2 },
  { label: 'Grace Hopper', value: 3 },
];

type Harness = Omit<TypeaheadProps, 'value' | 'onChange' | 'label' | 'name' | 'mode'> & {
  mode?: 'single' | 'multiple' | 'tags';
  initial?: Option[];
  seen?: unknown[];
};

function Single({ seen, initial, ...rest }: Harness) {
  const [v, setV] = useState<Option | null>(initial?.[0] ?? null);
  return (
    <Typeahead
      {...rest}
      mode="single"
      label="Person"
      name="person"
      value={v}
      onChange={(x) => {
        seen?.push(x);
        setV(x);
      }}
    />
  );
}

function Multi({ seen, initial, mode, ...rest }: Harness) {
  const [v, setV] = useState<Option[]>(initial ?? []);
  return (
    <Typeahead
      {...rest}
      mode={mode === 'tags' ? 'tags' : 'multiple'}
      label="People"
      name="people"
      value={v}
      onChange={(x: Option[]) => {
        seen?.push(x);
        setV(x);
      }}
    />
  );
}

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Typeahead with local options', () => {
  it('filters, selects with the keyboard and shows the hints', async () => {
    const seen: unknown[] = [];
    render(<Single options={PEOPLE} seen={seen} />);
    const box = screen.getByRole('combobox', { name: 'Person' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'a');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.type(box, 'd');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Ada LovelacePress enter to select',
    ]);
    await userEvent.type(box, '{Backspace}');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ada LovelacePress enter to select',
      'Alan Turing',
      'Grace Hopper',
    ]);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveTextContent('Press enter to select');
    await userEvent.keyboard('{Enter}');
    expect(seen).toEqual([PEOPLE[1]]);
    expect(box).toHaveValue('Alan Turing');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    // Reopening highlights the selected option with the "Selected" hint.
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Selected');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('Alan Turing');
  });

  it('shows "List is empty" when nothing matches', async () => {
    render(<Single options={PEOPLE} />);
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    expect(screen.getByRole('listbox')).toHaveTextContent('List is empty');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('renders grouped options under their group labels', async () => {
    const groups = [
      { title: 'Active', items: [PEOPLE[0]] },
      { title: 'Inactive', items: [PEOPLE[2]] },
    ];
    render(<Single options={groups} groupLabel="title" groupValues="items" />);
    await userEvent.click(screen.getByRole('combobox'));
    const list = screen.getByRole('listbox');
    expect(list.textContent).toBe('ActiveAda LovelacePress enter to selectInactiveGrace Hopper');
  });

  it('multiple mode toggles with "Press enter to toggle" / "Press enter to remove" and removes tags', async () => {
    const seen: unknown[] = [];
    render(<Multi options={PEOPLE} seen={seen} />);
    const box = screen.getByRole('combobox');
    await userEvent.click(box);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Press enter to toggle');
    await userEvent.keyboard('{Enter}');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Press enter to remove');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(seen.at(-1)).toEqual([PEOPLE[0], PEOPLE[1]]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(seen.at(-1)).toEqual([PEOPLE[1]]);
    await userEvent.click(box);
    await userEvent.keyboard('{Backspace}');
    expect(seen.at(-1)).toEqual([]);
  });

  it('tags mode offers "Press enter to add option" for new text', async () => {
    const seen: unknown[] = [];
    render(<Multi mode="tags" options={PEOPLE} seen={seen} tagSizePercent={40} />);
    await userEvent.type(screen.getByRole('combobox'), 'Linus');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('"Linus"Press enter to add option');
    await userEvent.keyboard('{Enter}');
    expect(seen.at(-1)).toEqual([{ label: 'Linus', value: 'Linus' }]);
    expect(screen.getByText('Linus').closest('.badge')).toHaveStyle({ maxWidth: '40%' });
  });

  it('rejects a tag size percent outside 0–100', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Multi mode="tags" options={PEOPLE} tagSizePercent={101} />)).toThrow(/0 to 100/);
    expect(() => render(<Multi mode="tags" options={PEOPLE} tagSizePercent={-1} />)).toThrow(/0 to 100/);
  });

  it('ignores a second Tab pressed within 200 ms', () => {
    render(<Single options={PEOPLE} />);
    const box = screen.getByRole('combobox');
    const first = fireEvent.keyDown(box, { key: 'Tab' });
    const second = fireEvent.keyDown(box, { key: 'Tab' });
    expect(first).toBe(true);
    expect(second).toBe(false);
  });

  it('non-searchable: typed letters jump, the buffer resets after 500 ms', () => {
    vi.useFakeTimers();
    const list = [...PEOPLE, { label: 'Alonzo Church', value: 4 }];
    render(<Single options={list} searchable={false} />);
    const box = screen.getByRole('combobox');
    const active = () =>
      document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent;
    fireEvent.keyDown(box, { key: 'a' });
    fireEvent.keyDown(box, { key: 'l' });
    fireEvent.keyDown(box, { key: 'o' });
    expect(active()).toMatch(/^Alonzo Church/);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.keyDown(box, { key: 'g' });
    expect(active()).toMatch(/^Grace Hopper/);
  });
});

describe('Typeahead with a remote url', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn((_url: string, init: RequestInit) => {
      return new Promise<Response>((resolve, reject) => {
        const timer = setTimeout(() => resolve(jsonResponse(PEOPLE)), 50);
        init.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  it('debounces 200 ms, sends q, limit and extra params, marks XHR, and aborts stale requests', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    render(<Single url="/api/suggest/staff/" params={{ active: 1 }} />);
    const wrapper = screen.getByRole('combobox').closest('.sd-typeahead')!;
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: 'a' } });
    await act(() => vi.advanceTimersByTimeAsync(150));
    fireEvent.change(box, { target: { value: 'ad' } });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(wrapper).toHaveAttribute('data-state', 'almost-open');
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/suggest/staff/?active=1&q=ad&limit=25');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(wrapper).toHaveAttribute('data-state', 'loading');
    // Typing while the request runs aborts it.
    fireEvent.change(box, { target: { value: 'ada' } });
    expect((init.signal as AbortSignal).aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(260));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/suggest/staff/?active=1&q=ada&limit=25');
    expect(wrapper).toHaveAttribute('data-state', 'open');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('on failure logs, ends loading and keeps the list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Single url="/api/suggest/staff/" />);
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'a');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    fetchMock.mockImplementationOnce(() => Promise.resolve(new Response('{}', { status: 500 })));
    await userEvent.type(box, 'x');
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    const wrapper = box.closest('.sd-typeahead')!;
    await vi.waitFor(() => expect(wrapper).toHaveAttribute('data-state', 'open'));
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('the refine toggle switches between More... and Less... and the second url', async () => {
    render(<Single url="/api/suggest/clients-active/" refineUrl="/api/suggest/clients/" />);
    await userEvent.click(screen.getByRole('combobox'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toMatch(/^\/api\/suggest\/clients-active\/\?limit=25$/);
    await userEvent.click(screen.getByRole('button', { name: 'More...' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toMatch(/^\/api\/suggest\/clients\/\?limit=25$/);
    expect(screen.getByRole('button', { name: 'Less...' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });
});

describe('Typeahead inside a dialog', () => {
  it('Escape closes the list only; a second Escape closes the dialog', async () => {
    const onHide = vi.fn();
    render(
      <Dialog show title="Pick" onHide={onHide}>
        <Single options={PEOPLE} />
      </Dialog>,
    );
    const box = screen.getByRole('combobox', { name: 'Person' });
    await userEvent.click(box);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onHide).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(1);
  });
});
