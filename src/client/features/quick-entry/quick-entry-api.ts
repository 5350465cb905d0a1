// The one-line entry's one call: which open tasks the typed words name.
import type { QuickMatch } from '../../../shared/quick-entry';
import { apiGet } from '../../api/http';
import { type MatchKey, matchUrl } from './quick-entry-logic';

export const quickMatchKey = (key: MatchKey | null) =>
  ['quick-match', key?.words.join(' ') ?? '', key?.caseId ?? null] as const;

export function fetchQuickMatch(key: MatchKey, signal?: AbortSignal): Promise<QuickMatch> {
  return apiGet<QuickMatch>(matchUrl(key), { signal });
}
