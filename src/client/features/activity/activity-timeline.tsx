// The activity timeline of a record (an agreement, an opportunity): newest first (what happened and the notes),
// who and when, Load More, and a note anyone who may change the record can add.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import { type Activity, activityNoteForm } from '../../../shared/schemas/activity';
import type { ListPage } from '../../../shared/schemas/common';
import { apiGet, apiPost, isApiError } from '../../api/http';
import { TextArea } from '../../ui';
import { formatWhen } from '../history/history-api';

const PAGE = 25;

/** The query key of a timeline, to refresh it after a change elsewhere on the record. */
export const activityKey = (apiPath: string) => ['activity', apiPath];

function NoteForm({ apiPath }: { apiPath: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: (body: { text: string }) => apiPost<{ activity: Activity }>(apiPath, body),
    onSuccess: () => {
      setText('');
      setErrors([]);
      void queryClient.invalidateQueries({ queryKey: activityKey(apiPath) });
    },
    onError: (error) =>
      setErrors(isApiError(error) ? (error.fields.text ?? [error.message]) : ['Invalid request']),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = activityNoteForm.safeParse({ text });
    if (!checked.success) {
      setErrors(checked.error.issues.map((i) => i.message));
      return;
    }
    add.mutate(checked.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Note" className="mb-3">
      <TextArea
        label="Add a note"
        name="note"
        value={text}
        onChange={(v) => {
          setText(v);
          setErrors([]);
        }}
        errors={errors}
        rows={2}
      />
      <Button type="submit" size="sm" disabled={add.isPending}>
        Add Note
      </Button>
    </form>
  );
}

/** `apiPath`: the record's activity route, e.g. /api/manage/agreement/12/activity. */
export function ActivityTimeline({ apiPath }: { apiPath: string }) {
  const query = useInfiniteQuery({
    queryKey: activityKey(apiPath),
    queryFn: ({ pageParam, signal }) =>
      apiGet<ListPage<Activity>>(apiPath, {
        signal,
        query: { limit: PAGE, ...(pageParam ? { after: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card className="sd-card">
      <Card.Body>
        <NoteForm apiPath={apiPath} />
        {query.isPending ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : null}
        {query.isError ? <Alert variant="danger">{query.error.message}</Alert> : null}
        {query.data && items.length === 0 ? <p className="text-body-secondary">No Results</p> : null}
        <ol className="list-unstyled sd-timeline mb-0" aria-label="Activity">
          {items.map((a) => (
            <li key={a.id} className="border-start border-3 ps-3 pb-3">
              <div className="small text-body-secondary">
                <Badge bg={a.kind.value === 'NOTE' ? 'info' : 'secondary'} className="me-2">
                  {a.kind.label}
                </Badge>
                {formatWhen(a.at)}
                {a.actor ? ` · ${a.actor.label}` : ''}
              </div>
              <div className="sd-pre-line">{a.text}</div>
            </li>
          ))}
        </ol>
        {query.hasNextPage ? (
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            Load More
          </Button>
        ) : null}
      </Card.Body>
    </Card>
  );
}
