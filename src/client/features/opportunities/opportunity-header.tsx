// The header every screen of an opportunity's tree shares: number and title, organization, stage and outcome, the
// amount and its probability-weighted value, and the tabs (Basics, Proposals, Documents, Activity).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { pathFor } from '../../../shared/routes';
import type { Option } from '../../../shared/schemas/common';
import { loadEntity } from '../../api/entity';
import { RouteTabs } from '../../ui/route-tabs';
import { activityKey } from '../activity/activity-timeline';
import { ParentOf, ParentTitle } from '../records/parent-title';
import { type OpportunityPlace, type OpportunityScreen, opportunityPath } from './opportunity-paths';

/** What the header shows of an opportunity (its record as GET /api/manage/opportunity/{id} answers it). */
export type OpportunitySummary = {
  id: number;
  version: number;
  number: string;
  title: string;
  organization: Option | null;
  stage: Option | null;
  /** OPEN, WON or LOST (the stage's outcome). */
  outcome: Option;
  amount: string;
  probability: number;
  /** amount × probability / 100, to the cent. */
  weighted: string;
  /** The agreement a won opportunity became. */
  agreement: Option | null;
};

const TABS: { label: string; screen: OpportunityScreen }[] = [
  { label: 'Basics', screen: 'basics' },
  { label: 'Proposals', screen: 'proposals' },
  { label: 'Documents', screen: 'documents' },
  { label: 'Activity', screen: 'activities' },
];

export const opportunityKey = (id: string) => ['record', '/api/manage/opportunity', id] as const;

/** After a change below an opportunity: its record, timeline and lists load again. */
export function useOpportunityChanged(opportunityId: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [
      opportunityKey(opportunityId),
      activityKey(`/api/manage/opportunity/${opportunityId}/activity`),
      ['proposal'],
      ['opportunity'],
    ])
      void queryClient.invalidateQueries({ queryKey: key });
  };
}

export function useOpportunity(id: string) {
  return useQuery({
    // The basics screen's own key: the header and the form share one GET.
    queryKey: opportunityKey(id),
    queryFn: ({ signal }) =>
      loadEntity<OpportunitySummary>(`/api/manage/opportunity/${encodeURIComponent(id)}`, 'opportunity', {
        signal,
      }),
    enabled: id !== 'create' && id !== '',
    staleTime: 30_000,
  });
}

const OUTCOME_BADGE: Record<string, string> = { OPEN: 'primary', WON: 'success', LOST: 'secondary' };

export function OpportunityTabs({ place }: { place: OpportunityPlace }) {
  return (
    <RouteTabs
      label="Opportunity"
      tabs={TABS.map((t) => ({ label: t.label, to: opportunityPath(place, t.screen) }))}
    />
  );
}

/** Title block + figures + tabs, for every screen below an opportunity (basics may pass withTitle={false}). */
export function OpportunityHeader({
  place,
  title,
  withTitle = true,
  child = false,
}: {
  place: OpportunityPlace;
  /** The screen's name (e.g. "Proposals"); the opportunity's number and title follow it. */
  title: string;
  withTitle?: boolean;
  /** A child record's screen (its own title above): names the opportunity it belongs to. */
  child?: boolean;
}) {
  const opportunity = useOpportunity(place.opportunityId).data?.entity;
  const basicsPath = opportunityPath(place, 'basics');
  const badge = opportunity?.stage ? (
    <Badge bg={OUTCOME_BADGE[opportunity.outcome.value] ?? 'secondary'} className="ms-2">
      {opportunity.stage.label}
    </Badge>
  ) : null;
  return (
    <>
      {withTitle ? (
        <ParentTitle title={title} record={opportunity} basicsPath={basicsPath} badge={badge} />
      ) : null}
      {child ? (
        <ParentOf kind="Opportunity" record={opportunity} basicsPath={basicsPath} badge={badge} />
      ) : null}
      {place.opportunityId !== 'create' ? (
        <>
          {opportunity ? (
            <section className="d-flex flex-wrap gap-4 mb-2" aria-label="Opportunity figures">
              <div>
                <div className="text-body-secondary small">Amount</div>
                <div className="fs-5 fw-semibold" data-testid="opportunity-amount">
                  {formatMoney(opportunity.amount)}
                </div>
              </div>
              <div>
                <div className="text-body-secondary small">Weighted ({opportunity.probability}%)</div>
                <div className="fs-5 fw-semibold" data-testid="opportunity-weighted">
                  {formatMoney(opportunity.weighted)}
                </div>
              </div>
              {opportunity.agreement ? (
                <div>
                  <div className="text-body-secondary small">Agreement</div>
                  <div className="fs-5 fw-semibold">
                    <Link to={pathFor('agreement_basics', { id: opportunity.agreement.value })}>
                      {opportunity.agreement.label}
                    </Link>
                  </div>
                </div>
              ) : null}
            </section>
          ) : null}
          <OpportunityTabs place={place} />
        </>
      ) : null}
    </>
  );
}
