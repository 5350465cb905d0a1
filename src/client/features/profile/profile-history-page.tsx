// /profile/history: the field history of the current user's own record.
import { useQuery } from '@tanstack/react-query';
import { pathFor } from '../../../shared/routes';
import { profileQuery } from '../../api/profile';
import { HistoryView } from '../history/history-view';

export function ProfileHistoryPage() {
  const { data: profile } = useQuery(profileQuery);
  if (!profile) return null;
  return (
    <HistoryView
      entity="user"
      id={profile.id}
      objectClass="User"
      backTo={pathFor('profile')}
      backText="Profile"
    />
  );
}
