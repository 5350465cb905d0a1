// What global search looks in: one definition per entity, its searchable fields and the screen a hit opens.
// A new entity plugs in by adding a source here (and a trigram index for each field it searches).
import { pathFor } from '../../../shared/routes/index.js';
import { OPPORTUNITY_SETTINGS_DEFAULTS } from '../../../shared/schemas/sales-settings.js';
import { OPPORTUNITY_SETTINGS_KEY } from '../../db/settings-keys.js';

/**
 * How a field matches a term:
 * - text: substring, or typo-tolerant word similarity (pg_trgm `<%`) once the term has 3 characters;
 * - code: substring only (serial numbers, short codes, email addresses);
 * - digits: the field's digits contain the term's digits (phone numbers typed with or without punctuation);
 * - number: the record number equals the term (`123` or `#123`).
 */
export type MatchKind = 'text' | 'code' | 'digits' | 'number';

export type SearchField = {
  label: string;
  /**
   * SQL over the source's `t` alias (or the table a related field joins); must be the expression a trigram index is
   * built on (number: a key).
   */
  column: string;
  /** SQL of the text shown as the matched value when it is not `column` itself (a phone, not its digits). */
  value?: string;
  match: MatchKind;
  /**
   * A field of another record (an agreement's organization name), with the FROM clause that joins it (the searched
   * table still `t`; the other fields do without the join). Its hits rank below the same match on a record's own
   * fields, so searching an organization's name shows the organization before its agreements.
   */
  related?: { from: string };
  /**
   * false: a text field searched by substring only. Free prose (slip comments: the largest table, growing daily)
   * gains little from typo tolerance and would cost every search a similarity pass over it.
   */
  typos?: false;
};

export type SearchSource = {
  kind: string;
  /** FROM clause; the searched table is `t`. */
  from: string;
  /** SQL of what was found (shown as the result's name). */
  name: string;
  /** SQL of what it belongs to, shown under the name (an opportunity's organization and stage). */
  detail?: string;
  /** SQL of up to two more ids the route needs (a slip's case and task). */
  ids?: [string] | [string, string];
  route: (id: number, more: number[]) => string;
  fields: SearchField[];
};

const digitsOf = (column: string) => `regexp_replace(${column}, '\\D', '', 'g')`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The opportunity stages (id, name) of the settings, or their defaults before the first save: read once a query. */
const STAGES = `(SELECT (st->>'id')::int AS id, st->>'name' AS name
    FROM jsonb_array_elements(coalesce(
      (SELECT value->'stages' FROM settings WHERE key = ${literal(OPPORTUNITY_SETTINGS_KEY)}),
      ${literal(JSON.stringify(OPPORTUNITY_SETTINGS_DEFAULTS.stages))}::jsonb)) st)`;

export const SEARCH_SOURCES: SearchSource[] = [
  {
    kind: 'organization',
    from: 'organizations t',
    name: 't.name',
    route: (id) => pathFor('organization_basics', { id }),
    fields: [
      { label: 'Name', column: 't.name', match: 'text' },
      { label: 'Short Code', column: 't.short_code', match: 'code' },
      { label: 'Phone', column: digitsOf('t.phone'), value: 't.phone', match: 'digits' },
    ],
  },
  {
    kind: 'person',
    from: 'people t',
    name: `t.first_name || ' ' || t.last_name`,
    route: (id) => pathFor('person_basics', { id }),
    fields: [
      { label: 'Name', column: `(t.first_name || ' ' || t.last_name)`, match: 'text' },
      { label: 'Email', column: 't.email', match: 'code' },
      { label: 'Phone', column: digitsOf('t.phone'), value: 't.phone', match: 'digits' },
    ],
  },
  {
    kind: 'equipment',
    from: 'equipment t',
    name: 't.name',
    route: (id) => pathFor('equipment_basics', { id }),
    fields: [
      { label: 'Name', column: 't.name', match: 'text' },
      { label: 'Serial Number', column: 't.serial_number', match: 'code' },
      { label: 'Model', column: 't.model', match: 'text' },
    ],
  },
  {
    kind: 'software',
    from: 'software t',
    name: 't.name',
    route: (id) => pathFor('software_basics', { id }),
    fields: [{ label: 'Name', column: 't.name', match: 'text' }],
  },
  {
    kind: 'case',
    from: 'cases t',
    name: 't.title',
    route: (id) => pathFor('case_basics', { caseId: id }),
    fields: [
      { label: 'Number', column: 't.id', value: 't.id::text', match: 'number' },
      { label: 'Title', column: 't.title', match: 'text' },
    ],
  },
  {
    kind: 'task',
    from: 'tasks t',
    name: 't.title',
    ids: ['t.case_id'],
    route: (id, [caseId]) => pathFor('case_task_basics', { caseId: caseId!, taskId: id }),
    fields: [{ label: 'Title', column: 't.title', match: 'text' }],
  },
  {
    kind: 'agreement',
    from: 'agreements t',
    name: `t.number || ' ' || t.title`,
    route: (id) => pathFor('agreement_basics', { id }),
    fields: [
      { label: 'Number', column: 't.number', match: 'code' },
      { label: 'Title', column: 't.title', match: 'text' },
      {
        label: 'Organization',
        column: 'o.name',
        match: 'text',
        related: { from: 'agreements t JOIN organizations o ON o.id = t.organization_id' },
      },
    ],
  },
  {
    kind: 'opportunity',
    from: `opportunities t JOIN organizations o ON o.id = t.organization_id LEFT JOIN ${STAGES} sg ON sg.id = t.stage_id`,
    name: `t.number || ' ' || t.title`,
    detail: `o.name || coalesce(' · ' || sg.name, '')`,
    route: (id) => pathFor('opportunity_basics', { id }),
    fields: [
      { label: 'Number', column: 't.number', match: 'code' },
      { label: 'Title', column: 't.title', match: 'text' },
    ],
  },
  {
    kind: 'proposal',
    from: 'proposals t JOIN opportunities op ON op.id = t.opportunity_id',
    name: `t.number || ' ' || t.title`,
    detail: `'Opportunity ' || op.number || ' ' || op.title`,
    ids: ['t.opportunity_id'],
    route: (id, [opportunityId]) =>
      pathFor('opportunity_proposal_basics', { id: opportunityId!, proposalId: id }),
    fields: [
      { label: 'Number', column: 't.number', match: 'code' },
      { label: 'Title', column: 't.title', match: 'text' },
    ],
  },
  {
    kind: 'slip',
    from: 'slips t JOIN tasks k ON k.id = t.task_id',
    name: `'Slip #' || t.id || ' - ' || k.title`,
    ids: ['k.case_id', 't.task_id'],
    route: (id, [caseId, taskId]) =>
      pathFor('case_task_slip_basics', { caseId: caseId!, taskId: taskId!, slipId: id }),
    fields: [{ label: 'Comment', column: 't.comment', match: 'text', typos: false }],
  },
];
