// Field validators with the exact SPEC §5 messages: email, US phone, federal tax id, DUNS, identifier names.
export type Check = { value: string; valid: boolean; error?: string };

export const EMAIL_MESSAGE = 'Invalid email address';
export const PHONE_MESSAGE = 'This value is not a valid phone number.';
export const TAX_ID_MESSAGE = 'Format does not match "##-#######"';
export const DUNS_MESSAGE = 'Format does not match "##-###-####"';
export const IDENTIFIER_MESSAGE =
  'Start with a letter, then use only letters, digits, underscores, hyphens, colons or periods.';

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function checkEmail(input: string): Check {
  const value = input.trim();
  return EMAIL.test(value) && value.length <= 254
    ? { value, valid: true }
    : { value: input, valid: false, error: EMAIL_MESSAGE };
}

/** US numbers: 10 digits (optional leading 1 or +1), any common separators, optional extension. */
export function checkPhone(input: string): Check {
  const found =
    /^\s*(?:\+?1[\s.-]?)?\(?(\d{3})\)?[\s.-]*(\d{3})[\s.-]*(\d{4})\s*(?:(?:x|ext\.?|extension)\s*(\d{1,6}))?\s*$/i.exec(
      input,
    );
  if (!found || found[1]![0] === '0' || found[1]![0] === '1')
    return { value: input, valid: false, error: PHONE_MESSAGE };
  const value = `(${found[1]}) ${found[2]}-${found[3]}${found[4] ? ` x${found[4]}` : ''}`;
  return { value, valid: true };
}

// Separators - . / \ in any place, or none, are normalised away.
const digitsOf = (input: string) => (/^[\d\s\-./\\]+$/.test(input) ? input.replace(/[\s\-./\\]/g, '') : null);

export function checkTaxId(input: string): Check {
  const digits = digitsOf(input);
  if (digits?.length !== 9) return { value: input, valid: false, error: TAX_ID_MESSAGE };
  return { value: `${digits!.slice(0, 2)}-${digits!.slice(2)}`, valid: true };
}

export function checkDuns(input: string): Check {
  const digits = digitsOf(input);
  if (digits?.length !== 9) return { value: input, valid: false, error: DUNS_MESSAGE };
  return { value: `${digits!.slice(0, 2)}-${digits!.slice(2, 5)}-${digits!.slice(5)}`, valid: true };
}

export function checkIdentifier(input: string): Check {
  return /^[A-Za-z][A-Za-z0-9_\-:.]*$/.test(input)
    ? { value: input, valid: true }
    : { value: input, valid: false, error: IDENTIFIER_MESSAGE };
}
