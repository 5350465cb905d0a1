// An agreement's documents: the list, a document's basics (with its file) and its field history, in both the
// top-level and the organization's agreement tree.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { activityKey } from '../activity/activity-timeline';
import { DocumentBasics } from '../documents/document-basics';
import { DocumentList } from '../documents/document-list';
import { HistoryView } from '../history/history-view';
import { AgreementHeader } from './agreement-header';
import { type AgreementPlace, agreementPath, useAgreementPlace } from './agreement-paths';

const documentsApi = (place: AgreementPlace) => `/api/manage/agreement/${place.agreementId}/document`;

export function AgreementDocumentsPage() {
  const place = useAgreementPlace();
  return (
    <DocumentList
      api={documentsApi(place)}
      entityKey="agreementDocument"
      heading={<AgreementHeader place={place} title="Documents" />}
      documentPath={(documentId) => agreementPath(place, 'document', { documentId })}
    />
  );
}

export function AgreementDocumentBasicsPage() {
  const place = useAgreementPlace();
  const documentId = useParams().documentId ?? 'create';
  const queryClient = useQueryClient();
  // A document change is an entry of the agreement's activity timeline.
  const changed = useCallback(() => {
    void queryClient.invalidateQueries({
      queryKey: activityKey(`/api/manage/agreement/${place.agreementId}/activity`),
    });
  }, [queryClient, place.agreementId]);
  return (
    <DocumentBasics
      api={documentsApi(place)}
      entityKey="agreementDocument"
      historyKey="agreementDocument"
      id={documentId}
      savedPath={(id) => agreementPath(place, 'document', { documentId: id })}
      cancelPath={agreementPath(place, 'documents')}
      historyPath={(id) => agreementPath(place, 'documentHistory', { documentId: id })}
      onChanged={changed}
      headerExtra={<AgreementHeader place={place} title="Document" withTitle={false} child />}
    />
  );
}

export function AgreementDocumentHistoryPage() {
  const place = useAgreementPlace();
  const documentId = useParams().documentId ?? '';
  return (
    <>
      <AgreementHeader place={place} title="Document" />
      <HistoryView
        entity="agreementDocument"
        id={documentId}
        objectClass="AgreementDocument"
        backTo={agreementPath(place, 'document', { documentId })}
        backText="Document"
      />
    </>
  );
}
