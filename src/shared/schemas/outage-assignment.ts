// Outage auto assignment (/admin/outage-auto-assignment): who gets a new outage, by its type, else a default.
import { z } from 'zod';
import type { Option } from './common.js';
import { optionalRef, version } from './fields.js';

export type OutageAutoAssignment = {
  defaultAssignee: Option | null;
  /** Ordered by outage type name. */
  rules: { outageType: Option; assignee: Option }[];
  version: number;
  /** ISO time of the last save, null before the first. */
  updated: string | null;
  updatedBy: Option | null;
};

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
