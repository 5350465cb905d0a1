// The one list screen: a list refused for one of its filters names that filter (not the form's "fields shown in
// red"), the first page's total reads "1,234 results", and on phones the filters fold behind "Filters (n)".
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OFFLINE_MESSAGE } from '../../api/http';
import { renderAt, setWide, stubFetch } from '../reports/report-test-kit';
import { type FilterDef, filterMessages, RecordList, resultCountText, setFilterCount } from './record-list';
import { useQueryFilters } from './use-filters';

const filters = [
  { name: 'closeFrom', label: 'Close From', kind: 'date' as const },
  { name: 'closeTo', label: 'Close To', kind: 'date' as const },
];

describe('filterMessages', () => {
  it.each([
    [
      'a refused filter, by its label',
      new ApiError('Please review the page for field entry errors, shown in red.', {
        status: 400,
        fields: { closeTo: ['The end of the close date range cannot be before its start.'] },
      }),
      ['Close To: The end of the close date range cannot be before its start.'],
    ],
    [
      'a field no filter shows, as it is',
      new ApiError('Please review the page for field entry errors, shown in red.', {
        status: 400,
        fields: { after: ['This page link is no longer valid. Reload the list.'] },
      }),
      ['This page link is no longer valid. Reload the list.'],
    ],
    [
      'any other failure, by its message',
      new ApiError('Access Denied.', { status: 403 }),
      ['Access Denied.'],
    ],
    ['a network failure', new Error('Failed to fetch'), ['Failed to fetch']],
  ])('%s', (_what, error, expected) => {
    expect(filterMessages(error, filters)).toEqual(expected);
  });
});

type Row = { id: number; name: string };
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const listFilters: FilterDef[] = [
  { name: 'q', label: 'Search', kind: 'text' },
  { name: 'from', label: 'From', kind: 'date' },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: [
      { value: 'all', label: 'All' },
      { value: 'open', label: 'Open' },
    ],
    emptyValue: 'all',
  },
];

function TestList({ summary }: { summary?: boolean }) {
  const state = useQueryFilters(['q', 'from', 'status']);
  return (
    <RecordList<Row>
      title="Things"
      url="/api/things"
      queryKey="things"
      columns={[{ key: 'name', label: 'Name', render: (r) => r.name }]}
      filters={listFilters}
      state={state}
      rowKey={(r) => r.id}
      summary={summary ? () => <p>Own totals</p> : undefined}
    />
  );
}

describe('resultCountText', () => {
  it.each([
    [1234, '1,234 results'],
    [1, '1 result'],
    [2, '2 results'],
    [0, ''],
    [undefined, ''],
  ])('%s → "%s"', (total, text) => {
    expect(resultCountText(total)).toBe(text);
  });
});

describe('setFilterCount', () => {
  it('counts filters showing a value, not a select at its "all" value', () => {
    expect(setFilterCount(listFilters, { q: '', from: '', status: '' })).toBe(0);
    expect(setFilterCount(listFilters, { q: 'x', from: '', status: 'all' })).toBe(1);
    expect(setFilterCount(listFilters, { q: 'x', from: '03/04/2026', status: 'open' })).toBe(3);
  });
});

describe('RecordList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how many rows match from the first page, and nothing beside "No Results"', async () => {
    setWide(true);
    stubFetch({
      '/api/things': (call) =>
        call.query.status === 'none'
          ? { body: { items: [], next: null, total: 0 } }
          : { body: { items: rows(25), next: 'c1', total: 1234 } },
    });
    const { router } = renderAt('/things', <TestList />);
    expect(await screen.findByText('1,234 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load More' })).toBeInTheDocument();
    await router.navigate('/things?status=none');
    expect(await screen.findByText('No Results')).toBeInTheDocument();
    expect(screen.queryByTestId('result-count')).not.toBeInTheDocument();
  });

  it('a list that could not load says why and never claims "No Results"', async () => {
    setWide(true);
    stubFetch({
      '/api/things': (call) => {
        if (call.query.status === 'open') throw new TypeError('Failed to fetch');
        return { body: { items: rows(2), next: null, total: 2 } };
      },
    });
    const { router } = renderAt('/things', <TestList />);
    expect(await screen.findByText('Row 2')).toBeInTheDocument();
    await router.navigate('/things?status=open');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(OFFLINE_MESSAGE);
    // Offline is the device's state, not a refused request: a warning, not an error.
    expect(alert).toHaveClass('alert-warning');
    expect(screen.queryByText('No Results')).not.toBeInTheDocument();
  });

  it('a list with totals of its own shows those, not a second count', async () => {
    setWide(true);
    stubFetch({ '/api/things': { body: { items: rows(1), next: null, total: 1 } } });
    renderAt('/things', <TestList summary />);
    expect(await screen.findByText('Own totals')).toBeInTheDocument();
    expect(screen.queryByText('1 result')).not.toBeInTheDocument();
  });

  it('on a phone folds the filters behind "Filters (n)", which shows and hides them', async () => {
    setWide(false);
    stubFetch({ '/api/things': { body: { items: rows(1), next: null, total: 1 } } });
    renderAt('/things?status=open&from=03%2F04%2F2026', <TestList />);
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Filters (2)' });
    const form = screen.getByRole('form', { name: 'Things filters', hidden: true });
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(form).toHaveClass('d-none');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(form).not.toHaveClass('d-none');
    await userEvent.click(toggle);
    expect(form).toHaveClass('d-none');
  });

  it('says "Filters" when none is set', async () => {
    setWide(false);
    stubFetch({ '/api/things': { body: { items: rows(1), next: null, total: 1 } } });
    renderAt('/things', <TestList />);
    expect(await screen.findByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a desktop shows the filters as they are, with no button', async () => {
    setWide(true);
    stubFetch({ '/api/things': { body: { items: rows(1), next: null, total: 1 } } });
    renderAt('/things?status=open', <TestList />);
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Things filters' })).not.toHaveClass('d-none');
  });
});
