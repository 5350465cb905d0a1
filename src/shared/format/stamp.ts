// When something happened, as staff read it: MM/dd/yyyy h:mm AM in the company time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatStamp(at: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, f);
  }
  return f.format(at).replace(',', '');
}
