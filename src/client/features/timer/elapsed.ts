// Elapsed time as the navigation shows it (kept out of the shared schemas so the shell loads no validator code).

/** `h:mm:ss` of elapsed milliseconds (never negative). */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}
