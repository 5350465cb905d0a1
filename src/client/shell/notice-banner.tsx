// The active banner notices (admin notices marked "Show as a banner"), above every screen of the shell. Each can be
// dismissed; the dismissal is kept in this browser per notice and change, so an edited notice shows again. In the
// page's flow, never over it: on a phone it pushes the screen down instead of covering it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BannerNotice } from '../../shared/schemas/notice';
import { apiGet } from '../api/http';

export const DISMISSED_KEY = 'sd6.dismissedNotices';
/** The banners' query: a saved notice refreshes it, so its author sees the change at once. */
export const NOTICE_BANNERS_KEY = ['notice-banners'] as const;
/** Dismissals kept: old ones fall off (their notices are long edited or gone). */
const DISMISSED_MAX = 50;
/** Longer texts show this much until "Show more". */
const SHORT_TEXT = 200;

/** A notice's identity and version: an edit changes updatedAt, so the edited text is not dismissed yet. */
export const dismissalKey = (notice: Pick<BannerNotice, 'id' | 'updatedAt'>) =>
  `${notice.id}@${notice.updatedAt}`;

function readDismissed(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    // Storage blocked or garbled: every banner shows, dismissals last for this page only.
    return [];
  }
}

function writeDismissed(keys: string[]): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(keys.slice(-DISMISSED_MAX)));
  } catch {
    // See readDismissed.
  }
}

function Banner({ notice, onDismiss }: { notice: BannerNotice; onDismiss: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const long = notice.body.length > SHORT_TEXT;
  const text = long && !expanded ? `${notice.body.slice(0, SHORT_TEXT).trimEnd()}…` : notice.body;
  const headingId = `notice-banner-${notice.id}`;
  return (
    <div
      className="alert alert-info d-flex align-items-start gap-2 py-2 px-3 mb-2"
      role="status"
      aria-labelledby={headingId}
      data-testid="notice-banner"
    >
      <div className="flex-fill" style={{ minWidth: 0 }}>
        <div className="fw-semibold" id={headingId}>
          {notice.title}
        </div>
        <div className="small" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {text}
          {long ? (
            <>
              {' '}
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                aria-expanded={expanded}
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? 'Show less' : 'Show more'}
              </button>
            </>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        className="btn-close flex-shrink-0"
        aria-label={`Dismiss notice: ${notice.title}`}
        onClick={onDismiss}
      />
    </div>
  );
}

export function NoticeBanner() {
  const query = useQuery({
    queryKey: NOTICE_BANNERS_KEY,
    queryFn: ({ signal }) => apiGet<{ notices: BannerNotice[] }>('/api/notice/active', { signal }),
    // New banners show on the next load after a few minutes; nobody waits on them.
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const shown = (query.data?.notices ?? []).filter((n) => !dismissed.includes(dismissalKey(n)));
  if (shown.length === 0) return null;
  const dismiss = (notice: BannerNotice) => {
    // Read again: another tab may have dismissed others meanwhile.
    const next = [...readDismissed().filter((k) => k !== dismissalKey(notice)), dismissalKey(notice)];
    writeDismissed(next);
    setDismissed(next);
  };
  return (
    <section aria-label="Notices" className="sd-notice-banners">
      {shown.map((n) => (
        <Banner key={dismissalKey(n)} notice={n} onDismiss={() => dismiss(n)} />
      ))}
    </section>
  );
}
