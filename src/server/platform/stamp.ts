// "Changed by NAME at TIME" texts, with times in the company time zone.
import { formatStamp } from '../../shared/format/stamp.js';

export { formatStamp };

export function changedByMessage(name: string | null, at: Date, timeZone: string): string {
  return `This record was changed by ${name ?? 'someone else'} at ${formatStamp(at, timeZone)}`;
}
