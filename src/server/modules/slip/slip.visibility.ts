// Who sees what of a slip (README "Permissions"): every signed-in user sees its time and description (cases are
// shared work); its rate multiplier is billing data, seen by its own user and by administrators only — the same
// rule as the weekly summary, which shows no rates at all.
import type { Slip } from '../../../shared/schemas/slip.js';
import type { AuthUser } from '../../platform/auth.js';

export const seesRate = (viewer: Pick<AuthUser, 'id' | 'isAdmin'>, slipUserId: number) =>
  viewer.isAdmin || viewer.id === slipUserId;

/** The slip as this viewer may see it. */
export function slipForViewer(slip: Slip, viewer: Pick<AuthUser, 'id' | 'isAdmin'>): Slip {
  return seesRate(viewer, Number(slip.user.value)) ? slip : { ...slip, rateMultiplier: null };
}
