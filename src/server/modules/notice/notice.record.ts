// The notice record (admin list, SPEC "Notice"): table and fields for the generic record service.
import { can } from '../../../shared/permissions.js';
import type { RecordDef } from '../../platform/records.js';

export const NOTICE: RecordDef = {
  key: 'notice',
  table: 'notices',
  objectClass: 'Notice',
  title: 't.title',
  canRead: (user) => can(user, 'notice', 'read'),
  fields: [
    { name: 'title', column: 'title', label: 'Title' },
    { name: 'body', column: 'body', label: 'Text' },
    { name: 'onReports', column: 'on_reports', label: 'Show on Reports', kind: 'bool' },
    { name: 'asBanner', column: 'as_banner', label: 'Show as a Banner', kind: 'bool' },
    { name: 'active', column: 'active', label: 'Active', kind: 'bool' },
  ],
};
