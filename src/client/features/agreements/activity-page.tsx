// An agreement's activity: the shared timeline (created, status, services, amendments, documents and notes) under
// the agreement's header.
import { ActivityTimeline } from '../activity/activity-timeline';
import { AgreementHeader } from './agreement-header';
import { useAgreementPlace } from './agreement-paths';

export function ActivityPage() {
  const place = useAgreementPlace();
  return (
    <>
      <AgreementHeader place={place} title="Activity" />
      <ActivityTimeline apiPath={`/api/manage/agreement/${place.agreementId}/activity`} />
    </>
  );
}
