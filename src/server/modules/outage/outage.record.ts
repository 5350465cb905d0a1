// The outage record for the generic record service. Built per company time zone: records also present their start
// and end as form parts (date, time of day) there, and field history shows those times as staff read them.

import { wallClockOf } from '../../../shared/format/company-time.js';
import { can } from '../../../shared/permissions.js';
import { OUTAGE_STATUSES } from '../../../shared/schemas/outage.js';
import type { Presented, RecordDef } from '../../platform/records.js';
import { formatStamp } from '../../platform/stamp.js';

/** `{ <prefix>Date, <prefix>Time }` of an ISO timestamp in the zone, both null when there is none. */
export function formParts(
  prefix: 'start' | 'end',
  iso: unknown,
  timeZone: string,
): Record<string, string | null> {
  const wall = typeof iso === 'string' ? wallClockOf(new Date(iso), timeZone) : null;
  return { [`${prefix}Date`]: wall?.date ?? null, [`${prefix}Time`]: wall?.time ?? null };
}

export function outageRecord(timeZone: string): RecordDef {
  const stamp = (value: unknown) =>
    typeof value === 'string' ? formatStamp(new Date(value), timeZone) : null;
  return {
    key: 'outage',
    table: 'outages',
    objectClass: 'Outage',
    title: 't.title',
    canRead: (user) => can(user, 'outage', 'read'),
    fields: [
      {
        name: 'outageType',
        column: 'outage_type_id',
        label: 'Outage Type',
        kind: 'ref',
        ref: { table: 'outage_types', label: '$.name' },
      },
      {
        name: 'organization',
        column: 'organization_id',
        label: 'Organization',
        kind: 'ref',
        ref: { table: 'organizations', label: '$.name' },
      },
      { name: 'title', column: 'title', label: 'Title' },
      { name: 'description', column: 'description', label: 'Description' },
      { name: 'startsAt', column: 'starts_at', label: 'Start', kind: 'timestamp', display: stamp },
      { name: 'endsAt', column: 'ends_at', label: 'End', kind: 'timestamp', display: stamp },
      { name: 'status', column: 'status', label: 'Status', kind: 'code', codes: OUTAGE_STATUSES },
      {
        name: 'assignedTo',
        column: 'assigned_to_id',
        label: 'Assigned To',
        kind: 'ref',
        ref: { table: 'users', label: "$.first_name || ' ' || $.last_name" },
      },
    ],
    present: (record: Presented) => ({
      ...record,
      ...formParts('start', record.startsAt, timeZone),
      ...formParts('end', record.endsAt, timeZone),
    }),
  };
}
