// An agreement's activity: its timeline newest first (created, status, services, amendments, documents and notes),
// who and when, Load More, and a note anyone can add.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Spinner } from 'react-bootstrap';
import { type Activity, activityNoteForm } from '../../../shared/schemas/agreement';
import type { ListPage } from '../../../shared/schemas/common';
import { apiGet, apiPost, isApiError } from '../../api/http';
import { TextArea } from '../../ui';
import { formatWhen } from '../history/history-api';
import { AgreementHeader } from './agreement-header';
import { useAgreementPlace } from './agreement-paths';

const PAGE = 25;

function NoteForm({ agreementId }: { agreementId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: (body: { text: string }) =>
      apiPost<{ activity: Activity }>(`/api/manage/agreement/${agreementId}/activity`, body),
    onSuccess: () => {
      setText('');
      setErrors([]);
      void queryClient.invalidateQueries({ queryKey: ['agreement-activity', agreementId] });
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

export function ActivityPage() {
  const place = useAgreementPlace();
  const query = useInfiniteQuery({
    queryKey: ['agreement-activity', place.agreementId],
    queryFn: ({ pageParam, signal }) =>
      apiGet<ListPage<Activity>>(`/api/manage/agreement/${place.agreementId}/activity`, {
        signal,
        query: { limit: PAGE, ...(pageParam ? { after: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 0,
  });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <AgreementHeader place={place} title="Activity" />
      <Card className="sd-card">
        <Card.Body>
          <NoteForm agreementId={place.agreementId} />
          {query.isPending ? (
            <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
          ) : null}
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
    </>
  );
}
