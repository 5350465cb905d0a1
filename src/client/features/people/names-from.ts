// The new person's name taken from a people search that found nobody.
/** "Jane van Dyke" -> first name Jane, last name van Dyke; an email or phone search prefills nothing. */
export function namesFrom(search: string): { firstName?: string; lastName?: string } {
  const words = search.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.some((w) => /[@\d]/.test(w))) return {};
  const [firstName, ...rest] = words;
  return rest.length ? { firstName, lastName: rest.join(' ') } : { firstName };
}
