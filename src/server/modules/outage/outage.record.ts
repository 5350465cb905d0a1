// The outage record for the generic record service. Built per company time zone: records also present their start
// and end as form parts (date, time of day) there, and field history shows those times as staff read them.

import { wallClockOf } from '../../../shared/format/company-time.js';
import { can } from '../../../shared/permissions.js';
import {
  OUTAGE_STATUSES,
  type OutageRecord,
  outageRecord as outageSchema,
} from '../../../shared/schemas/outage.js';
import { organizations, outages, outageTypes } from '../../db/schema/inventory.js';
import { users } from '../../db/schema/staff.js';
import { defineRecord, type RecordDef } from '../../platform/records.js';
import { formatStamp } from '../../platform/stamp.js';

/** The wall-clock date and time of day of an ISO timestamp in the zone, both null when there is none. */
function wallParts(iso: unknown, timeZone: string): { date: string | null; time: string | null } {
  const wall = typeof iso === 'string' ? wallClockOf(new Date(iso), timeZone) : null;
  return { date: wall?.date ?? null, time: wall?.time ?? null };
}

/** `{ <prefix>Date, <prefix>Time }` of an ISO timestamp in the zone, both null when there is none. */
export function formParts(
  prefix: 'start' | 'end',
  iso: unknown,
  timeZone: string,
): Record<string, string | null> {
  const wall = wallParts(iso, timeZone);
  return { [`${prefix}Date`]: wall.date, [`${prefix}Time`]: wall.time };
}

export function outageRecord(timeZone: string): RecordDef<OutageRecord> {
  const stamp = (value: unknown) =>
    typeof value === 'string' ? formatStamp(new Date(value), timeZone) : null;
  return defineRecord({
    key: 'outage',
    table: outages,
    objectClass: 'Outage',
    schema: outageSchema,
    title: 't.title',
    canRead: (user) => can(user, 'outage', 'read'),
    fields: [
      {
        name: 'outageType',
        column: outages.outageTypeId,
        label: 'Outage Type',
        kind: 'ref',
        ref: { table: outageTypes, label: '$.name' },
      },
      {
        name: 'organization',
        column: outages.organizationId,
        label: 'Organization',
        kind: 'ref',
        ref: { table: organizations, label: '$.name' },
      },
      { name: 'title', column: outages.title, label: 'Title' },
      { name: 'description', column: outages.description, label: 'Description' },
      { name: 'startsAt', column: outages.startsAt, label: 'Start', kind: 'timestamp', display: stamp },
      { name: 'endsAt', column: outages.endsAt, label: 'End', kind: 'timestamp', display: stamp },
      { name: 'status', column: outages.status, label: 'Status', kind: 'code', codes: OUTAGE_STATUSES },
      {
        name: 'assignedTo',
        column: outages.assignedToId,
        label: 'Assigned To',
        kind: 'ref',
        ref: { table: users, label: "$.first_name || ' ' || $.last_name" },
      },
    ],
    present: (record) => {
      const start = wallParts(record.startsAt, timeZone);
      const end = wallParts(record.endsAt, timeZone);
      return {
        ...record,
        startDate: start.date,
        startTime: start.time,
        endDate: end.date,
        endTime: end.time,
      };
    },
  });
}
