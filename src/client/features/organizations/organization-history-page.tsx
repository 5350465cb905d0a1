// /manage/organization/:id/history: field history of an organization.
import { useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { HistoryView } from '../history/history-view';

export function OrganizationHistoryPage() {
  const id = useParams().id ?? '';
  return (
    <HistoryView
      entity="organization"
      id={id}
      objectClass="Organization"
      backTo={pathFor('organization_basics', { id })}
      backText="Basics"
    />
  );
}
