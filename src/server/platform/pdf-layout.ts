// How a PDF table's columns share the page, from what they hold. A value that must not break (a date, an amount,
// a number) gets its column's natural width and never wraps; a header wraps only between its words; text columns
// share the rest in proportion to how much text they hold and wrap at word boundaries. The page turns sideways
// only when the columns need it, then the font shrinks down to a floor; only past that do text columns take less
// than they need. Widths are measured at font size 1: a width grows in proportion to the size.

/** What one column holds, measured at font size 1. */
export type ColumnNeeds = {
  /** Its values never wrap (dates, amounts, numbers): the column is as wide as the widest. */
  nowrap: boolean;
  /** The title's widest word with the space after it (bold): the header wraps only between words. */
  titleWord: number;
  /** The whole title on one line (bold). */
  title: number;
  /** The widest value (nowrap), or the widest line of a value (text). */
  widest: number;
  /** Text: the widest word of a value, with the space after it. */
  word: number;
  /** Text: how much text the column holds (its values' mean width on one line): its share of the rest. */
  content: number;
};

export type LayoutOptions = {
  /** The font size the table is written at when it fits. */
  size: number;
  /** The smallest the font may become before text columns get less than they need. */
  minSize: number;
  /** The space between two columns. */
  gap: number;
  /** The text width of a portrait page, and of a landscape one (null: the page may not turn). */
  portrait: number;
  landscape: number | null;
};

export type TableLayout = {
  landscape: boolean;
  size: number;
  /** Each column's width with the gap after it (the last has none): together the page's text width. */
  widths: number[];
  /** False when even the widest page at the smallest size could not give every column what it needs. */
  fits: boolean;
};

/** A text column need be no wider than this many ems for its words (a longer word may break). */
export const TEXT_MIN_EMS = 8;
/** Room for rounding in the writer's line breaking. */
const SLACK = 0.5;
const SIZE_STEP = 0.5;

/** The narrowest a column may be at `size`: its values whole (nowrap), its header's words whole. */
export function minimumWidth(c: ColumnNeeds, size: number): number {
  const values = c.nowrap ? c.widest : Math.min(c.word, TEXT_MIN_EMS);
  return Math.max(c.titleWord, values) * size + SLACK;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Adds up to `rest` to `widths` (in place) for the columns of `weights` > 0, each in proportion to its weight and
 * none past its `caps`; answers what is left.
 */
function fill(widths: number[], caps: readonly number[], weights: readonly number[], rest: number): number {
  let left = rest;
  const open = new Set(widths.map((_, i) => i).filter((i) => weights[i]! > 1e-9 && widths[i]! < caps[i]!));
  while (left > 1e-9 && open.size) {
    const total = sum([...open].map((i) => weights[i]!));
    // The column that reaches its cap first at this rate is filled to it; the others share what is then left.
    let capped = -1;
    let rate = left / total;
    for (const i of open) {
      const room = (caps[i]! - widths[i]!) / weights[i]!;
      if (room < rate) [rate, capped] = [room, i];
    }
    for (const i of open) widths[i]! += rate * weights[i]!;
    left -= rate * total;
    if (capped < 0) break;
    open.delete(capped);
  }
  return Math.max(0, left);
}

/** The columns' widths at `size` on a text width of `page`, each at least its minimum (which fit). */
function spread(needs: readonly ColumnNeeds[], size: number, page: number, gap: number): number[] {
  const widths = needs.map((c) => minimumWidth(c, size));
  let rest = page - gap * (needs.length - 1) - sum(widths);
  // Text columns first, in proportion to their text, each up to its longest line on one line.
  rest = fill(
    widths,
    needs.map((c) => (c.nowrap ? 0 : Math.max(c.widest, c.title) * size + SLACK)),
    needs.map((c) => (c.nowrap ? 0 : c.content)),
    rest,
  );
  // Then every header on one line.
  rest = fill(
    widths,
    needs.map((c) => c.title * size + SLACK),
    needs.map((c, i) => Math.max(0, c.title * size + SLACK - widths[i]!)),
    rest,
  );
  // What is still left goes to every column alike, in proportion to its width.
  const total = sum(widths);
  return widths.map((w) => w + (total > 0 ? (rest * w) / total : rest / widths.length));
}

/** With the gaps: each column but the last is followed by one. */
const withGaps = (widths: number[], gap: number) =>
  widths.map((w, i) => (i === widths.length - 1 ? w : w + gap));

/** Past the floor: nowrap columns keep their width if they can, text columns share what is left. */
function overflow(needs: readonly ColumnNeeds[], size: number, page: number, gap: number): number[] {
  const room = page - gap * (needs.length - 1);
  const minimum = needs.map((c) => minimumWidth(c, size));
  const fixed = sum(minimum.filter((_, i) => needs[i]!.nowrap));
  const text = sum(minimum.filter((_, i) => !needs[i]!.nowrap));
  // Text columns keep at least their header's widest word while nowrap columns can give way.
  const textFloor = sum(needs.filter((c) => !c.nowrap).map((c) => c.titleWord * size + SLACK));
  if (fixed + textFloor <= room) {
    const share = room - fixed;
    return minimum.map((w, i) => (needs[i]!.nowrap ? w : (w * share) / (text || 1)));
  }
  return minimum.map((w) => (w * room) / sum(minimum));
}

/**
 * Where and how large a table is written: portrait at `size` when its columns fit, else landscape, else landscape
 * with the font shrinking by half points down to `minSize`; the widths from what each column holds.
 */
export function layoutTable(needs: readonly ColumnNeeds[], options: LayoutOptions): TableLayout {
  const { gap } = options;
  const need = (size: number) => sum(needs.map((c) => minimumWidth(c, size))) + gap * (needs.length - 1);
  const tries: { landscape: boolean; size: number }[] = [];
  const sizes: number[] = [];
  for (let s = options.size; s >= options.minSize - 1e-9; s -= SIZE_STEP) sizes.push(s);
  if (options.landscape === null) for (const size of sizes) tries.push({ landscape: false, size });
  else
    tries.push({ landscape: false, size: options.size }, ...sizes.map((size) => ({ landscape: true, size })));
  for (const t of tries) {
    const page = t.landscape ? options.landscape! : options.portrait;
    if (need(t.size) <= page + 1e-9)
      return { ...t, widths: withGaps(spread(needs, t.size, page, gap), gap), fits: true };
  }
  const last = tries[tries.length - 1]!;
  const page = last.landscape ? options.landscape! : options.portrait;
  return { ...last, widths: withGaps(overflow(needs, last.size, page, gap), gap), fits: false };
}

/** A value's lines (CR LF, CR and LF each end one). */
export const linesOf = (text: string) => text.split(/\r\n|\r|\n/);
/** A line's words, each with the spaces after it (a writer breaks a line after them). */
export const wordsOf = (line: string) => line.match(/\S+\s*/g) ?? [];

/**
 * What each column holds, measured by `measure` (a text's width at size 1, bold or not): its title and the values
 * of `rows` (a sample: the first rows of a long table).
 */
export function measureColumns(
  columns: readonly { title: string; nowrap?: boolean }[],
  rows: readonly (readonly string[])[],
  measure: (text: string, bold: boolean) => number,
): ColumnNeeds[] {
  const cache = new Map<string, number>();
  const width = (text: string, bold = false) => {
    const key = `${bold ? 'b' : 'r'}${text}`;
    let w = cache.get(key);
    if (w === undefined) {
      w = text ? measure(text, bold) : 0;
      cache.set(key, w);
    }
    return w;
  };
  const widestOf = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);
  return columns.map((column, i) => {
    const title = linesOf(column.title);
    const needs: ColumnNeeds = {
      nowrap: column.nowrap ?? false,
      titleWord: widestOf(title.flatMap(wordsOf).map((w) => width(w, true))),
      title: widestOf(title.map((line) => width(line.trim(), true))),
      widest: 0,
      word: 0,
      content: 0,
    };
    let total = 0;
    for (const row of rows) {
      const value = row[i] ?? '';
      if (needs.nowrap) {
        needs.widest = Math.max(needs.widest, width(value.replace(/\s+/g, ' ').trim()));
        continue;
      }
      for (const line of linesOf(value)) {
        const w = width(line.trim());
        needs.widest = Math.max(needs.widest, w);
        total += w;
        for (const word of wordsOf(line)) needs.word = Math.max(needs.word, width(word));
      }
    }
    needs.content = rows.length ? total / rows.length : 0;
    return needs;
  });
}
