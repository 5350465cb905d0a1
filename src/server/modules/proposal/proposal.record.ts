// The proposal record (a quote of an opportunity): table, fields and references for the record service. Its lines
// live in proposal_lines (proposal-lines.ts) and reach field history as one "Lines" summary.
import { can } from '../../../shared/permissions.js';
import { PROPOSAL_STATUSES } from '../../../shared/schemas/opportunity.js';
import type { RecordDef } from '../../platform/records.js';
import { richTextPlain } from '../../platform/rich-text.js';

export const PROPOSAL: RecordDef = {
  key: 'proposal',
  table: 'proposals',
  objectClass: 'Proposal',
  title: "t.number || ' ' || t.title",
  canRead: (user) => can(user, 'proposal', 'read'),
  historyLabels: { lines: 'Lines' },
  fields: [
    {
      name: 'opportunity',
      column: 'opportunity_id',
      label: 'Opportunity',
      kind: 'ref',
      ref: { table: 'opportunities', label: "$.number || ' ' || $.title" },
      history: false,
    },
    { name: 'number', column: 'number', label: 'Number' },
    { name: 'title', column: 'title', label: 'Title' },
    { name: 'status', column: 'status', label: 'Status', kind: 'code', codes: PROPOSAL_STATUSES },
    { name: 'validUntil', column: 'valid_until', label: 'Valid Until', kind: 'date' },
    // History keeps the words, not the markup.
    {
      name: 'terms',
      column: 'terms',
      label: 'Terms',
      display: (v) => (typeof v === 'string' ? richTextPlain(v) || null : null),
    },
    {
      name: 'copiedFrom',
      column: 'copied_from_id',
      label: 'Copied From',
      kind: 'ref',
      ref: { table: 'proposals', label: '$.number' },
      // Set once, when a copy is created (proposalCopyId).
      writable: false,
    },
  ],
};
