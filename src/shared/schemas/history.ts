// Field history (SPEC §3 "Entities with field history"): one row per changed field.
import { z } from 'zod';
import { refValue } from './record.js';

export const historyItemSchema = z.object({
  id: z.number(),
  field: z.string(),
  fieldLabel: z.string(),
  oldValue: z.string().nullable().describe('The value before, as text; null: empty.'),
  newValue: z.string().nullable().describe('The value after, as text; null: empty.'),
  actor: refValue.nullable().describe('Who changed it; null: the system, or a user since deleted.'),
  at: z.string().describe('ISO time of the change.'),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;

/** One page of a record's changes, newest first. */
export const historyPageSchema = z.object({
  objectClass: z.string().describe('The entity class (SPEC §3).'),
  items: z.array(historyItemSchema),
  next: z.string().nullable(),
  title: z.string().describe('A short title of the record.'),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** GET /api/history/{entity}/{id}?limit=&after= */
export const historyResponse = z.object({ history: historyPageSchema });
