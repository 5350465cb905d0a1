// Outage auto assignment (/admin/outage-auto-assignment): who gets a new outage, by its type, else a default.
import { z } from 'zod';
import { optionalRef, version } from './fields.js';
import { refValue } from './record.js';

export const outageAutoAssignmentSchema = z.object({
  defaultAssignee: refValue
    .nullable()
    .describe('Who gets a new outage whose type has no rule; null: nobody.'),
  /** Ordered by outage type name. */
  rules: z
    .array(z.object({ outageType: refValue, assignee: refValue }))
    .describe('Who gets a new outage of each type, by outage type name.'),
  version: z.number(),
  updated: z.string().nullable().describe('ISO time of the last save; null before the first.'),
  updatedBy: refValue.nullable(),
});
export type OutageAutoAssignment = z.infer<typeof outageAutoAssignmentSchema>;

/** GET /api/admin/outage-auto-assignment: the settings and the active outage types to choose from. */
export const outageAutoAssignmentResponse = z.object({
  outageAutoAssignment: outageAutoAssignmentSchema,
  formOptions: z.object({ outageType: z.array(refValue) }),
});
/** POST /api/admin/outage-auto-assignment: the settings as saved. */
export const outageAutoAssignmentSaved = z.object({ outageAutoAssignment: outageAutoAssignmentSchema });

export const DUPLICATE_RULE = 'This outage type already has a rule.';

const ruleRow = z.object({ outageType: optionalRef(), assignee: optionalRef() });

export const outageAutoAssignmentForm = z.object({
  version: version(),
  defaultAssignee: optionalRef(),
  /** One rule per outage type; messages name the row ("Row 2: ..."), all keyed `rules`. */
  rules: z
    .array(ruleRow)
    .max(500)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, i) => {
        const issue = (message: string) =>
          ctx.addIssue({ code: 'custom', path: [i], message: `Row ${i + 1}: ${message}` });
        if (row.outageType === null) issue('Choose an outage type.');
        else if (seen.has(row.outageType)) issue(DUPLICATE_RULE);
        else seen.add(row.outageType);
        if (row.assignee === null) issue('Choose an assignee.');
      });
    })
    // The refinement above has refused empty cells.
    .transform((rows) => rows as { outageType: number; assignee: number }[]),
});
export type OutageAutoAssignmentForm = z.infer<typeof outageAutoAssignmentForm>;
