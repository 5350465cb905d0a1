// /admin/staff/:id/history: field history of a staff member (entity User, key "user").
import { useParams } from 'react-router';
import { pathFor } from '../../../shared/routes';
import { HistoryView } from '../history/history-view';
import { StaffTabs } from './staff-tabs';

export function StaffHistoryPage() {
  const id = useParams().id ?? '';
  return (
    <>
      <StaffTabs id={id} />
      <HistoryView
        entity="user"
        id={id}
        objectClass="User"
        backTo={pathFor('staff_basics', { id })}
        backText="Staff Member"
      />
    </>
  );
}
