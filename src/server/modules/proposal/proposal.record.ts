// The proposal record (a quote of an opportunity): table, fields and references for the record service. Its lines
// live in proposal_lines (proposal-lines.ts) and reach field history as one "Lines" summary.
import { can } from '../../../shared/permissions.js';
import { PROPOSAL_STATUSES, proposalRecord } from '../../../shared/schemas/opportunity.js';
import { opportunities, proposals } from '../../db/schema/sales.js';
import { defineRecord } from '../../platform/records.js';
import { richTextPlain } from '../../platform/rich-text.js';

export const PROPOSAL = defineRecord({
  key: 'proposal',
  table: proposals,
  objectClass: 'Proposal',
  schema: proposalRecord,
  title: "t.number || ' ' || t.title",
  canRead: (user) => can(user, 'proposal', 'read'),
  historyLabels: { lines: 'Lines' },
  fields: [
    {
      name: 'opportunity',
      column: proposals.opportunityId,
      label: 'Opportunity',
      kind: 'ref',
      ref: { table: opportunities, label: "$.number || ' ' || $.title" },
      history: false,
    },
    { name: 'number', column: proposals.number, label: 'Number' },
    { name: 'title', column: proposals.title, label: 'Title' },
    { name: 'status', column: proposals.status, label: 'Status', kind: 'code', codes: PROPOSAL_STATUSES },
    { name: 'validUntil', column: proposals.validUntil, label: 'Valid Until', kind: 'date' },
    // History keeps the words, not the markup.
    {
      name: 'terms',
      column: proposals.terms,
      label: 'Terms',
      display: (v) => (typeof v === 'string' ? richTextPlain(v) || null : null),
    },
    {
      name: 'copiedFrom',
      column: proposals.copiedFromId,
      label: 'Copied From',
      kind: 'ref',
      ref: { table: proposals, label: '$.number' },
      // Set once, when a copy is created (proposalCopyId).
      writable: false,
    },
  ],
});
