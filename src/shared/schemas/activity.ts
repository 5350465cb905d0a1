// The activity timeline of a record (an agreement, an opportunity): what happened to it and the notes staff add,
// newest first. One list of kinds serves every timeline, so the badges read the same everywhere.
import { z } from 'zod';
import type { Option } from './common.js';
import type { CodeList } from './fields.js';
import { requiredText } from './fields.js';

export const ACTIVITY_KINDS = [
  { value: 'CREATED', label: 'Created' },
  { value: 'STATUS', label: 'Status' },
  { value: 'STAGE', label: 'Stage' },
  { value: 'SERVICE', label: 'Service' },
  { value: 'AMENDMENT', label: 'Amendment' },
  { value: 'PROPOSAL', label: 'Proposal' },
  { value: 'DOCUMENT', label: 'Document' },
  { value: 'WON', label: 'Won' },
  { value: 'NOTE', label: 'Note' },
] as const satisfies CodeList;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]['value'];

export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  after: z.string().max(500).optional(),
});
export const activityNoteForm = z.object({ text: requiredText(4000) });
export type Activity = {
  id: number;
  kind: Option;
  text: string;
  actor: Option | null;
  at: string;
};
