// The required upload record (admin list; SPEC "ReportNotice", a report notice): table and fields for the generic
// record service.
import { can } from '../../../shared/permissions.js';
import { CLIENT_FILTERS } from '../../../shared/schemas/organization.js';
import {
  FREQUENCIES,
  REQUIRED_UPLOAD_REPORTS,
  requiredUploadRecord,
  UPLOADED_BY_HAND,
} from '../../../shared/schemas/required-upload.js';
import { notices, reportNotices } from '../../db/schema/reports.js';
import { defineRecord } from '../../platform/records.js';

const label = (value: unknown) =>
  value && typeof value === 'object' && 'label' in value ? String(value.label) : null;

export const REQUIRED_UPLOAD = defineRecord({
  key: 'required-upload',
  table: reportNotices,
  objectClass: 'ReportNotice',
  schema: requiredUploadRecord,
  title: 't.name',
  canRead: (user) => can(user, 'required-upload', 'read'),
  fields: [
    { name: 'name', column: reportNotices.name, label: 'Name' },
    { name: 'description', column: reportNotices.description, label: 'Description' },
    {
      name: 'report',
      column: reportNotices.report,
      label: 'Report',
      kind: 'code',
      codes: REQUIRED_UPLOAD_REPORTS,
      // No report is a choice of its own: history says so rather than showing a blank.
      display: (value) => label(value) ?? UPLOADED_BY_HAND,
    },
    {
      name: 'frequency',
      column: reportNotices.frequency,
      label: 'Frequency',
      kind: 'code',
      codes: FREQUENCIES,
    },
    { name: 'clients', column: reportNotices.clients, label: 'Clients', kind: 'code', codes: CLIENT_FILTERS },
    {
      name: 'notice',
      column: reportNotices.noticeId,
      label: 'Notice',
      kind: 'ref',
      ref: { table: notices, label: '$.title' },
    },
    { name: 'active', column: reportNotices.active, label: 'Active', kind: 'bool' },
  ],
});
