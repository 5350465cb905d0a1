// What a clock on the wall of a time zone shows at an instant (the company's zone: timers, outages).
const formatters = new Map<string, Intl.DateTimeFormat>();

export type WallParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** The zone's calendar date and time of day at an instant (ms since the epoch); month 1–12, hour 0–23. */
export function wallParts(at: number, timeZone: string): WallParts {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  const n = (type: string) => Number(parts[type]);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}
