// The one-line entry's one call: which open tasks the typed words name; with no network, the same rule over the
// tasks this device knows (shared matchCandidates).
import { toIsoDate } from '../../../shared/format/date';
import { matchCandidates, type QuickCandidate, type QuickMatch } from '../../../shared/quick-entry';
import { apiGet, isApiError } from '../../api/http';
import { type MatchKey, matchUrl, type QuickAnswer } from './quick-entry-logic';

export const quickMatchKey = (key: MatchKey | null, online = true) =>
  ['quick-match', key?.words.join(' ') ?? '', key?.caseId ?? null, online] as const;

export function fetchQuickMatch(key: MatchKey, signal?: AbortSignal): Promise<QuickMatch> {
  return apiGet<QuickMatch>(matchUrl(key), { signal });
}

/**
 * The server's match; offline, or when the call finds no network (status 0), the match over `onDevice()`. Any
 * other failure is the server's answer and is thrown.
 */
export async function matchOrLocal(
  key: MatchKey,
  onDevice: () => Promise<QuickCandidate[]>,
  signal?: AbortSignal,
): Promise<QuickAnswer> {
  if (navigator.onLine) {
    try {
      return await fetchQuickMatch(key, signal);
    } catch (error) {
      if (!isApiError(error) || error.status !== 0) throw error;
    }
  }
  const local = matchCandidates(await onDevice(), key.words, key.caseId, toIsoDate(new Date()));
  return { ...local, offline: true };
}
