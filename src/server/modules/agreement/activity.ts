// The agreement's activity timeline (the shared timeline piece over `activities`, the rows of an agreement).
import type { ActivityKind } from '../../../shared/schemas/activity.js';
import { activityLog } from '../../platform/activity.js';
import type { Queryable } from '../../platform/records.js';

export const AGREEMENT_ACTIVITY = activityLog('agreement_id', 'agreements');

export function addActivity(
  tx: Queryable,
  entry: { agreementId: number; kind: ActivityKind; text: string; actorId: number | null },
): Promise<void> {
  return AGREEMENT_ACTIVITY.add(tx, { ...entry, parentId: entry.agreementId });
}
