// An opportunity's activity: the shared timeline (created, stage changes, proposals, documents, won and notes)
// under the opportunity's header.
import { ActivityTimeline } from '../activity/activity-timeline';
import { OpportunityHeader } from './opportunity-header';
import { useOpportunityPlace } from './opportunity-paths';

export function OpportunityActivityPage() {
  const place = useOpportunityPlace();
  return (
    <>
      <OpportunityHeader place={place} title="Activity" />
      <ActivityTimeline apiPath={`/api/manage/opportunity/${place.opportunityId}/activity`} />
    </>
  );
}
