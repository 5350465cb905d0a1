// /admin/staff: search, active filter (all / 1 Active / 2 Inactive) and Load More; rows open the basics screen.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Spinner } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { ROLE_LABELS } from '../../../shared/schemas/user';
import { ListTable, Select, TextInput } from '../../ui';
import { TEXT_SEARCH_DEBOUNCE_MS, useDebounced } from '../../ui/use-debounced';
import { ACTIVE_FILTERS, type ActiveFilter, listStaff } from './staff-api';

function activeFrom(raw: string | null): ActiveFilter {
  return raw === 'all' || raw === '2' ? raw : '1';
}

export function StaffListPage() {
  const [params, setParams] = useSearchParams();
  const active = activeFrom(params.get('active'));
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text, TEXT_SEARCH_DEBOUNCE_MS);

  // The filters live in the address, so Back returns to the same list.
  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q.trim()) next.set('q', q.trim());
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [q, setParams]);

  const list = useInfiniteQuery({
    queryKey: ['staff-list', { q: q.trim(), active }],
    queryFn: ({ pageParam, signal }) => listStaff({ q, active }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <>
      <div className="sd-page-head">
        <h1 className="h4 mb-0">Staff</h1>
        <Link to={pathFor('staff_basics', { id: 'create' })} className="btn btn-sm btn-primary">
          New Staff Member
        </Link>
      </div>
      <form
        className="row g-2 align-items-end sd-filters"
        onSubmit={(e) => e.preventDefault()}
        aria-label="Staff filters"
      >
        <div className="col-sm-7 col-md-5 col-xl-4">
          <TextInput
            label="Search"
            name="q"
            type="search"
            inputMode="search"
            placeholder="Name, email or short code"
            value={text}
            onChange={setText}
            className="mb-0"
          />
        </div>
        <div className="col-sm-5 col-md-3 col-xl-2">
          <Select
            label="Status"
            name="active"
            options={ACTIVE_FILTERS}
            placeholder="All"
            value={active === 'all' ? null : active}
            onChange={(v) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.set('active', v === null ? 'all' : String(v));
                  return next;
                },
                { replace: true, preventScrollReset: true },
              )
            }
            className="mb-0"
          />
        </div>
      </form>
      {list.isError ? <Alert variant="danger">{list.error.message}</Alert> : null}
      <ListTable>
        <table className="table table-sm table-hover align-middle sd-table" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col" className="d-none d-md-table-cell">
                Short Code
              </th>
              <th scope="col" className="d-none d-md-table-cell">
                Roles
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {list.isPending ? (
              <tr>
                <td colSpan={5}>
                  <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="text-body-secondary">
                  No Results
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className={row.active ? undefined : 'sd-row-inactive'}>
                  <td>
                    <Link to={pathFor('staff_basics', { id: row.id })}>{row.name}</Link>
                  </td>
                  <td>{row.email}</td>
                  <td className="d-none d-md-table-cell">{row.shortCode}</td>
                  <td className="d-none d-md-table-cell">
                    {row.roles.map((r) => ROLE_LABELS[r] ?? r).join(', ')}
                  </td>
                  <td className="text-nowrap">
                    {row.active ? 'Active' : 'Inactive'}
                    {row.locked ? (
                      <Badge bg="danger" className="ms-2">
                        Locked
                      </Badge>
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ListTable>
      {list.hasNextPage ? (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          Load More
        </Button>
      ) : null}
    </>
  );
}
