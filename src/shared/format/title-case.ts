// Case and task titles (SPEC §5): title case, small words lower-case, brand spellings and acronyms kept.
// Both lists are data: the "Case & Task Grammar" admin screen (language settings) edits them; these are the defaults.
export const DEFAULT_SMALL_WORDS: readonly string[] = [
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'from',
  'in',
  'into',
  'nor',
  'of',
  'on',
  'onto',
  'or',
  'per',
  'the',
  'to',
  'up',
  'via',
  'vs',
  'with',
];

export const SMALL_WORDS: ReadonlySet<string> = new Set(DEFAULT_SMALL_WORDS);

export const DEFAULT_BRANDS: readonly string[] = [
  'iPhone',
  'iPad',
  'iOS',
  'macOS',
  'iCloud',
  'Microsoft 365',
  'SharePoint',
  'OneDrive',
  'QuickBooks',
  'VMware',
  'FortiGate',
  'SonicWall',
  'pfSense',
  'NinjaOne',
  'BitLocker',
  'PowerShell',
  'IPsec',
  'VoIP',
  'Wi-Fi',
  'LAN',
  'WAN',
  'VPN',
  'DNS',
  'DHCP',
  'SSL',
  'MFA',
  'PC',
  'IT',
  'USB',
  'HP',
  'AD',
  'O365',
  'YubiKey',
  'eFax',
  'GoDaddy',
  'LinkedIn',
];

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

export function titleCase(
  text: string,
  brands: readonly string[] = DEFAULT_BRANDS,
  smallWords: ReadonlySet<string> = SMALL_WORDS,
): string {
  let result = text.trim().replace(/\s+/g, ' ');
  const words = result.split(' ');
  result = words
    .map((word, i) => {
      const core = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      const isEdge = i === 0 || i === words.length - 1;
      if (/^[A-Z0-9]{2,5}$/.test(core) && /[A-Z]/.test(core)) return word; // an acronym as typed
      if (!isEdge && smallWords.has(word.toLowerCase())) return word.toLowerCase();
      return word
        .split('-')
        .map((part) => part.replace(/[\p{L}\p{N}][^\s]*/u, (w) => capitalise(w)))
        .join('-');
    })
    .join(' ');
  // Brand spellings win last, whole words only, case-insensitive.
  for (const brand of brands) {
    const escaped = brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu'), brand);
  }
  return result;
}
