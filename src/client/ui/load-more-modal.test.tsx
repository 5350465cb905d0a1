import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canLoadMore, LoadMoreModal, type LoadMoreParams, type LoadMoreResult } from './load-more-modal';

type Row = { id: number; name: string };
const rows = (start: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: start + i + 1, name: `Row ${start + i + 1}` }));

function Modal(props: {
  load: (p: LoadMoreParams) => Promise<LoadMoreResult<Row>>;
  onHidden?: () => void;
  filtersReady?: boolean;
  filterKey?: unknown;
  errors?: string[];
  filtersMessage?: string;
}) {
  return (
    <LoadMoreModal<Row>
      title="Find task"
      columns={[
        { key: 'id', title: '#' },
        { key: 'name', title: 'Name' },
      ]}
      renderRow={(r) => (
        <>
          <td>{r.id}</td>
          <td>{r.name}</td>
        </>
      )}
      rowKey={(r) => r.id}
      onHidden={props.onHidden ?? (() => {})}
      load={props.load}
      filtersReady={props.filtersReady}
      filterKey={props.filterKey}
      errors={props.errors}
      filtersMessage={props.filtersMessage}
    />
  );
}

function WithFilter({ load }: { load: (p: LoadMoreParams) => Promise<Row[]> }) {
  const [client, setClient] = useState('');
  return (
    <LoadMoreModal<Row>
      title="Find task"
      columns={[{ key: 'name', title: 'Name' }]}
      renderRow={(r) => <td>{r.name}</td>}
      onHidden={() => {}}
      filters={
        <label>
          Client
          <input value={client} onChange={(e) => setClient(e.target.value)} />
        </label>
      }
      filterKey={client}
      filtersReady={client !== ''}
      filtersMessage="Select a Client to see results."
      load={load}
    />
  );
}

const bodyRows = () => screen.getAllByRole('row').slice(1);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('LoadMoreModal', () => {
  it('Load More shows only for a positive exact multiple of the page size', () => {
    expect(canLoadMore(0)).toBe(false);
    expect(canLoadMore(24)).toBe(false);
    expect(canLoadMore(25)).toBe(true);
    expect(canLoadMore(26)).toBe(false);
    expect(canLoadMore(50)).toBe(true);
  });

  it('opens on mount, pages by 25 with start/limit/initial/morePages, and appends rows', async () => {
    const load = vi.fn(async (p: LoadMoreParams) => rows(p.start, p.start === 0 ? 25 : 10));
    render(<Modal load={load} />);
    expect(screen.getByRole('dialog', { name: 'Find task' })).toBeInTheDocument();
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(load).toHaveBeenLastCalledWith({ limit: 25, start: 0, initial: true, morePages: false });
    expect(screen.queryByRole('button', { name: 'Okay' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(35));
    expect(load).toHaveBeenLastCalledWith({ limit: 25, start: 25, initial: false, morePages: true });
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(bodyRows()[34]).toHaveTextContent('Row 35');
  });

  it('shows "No Results" and emits onHidden after Cancel', async () => {
    const onHidden = vi.fn();
    render(<Modal load={async () => []} onHidden={onHidden} />);
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onHidden).toHaveBeenCalledTimes(1));
  });

  it('swallows a failed load (first load still completes) and lists supplied errors in an outlined box', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Modal load={() => Promise.reject(new Error('boom'))} errors={['Client is archived']} />);
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    const box = screen.getByTestId('load-more-errors');
    expect(box).toHaveClass('border', 'border-danger');
    expect(box).toHaveTextContent('Client is archived');
  });

  it('lists error strings returned with the rows', async () => {
    render(<Modal load={async () => ({ rows: rows(0, 2), errors: ['Some tasks are hidden'] })} />);
    expect(await screen.findByText('Some tasks are hidden')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(2);
  });

  it('asks for filters until they are set, then reloads from the start on each change', async () => {
    const load = vi.fn(async (p: LoadMoreParams) => rows(p.start, 25));
    render(<WithFilter load={load} />);
    expect(screen.getByText('Select a Client to see results.')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Client'), 'A');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    await userEvent.type(screen.getByLabelText('Client'), 'b');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(load).toHaveBeenLastCalledWith({ limit: 25, start: 0, initial: true, morePages: false });
  });

  it('uses the default filters message', () => {
    render(<Modal load={async () => []} filtersReady={false} />);
    expect(screen.getByText('Select filters to see results.')).toBeInTheDocument();
  });

  it('drops a stale reply when the filter changed meanwhile', async () => {
    let resolveFirst: (r: Row[]) => void = () => {};
    const load = vi
      .fn<(p: LoadMoreParams) => Promise<Row[]>>()
      .mockImplementationOnce(() => new Promise((r) => (resolveFirst = r)))
      .mockImplementation(async () => [{ id: 99, name: 'Fresh' }]);
    const { rerender } = render(<Modal load={load} filterKey="a" />);
    rerender(<Modal load={load} filterKey="b" />);
    expect(await screen.findByText('Fresh')).toBeInTheDocument();
    resolveFirst(rows(0, 3));
    await new Promise((r) => setTimeout(r, 10));
    expect(bodyRows()).toHaveLength(1);
  });
});
