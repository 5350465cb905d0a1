// The notice record (admin list, SPEC "Notice"): table and fields for the generic record service.
import { can } from '../../../shared/permissions.js';
import { noticeRecord } from '../../../shared/schemas/notice.js';
import { notices } from '../../db/schema/reports.js';
import { defineRecord } from '../../platform/records.js';

export const NOTICE = defineRecord({
  key: 'notice',
  table: notices,
  objectClass: 'Notice',
  schema: noticeRecord,
  title: 't.title',
  canRead: (user) => can(user, 'notice', 'read'),
  fields: [
    { name: 'title', column: notices.title, label: 'Title' },
    { name: 'body', column: notices.body, label: 'Text' },
    { name: 'onReports', column: notices.onReports, label: 'Show on Reports', kind: 'bool' },
    { name: 'asBanner', column: notices.asBanner, label: 'Show as a Banner', kind: 'bool' },
    { name: 'active', column: notices.active, label: 'Active', kind: 'bool' },
  ],
});
