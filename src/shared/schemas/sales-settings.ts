// Sales settings (SPEC §2 "Admin screens", breadcrumb "Sales Settings"): the opportunity settings (stages with
// their default probability, order and outcome; sources; lost reasons), the sales roles (which staff own
// opportunities, which approve), and the e-signature settings. The pages are administrators'; the stages, sources and
// lost reasons reach everyone through the opportunity form.
import { z } from 'zod';
import type { Option } from './common.js';
import { recordId } from './common.js';
import { codeValues, optionalCount, optionalEmail, optionalText, version } from './fields.js';
import { OUTCOMES, type Outcome } from './opportunity.js';
import { refValue } from './record.js';

export const MAX_STAGES = 30;
export const MAX_CHOICES = 50;

export const STAGES_NEED_OUTCOMES = 'Keep at least one open, one won and one lost stage.';
export const stageMessage = (index: number, message: string) => `Stage ${index + 1}: ${message}`;
export const choiceMessage = (index: number, message: string) => `Choice ${index + 1}: ${message}`;

export const stageSchema = z.object({
  id: z.number(),
  name: z.string(),
  probability: z.number().int().describe('Default probability of winning, in percent (0-100).'),
  outcome: z.enum(codeValues(OUTCOMES)).describe('OPEN, WON or LOST.'),
});
export type Stage = z.infer<typeof stageSchema>;

const OUTCOME_VALUES = codeValues(OUTCOMES) as readonly string[];

/** Reads the stage rows: each problem is reported under `stages` with the row's number. */
const stages = z
  .array(z.record(z.string(), z.unknown()))
  .max(MAX_STAGES, `Keep at most ${MAX_STAGES} stages.`)
  .transform((rows, ctx) => {
    const say = (i: number, message: string) =>
      ctx.addIssue({ code: 'custom', path: ['stages'], message: stageMessage(i, message) });
    const seen = new Set<string>();
    const out = rows.map((row, i) => {
      const name = String(row.name ?? '').trim();
      if (!name) say(i, 'Enter a name.');
      else if (name.length > 60) say(i, 'Use at most 60 characters for the name.');
      else if (seen.has(name.toLowerCase())) say(i, 'Another stage has this name.');
      seen.add(name.toLowerCase());
      const p = Number(String(row.probability ?? '').trim() || Number.NaN);
      if (!Number.isInteger(p) || p < 0 || p > 100) say(i, 'Enter a probability from 0 to 100.');
      const outcome = String(
        typeof row.outcome === 'object' && row.outcome ? (row.outcome as Option).value : (row.outcome ?? ''),
      );
      if (!OUTCOME_VALUES.includes(outcome)) say(i, 'Choose open, won or lost.');
      const id = recordId().safeParse(row.id);
      return {
        id: id.success ? id.data : null,
        name,
        probability: Number.isInteger(p) ? p : 0,
        outcome: outcome as Outcome,
      };
    });
    const outcomes = new Set(out.map((s) => s.outcome));
    if (!outcomes.has('OPEN') || !outcomes.has('WON') || !outcomes.has('LOST'))
      ctx.addIssue({ code: 'custom', path: ['stages'], message: STAGES_NEED_OUTCOMES });
    return out;
  });

/** A list of short choices (sources, lost reasons): trimmed, blank rows dropped, no duplicates. */
const choices = z
  .array(z.string())
  .max(MAX_CHOICES, `Keep at most ${MAX_CHOICES} choices.`)
  .transform((rows, ctx) => {
    const seen = new Set<string>();
    const out: string[] = [];
    rows.forEach((row, i) => {
      const v = row.trim();
      if (!v) return;
      if (v.length > 100)
        ctx.addIssue({ code: 'custom', message: choiceMessage(i, 'Use at most 100 characters.') });
      else if (seen.has(v.toLowerCase()))
        ctx.addIssue({ code: 'custom', message: choiceMessage(i, 'This choice is listed twice.') });
      seen.add(v.toLowerCase());
      out.push(v);
    });
    return out;
  });

export const opportunitySettingsForm = z.object({
  version: version(),
  stages,
  sources: choices,
  lostReasons: choices,
});
export type OpportunitySettingsForm = z.infer<typeof opportunitySettingsForm>;

/** What an administrator may do on a sales settings page. */
const settingsCan = z.object({ save: z.boolean() });
const updated = () => z.string().nullable().describe('ISO time of the last save; null before the first.');

export const opportunitySettingsSchema = z.object({
  /** In their order on the pipeline. */
  stages: z.array(stageSchema),
  sources: z.array(z.string()),
  lostReasons: z.array(z.string()),
  version: z.number(),
  updated: updated(),
  updatedBy: refValue.nullable(),
});
export type OpportunitySettings = z.infer<typeof opportunitySettingsSchema>;

/** GET/POST /api/admin/sales-settings-opportunity */
export const opportunitySettingsResponse = z.object({
  opportunitySettings: opportunitySettingsSchema,
  can: settingsCan,
});

export const OPPORTUNITY_SETTINGS_DEFAULTS: Pick<OpportunitySettings, 'stages' | 'sources' | 'lostReasons'> =
  {
    stages: [
      { id: 1, name: 'Qualification', probability: 10, outcome: 'OPEN' },
      { id: 2, name: 'Discovery', probability: 25, outcome: 'OPEN' },
      { id: 3, name: 'Proposal', probability: 50, outcome: 'OPEN' },
      { id: 4, name: 'Negotiation', probability: 75, outcome: 'OPEN' },
      { id: 5, name: 'Won', probability: 100, outcome: 'WON' },
      { id: 6, name: 'Lost', probability: 0, outcome: 'LOST' },
    ],
    sources: ['Existing Client', 'Referral', 'Website', 'Outage', 'Event', 'Cold Call'],
    lostReasons: ['Price', 'Chose a Competitor', 'No Budget', 'No Decision', 'Timing'],
  };

const staffList = z.array(recordId()).max(500).default([]);

export const salesRoleSettingsForm = z.object({
  version: version(),
  /** Staff who may own opportunities. */
  owners: staffList,
  /** Staff who approve proposals and discounts. */
  approvers: staffList,
});
export type SalesRoleSettingsForm = z.infer<typeof salesRoleSettingsForm>;

export const salesRoleSettingsSchema = z.object({
  /** By name. */
  owners: z.array(refValue).describe('Staff who may own opportunities.'),
  approvers: z.array(refValue).describe('Staff who approve proposals and discounts.'),
  version: z.number(),
  updated: updated(),
  updatedBy: refValue.nullable(),
});
export type SalesRoleSettings = z.infer<typeof salesRoleSettingsSchema>;

/** GET/POST /api/admin/sales-settings-roles: the roles and the active staff to choose from. */
export const salesRoleSettingsResponse = z.object({
  salesRoleSettings: salesRoleSettingsSchema,
  formOptions: z.object({ staff: z.array(refValue) }),
  can: settingsCan,
});

export const esignatureSettingsForm = z.object({
  version: version(),
  providerName: optionalText(100),
  senderName: optionalText(100),
  senderEmail: optionalEmail(),
  /** Days between reminders to a signer who has not signed; empty = no reminders. */
  reminderDays: optionalCount(90),
});
export type EsignatureSettingsForm = z.infer<typeof esignatureSettingsForm>;

export const esignatureSettingsSchema = z.object({
  providerName: z.string().nullable(),
  senderName: z.string().nullable(),
  senderEmail: z.string().nullable(),
  reminderDays: z
    .number()
    .int()
    .nullable()
    .describe('Days between reminders to a signer who has not signed; null: no reminders.'),
  version: z.number(),
  updated: updated(),
  updatedBy: refValue.nullable(),
});
export type EsignatureSettings = z.infer<typeof esignatureSettingsSchema>;

/** GET/POST /api/admin/sales-settings-esignature (no history, SPEC §2). */
export const esignatureSettingsResponse = z.object({
  esignatureSettings: esignatureSettingsSchema,
  can: settingsCan,
});
