// A demo organization's name: prefix, industry and an optional legal suffix. The suffix is left off when the name
// already ends with one of its words ("Coastal Law Group", never "Coastal Law Group Group").
export function orgName(prefix: string, industry: string, suffix: string): string {
  const base = `${prefix} ${industry}`.trim();
  if (!suffix) return base;
  const last = base.split(/\s+/).at(-1)?.toLowerCase();
  const repeats = suffix.split(/\s+/).some((word) => word.toLowerCase() === last);
  return repeats ? base : `${base} ${suffix}`;
}
