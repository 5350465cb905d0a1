// The opportunity record (a possible sale to an organization): table, fields and references for the generic record
// service. Its stage is an id of the opportunity settings; lists, the record and its field history show the name.
import { can } from '../../../shared/permissions.js';
import { OUTCOMES, opportunityRecord } from '../../../shared/schemas/opportunity.js';
import { organizations, outages } from '../../db/schema/inventory.js';
import { agreements, opportunities } from '../../db/schema/sales.js';
import { users } from '../../db/schema/staff.js';
import { OPPORTUNITY_SETTINGS_KEY as SETTINGS_KEY } from '../../db/settings-keys.js';
import { defineRecord } from '../../platform/records.js';
import { storedOpportunityDefaults as storedDefaults } from '../sales-settings/index.js';

const sqlText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The stages of the settings as a joinable row set (id, name): the saved settings, or the defaults before the first
 * save (as loadOpportunitySettings reads them), so one join names the stage of every row of a page.
 */
export const STAGES_SQL = `(SELECT (s->>'id')::int AS id, s->>'name' AS name
   FROM jsonb_array_elements(coalesce(
     (SELECT value->'stages' FROM settings WHERE key = ${sqlText(SETTINGS_KEY)}),
     ${sqlText(JSON.stringify(storedDefaults().stages))}::jsonb)) s)`;

export const OPPORTUNITY = defineRecord({
  key: 'opportunity',
  table: opportunities,
  objectClass: 'Opportunity',
  schema: opportunityRecord,
  title: "t.number || ' ' || t.title",
  canRead: (user) => can(user, 'opportunity', 'read'),
  inUseMessage: 'This opportunity has proposals or documents and cannot be deleted. Mark it lost instead.',
  fields: [
    {
      name: 'organization',
      column: opportunities.organizationId,
      label: 'Organization',
      kind: 'ref',
      ref: { table: organizations, label: '$.name' },
    },
    { name: 'number', column: opportunities.number, label: 'Number' },
    { name: 'title', column: opportunities.title, label: 'Title' },
    {
      name: 'stage',
      column: opportunities.stageId,
      label: 'Stage',
      kind: 'ref',
      // A stage removed from the settings still names itself rather than showing blank.
      ref: { table: STAGES_SQL, label: "coalesce($.name, 'Stage ' || t.stage_id)" },
    },
    // Copied from the stage on every save (the open / won / lost filters read it).
    { name: 'outcome', column: opportunities.outcome, label: 'Outcome', kind: 'code', codes: OUTCOMES },
    {
      name: 'owner',
      column: opportunities.ownerId,
      label: 'Owner',
      kind: 'ref',
      ref: { table: users, label: "$.first_name || ' ' || $.last_name" },
    },
    { name: 'amount', column: opportunities.amount, label: 'Amount' },
    { name: 'probability', column: opportunities.probability, label: 'Probability (%)', kind: 'int' },
    { name: 'closeDate', column: opportunities.closeDate, label: 'Expected Close Date', kind: 'date' },
    { name: 'source', column: opportunities.source, label: 'Source' },
    { name: 'lostReason', column: opportunities.lostReason, label: 'Lost Reason' },
    { name: 'notes', column: opportunities.notes, label: 'Notes' },
    // Set once, when the opportunity is created from an outage.
    {
      name: 'outage',
      column: opportunities.outageId,
      label: 'Outage',
      kind: 'ref',
      ref: { table: outages, label: '$.title' },
    },
    // Set by winning the opportunity (the agreement it became), never by the form.
    {
      name: 'agreement',
      column: opportunities.agreementId,
      label: 'Agreement',
      kind: 'ref',
      ref: { table: agreements, label: '$.number' },
      writable: false,
    },
  ],
  columns: [
    // Each row's weighted amount to the cent; the totals add these same rounded values.
    { name: 'weighted', sql: 'round(t.amount * t.probability / 100, 2)::numeric(14,2)::text' },
  ],
});
