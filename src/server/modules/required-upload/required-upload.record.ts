// The required upload record (admin list; SPEC "ReportNotice", a report notice): table and fields for the generic
// record service.
import { can } from '../../../shared/permissions.js';
import { CLIENT_FILTERS } from '../../../shared/schemas/organization.js';
import {
  FREQUENCIES,
  REQUIRED_UPLOAD_REPORTS,
  UPLOADED_BY_HAND,
} from '../../../shared/schemas/required-upload.js';
import type { RecordDef } from '../../platform/records.js';

const label = (value: unknown) =>
  value && typeof value === 'object' && 'label' in value ? String(value.label) : null;

export const REQUIRED_UPLOAD: RecordDef = {
  key: 'required-upload',
  table: 'report_notices',
  objectClass: 'ReportNotice',
  title: 't.name',
  canRead: (user) => can(user, 'required-upload', 'read'),
  fields: [
    { name: 'name', column: 'name', label: 'Name' },
    { name: 'description', column: 'description', label: 'Description' },
    {
      name: 'report',
      column: 'report',
      label: 'Report',
      kind: 'code',
      codes: REQUIRED_UPLOAD_REPORTS,
      // No report is a choice of its own: history says so rather than showing a blank.
      display: (value) => label(value) ?? UPLOADED_BY_HAND,
    },
    { name: 'frequency', column: 'frequency', label: 'Frequency', kind: 'code', codes: FREQUENCIES },
    { name: 'clients', column: 'clients', label: 'Clients', kind: 'code', codes: CLIENT_FILTERS },
    {
      name: 'notice',
      column: 'notice_id',
      label: 'Notice',
      kind: 'ref',
      ref: { table: 'notices', label: '$.title' },
    },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
