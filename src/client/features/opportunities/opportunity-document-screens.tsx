// An opportunity's documents: the list, a document's basics (with its file) and its field history, in both the
// top-level and the organization's opportunity tree.
import { useParams } from 'react-router';
import { DocumentBasics } from '../documents/document-basics';
import { DocumentList } from '../documents/document-list';
import { HistoryView } from '../history/history-view';
import { OpportunityHeader, useOpportunityChanged } from './opportunity-header';
import { type OpportunityPlace, opportunityPath, useOpportunityPlace } from './opportunity-paths';

const documentsApi = (place: OpportunityPlace) => `/api/manage/opportunity/${place.opportunityId}/document`;

export function OpportunityDocumentsPage() {
  const place = useOpportunityPlace();
  return (
    <DocumentList
      api={documentsApi(place)}
      entityKey="opportunityDocument"
      heading={<OpportunityHeader place={place} title="Documents" />}
      documentPath={(documentId) => opportunityPath(place, 'document', { documentId })}
    />
  );
}

export function OpportunityDocumentBasicsPage() {
  const place = useOpportunityPlace();
  const documentId = useParams().documentId ?? 'create';
  // A document change is an entry of the opportunity's activity timeline.
  const changed = useOpportunityChanged(place.opportunityId);
  return (
    <DocumentBasics
      api={documentsApi(place)}
      entityKey="opportunityDocument"
      historyKey="opportunityDocument"
      id={documentId}
      savedPath={(id) => opportunityPath(place, 'document', { documentId: id })}
      cancelPath={opportunityPath(place, 'documents')}
      historyPath={(id) => opportunityPath(place, 'documentHistory', { documentId: id })}
      onChanged={changed}
      headerExtra={<OpportunityHeader place={place} title="Document" withTitle={false} child />}
    />
  );
}

export function OpportunityDocumentHistoryPage() {
  const place = useOpportunityPlace();
  const documentId = useParams().documentId ?? '';
  return (
    <>
      <OpportunityHeader place={place} title="Document" />
      <HistoryView
        entity="opportunityDocument"
        id={documentId}
        objectClass="OpportunityDocument"
        backTo={opportunityPath(place, 'document', { documentId })}
        backText="Document"
      />
    </>
  );
}
