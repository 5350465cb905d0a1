// The one field-history screen of every entity: object class, a back link, field / old / new / who / when, Load More.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { historyClassLabel } from '../../../shared/history-labels';
import { ListTable } from '../../ui';
import { useGrammar } from '../language-settings/grammar';
import { formatWhen, historyKey, loadHistory } from './history-api';

export type HistoryViewProps = {
  /** Path key of the history call: /api/history/{entity}/{id}. */
  entity: string;
  id: number | string;
  /** Object class of the record (the server's class when absent), shown by the name users know. */
  objectClass?: string;
  backTo: string;
  backText: string;
};

export function HistoryView({ entity, id, objectClass, backTo, backText }: HistoryViewProps) {
  const query = useInfiniteQuery({
    queryKey: historyKey(entity, id),
    queryFn: ({ pageParam, signal }) => loadHistory(entity, id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
  const first = query.data?.pages[0];
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const grammar = useGrammar();
  const objectClassName = objectClass ?? first?.objectClass;
  const label = objectClassName ? historyClassLabel(objectClassName, grammar) : '';
  // A settings page's title is its name ("SSO Settings"): shown once.
  const title = first?.title && first.title !== label ? first.title : '';
  return (
    <section className="sd-history" aria-labelledby="history-heading">
      <div className="sd-page-head">
        <div>
          <h1 id="history-heading" className="h4 mb-0">
            Field History
          </h1>
          <div className="text-body-secondary small" data-testid="object-class">
            {label}
            {label && title ? ': ' : ''}
            {title}
          </div>
        </div>
        <Link to={backTo} className="btn btn-sm btn-outline-secondary">
          <span aria-hidden="true">‹ </span>
          {backText}
        </Link>
      </div>
      {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
      {query.isError ? <Alert variant="danger">{query.error.message}</Alert> : null}
      {query.data ? (
        <ListTable>
          <table className="table table-sm table-hover align-middle sd-table sd-history-table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Old Value</th>
                <th scope="col">New Value</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {items.length === 0 ? (
                <tr>
                  <td colSpan={5} className="text-body-secondary">
                    No Results
                  </td>
                </tr>
              ) : (
                items.map((item) => (
                  <tr key={item.id}>
                    <td className="fw-medium">{item.fieldLabel}</td>
                    <td className="sd-history-value">{item.oldValue ?? ''}</td>
                    <td className="sd-history-value">{item.newValue ?? ''}</td>
                    <td>{item.actor?.label ?? ''}</td>
                    <td className="text-nowrap">{formatWhen(item.at)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </ListTable>
      ) : null}
      {query.hasNextPage ? (
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          Load More
        </Button>
      ) : null}
    </section>
  );
}
