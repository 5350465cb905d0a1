// Marks where a search term matched a field's text: HTML-escaped text with the matched parts in <mark>.
// The matched ranges are found on the raw text, then every piece is escaped on its own and only then wrapped, so
// the output holds no markup but <mark> and </mark>, whatever the user stored or typed.

type Range = [start: number, end: number];

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function occurrences(value: string, needle: string): Range[] {
  if (!needle) return [];
  const ranges: Range[] = [];
  for (const m of value.matchAll(new RegExp(escapeRegExp(needle), 'giu'))) {
    ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

/** "2013344" in "(555) 201-3344": the span from the first to the last matched digit. */
function digitRanges(value: string, term: string): Range[] {
  const digits = term.replace(/\D/g, '');
  if (digits.length < 3 || /[^\d\s()+.-]/.test(term)) return [];
  const positions: number[] = [];
  let stripped = '';
  for (let i = 0; i < value.length; i++) {
    if (value[i]! >= '0' && value[i]! <= '9') {
      positions.push(i);
      stripped += value[i];
    }
  }
  const ranges: Range[] = [];
  for (let at = stripped.indexOf(digits); at >= 0; at = stripped.indexOf(digits, at + digits.length)) {
    ranges.push([positions[at]!, positions[at + digits.length - 1]! + 1]);
  }
  return ranges;
}

/** Edits (insert, delete, change, swap two neighbours) between two words, giving up above `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
    }
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** A word of the text is close to a word of the term: contains it, or is one typo away (two for long words). */
function close(word: string, termWord: string): boolean {
  if (word.includes(termWord)) return true;
  if (termWord.length < 4) return false;
  const max = termWord.length >= 8 ? 2 : 1;
  return editDistance(word, termWord, max) <= max;
}

/** A typo match: each word of the text that is close to a word of the term. */
function fuzzyRanges(value: string, term: string): Range[] {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2);
  const ranges: Range[] = [];
  for (const m of value.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = m[0].toLowerCase();
    if (words.some((w) => close(word, w))) ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** The value escaped, with the parts matching `term` wrapped in <mark>: whole term, else its digits, else close words. */
export function highlight(value: string, term: string): string {
  const t = term.trim();
  let ranges = occurrences(value, t);
  // "#123" is a record number: its digits are the match.
  if (ranges.length === 0 && /^#\d+$/.test(t)) ranges = occurrences(value, t.slice(1));
  if (ranges.length === 0) ranges = digitRanges(value, t);
  if (ranges.length === 0) ranges = fuzzyRanges(value, t);
  let out = '';
  let at = 0;
  for (const [start, end] of merge(ranges)) {
    out += `${escapeHtml(value.slice(at, start))}<mark>${escapeHtml(value.slice(start, end))}</mark>`;
    at = end;
  }
  return out + escapeHtml(value.slice(at));
}
