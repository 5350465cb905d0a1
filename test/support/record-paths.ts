// Where each kind of record's generic routes live (platform/record-routes.ts): `{agreement}` and `{opportunity}`
// stand for a parent the test made.
import type { RecordKind } from '../../src/shared/permissions.js';

export const RECORD_PATHS: Record<RecordKind, string> = {
  organization: '/api/manage/organization',
  person: '/api/manage/person',
  equipment: '/api/manage/equipment',
  software: '/api/manage/software',
  system: '/api/manage/system',
  outage: '/api/manage/outage',
  case: '/api/manage/case',
  task: '/api/manage/task',
  department: '/api/admin/department',
  'bucket-category': '/api/admin/bucket',
  'device-category': '/api/admin/device-category',
  'outage-type': '/api/admin/outage-type',
  agreement: '/api/manage/agreement',
  agreementService: '/api/manage/agreement/{agreement}/service',
  amendment: '/api/manage/agreement/{agreement}/amendment',
  agreementDocument: '/api/manage/agreement/{agreement}/document',
  opportunity: '/api/manage/opportunity',
  proposal: '/api/manage/opportunity/{opportunity}/proposal',
  opportunityDocument: '/api/manage/opportunity/{opportunity}/document',
  amendmentType: '/api/admin/amendment-type',
  serviceType: '/api/admin/service-type',
  notice: '/api/admin/notice',
  'required-upload': '/api/admin/required-upload',
};

/** The path with its parents filled in. */
export const recordPath = (kind: RecordKind, parents: { agreement: number; opportunity: number }) =>
  RECORD_PATHS[kind]
    .replace('{agreement}', String(parents.agreement))
    .replace('{opportunity}', String(parents.opportunity));
