// Elapsed time as the navigation shows it (kept out of the shared schemas so the shell loads no validator code).

/** `h:mm:ss` of elapsed milliseconds (never negative). */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/**
 * What the timer shows: its elapsed `h:mm:ss`, or, while its start is still ahead (a switch starts the next timer
 * where the rounded slip ends), "from 9:40 AM" in the company zone, so a frozen 0:00:00 never looks like a fault.
 */
export function timerFace(ms: number, startedAt: string, timeZone: string | null): string {
  if (ms >= 0) return formatElapsed(ms);
  const at = new Date(startedAt);
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(timeZone ? { timeZone } : {}),
  }).format(at);
  return `from ${time}`;
}
