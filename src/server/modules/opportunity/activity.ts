// The opportunity's activity timeline (the shared timeline piece over `activities`, the rows of an opportunity): created, stage
// changes, proposals, documents, won, and notes.
import type { ActivityKind } from '../../../shared/schemas/activity.js';
import { activityLog } from '../../platform/activity.js';
import type { Queryable } from '../../platform/records.js';

export const OPPORTUNITY_ACTIVITY = activityLog('opportunity_id', 'opportunities');

export function addOpportunityActivity(
  tx: Queryable,
  entry: { opportunityId: number; kind: ActivityKind; text: string; actorId: number | null },
): Promise<void> {
  return OPPORTUNITY_ACTIVITY.add(tx, { ...entry, parentId: entry.opportunityId });
}
