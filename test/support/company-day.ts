// The company's calendar day in journeys: the daily panel, timers and the one-line entry save on the day of the
// server's time zone (SPEC §4), which differs from the test machine's own day between the two midnights.

import { DEFAULT_TIME_ZONE } from '../../src/server/config';
import { wallParts } from '../../src/shared/format/wall-clock';

export type CompanyDay = {
  /** yyyy-MM-dd, as the database and factories take it. */
  iso: string;
  /** MM/dd/yyyy, as typed and shown (SPEC §9). */
  display: string;
  /** MMddyyyy, as in addresses such as /api/manage/slip/summary/{date}. */
  path: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The company's today, moved by `offset` calendar days (-1 = yesterday). */
export function companyDay(
  offset = 0,
  timeZone = process.env.SD6_TIMEZONE || DEFAULT_TIME_ZONE,
  now = new Date(),
): CompanyDay {
  const { year, month, day } = wallParts(now.getTime(), timeZone);
  const d = new Date(Date.UTC(year, month - 1, day + offset));
  const [y, m, dd] = [d.getUTCFullYear(), pad(d.getUTCMonth() + 1), pad(d.getUTCDate())];
  return { iso: `${y}-${m}-${dd}`, display: `${m}/${dd}/${y}`, path: `${m}${dd}${y}` };
}
