// Devices and users billed, one definition for every report (User & Device Counts, Annual Update): the quantities of
// the services billed per device and per user that are in force today on open agreements — what the agreements
// charge for, to set beside the devices and users counted from the RMM data. Null when no such service is in force
// (the agreement does not bill that way), so "more devices than billed" never flags a fixed-fee agreement.
import { inForce } from '../../agreement/index.js';
import { dateLiteral } from './plan.js';

/** Quantities as numbers (numeric comes back as text); null stays null. */
export const billedNumber = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * A LATERAL of one row, devices_billed and users_billed, over the open agreements (alias `ba`) that `agreements`
 * selects ("ba.id = a.id" for one agreement, "ba.organization_id = o.id" for an organization's), seen on `today`.
 */
export function billedUnitsSql(today: string, agreements: string): string {
  const per = (unit: 'DEVICE' | 'USER') => `sum(s.quantity) FILTER (WHERE st.billed_per = '${unit}')`;
  return `SELECT ${per('DEVICE')} AS devices_billed, ${per('USER')} AS users_billed
            FROM agreements ba
            JOIN agreement_services s ON s.agreement_id = ba.id
            JOIN service_types st ON st.id = s.service_type_id
           WHERE ba.status = 'OPEN' AND (${agreements}) AND ${inForce(dateLiteral(today), 'ba')}`;
}
