// Field history (SPEC §3 "Entities with field history"): one row per changed field.
import type { Option } from './common.js';

export type HistoryItem = {
  id: number;
  field: string;
  fieldLabel: string;
  oldValue: string | null;
  newValue: string | null;
  actor: Option | null;
  at: string;
};

/** GET /api/history/{entity}/{id}?limit=&after= → { history } */
export type HistoryPage = {
  objectClass: string;
  title: string;
  items: HistoryItem[];
  next: string | null;
};
