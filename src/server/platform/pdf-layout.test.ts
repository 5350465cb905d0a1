// Table layout: examples of reports' column sets, then properties over any columns — the widths fill the page,
// values that must not break and header words always get their width when the page can hold them, the page turns
// only when the columns need it, and the font shrinks only as far as it must.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ColumnNeeds,
  type LayoutOptions,
  layoutTable,
  measureColumns,
  minimumWidth,
  wordsOf,
} from './pdf-layout.js';

const OPTIONS: LayoutOptions = { size: 8, minSize: 6, gap: 8, portrait: 504, landscape: 684 };
const PROPERTY_RUNS = 500;

/** A stand-in measure: every character half an em wide, bold ones 0.6. */
const measure = (text: string, bold: boolean) => text.length * (bold ? 0.6 : 0.5);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
/** A column's width without the gap after it. */
const inner = (widths: number[], i: number) => widths[i]! - (i === widths.length - 1 ? 0 : OPTIONS.gap);

describe('measureColumns', () => {
  it('takes the widest value of a nowrap column whole, and the widest word and line of a text column', () => {
    const [date, text] = measureColumns(
      [
        { title: 'Purchase Date', nowrap: true },
        { title: 'Hours by Task', nowrap: false },
      ],
      [
        ['10/21/2020', 'Swap switch — 1:30\nRack the new  server'],
        ['1/1/2020', ''],
      ],
      measure,
    );
    expect(date).toMatchObject({ nowrap: true, widest: 5, titleWord: 'Purchase '.length * 0.6 });
    expect(date!.title).toBeCloseTo('Purchase Date'.length * 0.6);
    // The words keep the spaces after them: a writer breaks after those, and counts them.
    expect(text).toMatchObject({ widest: 'Rack the new  server'.length * 0.5, word: 'switch '.length * 0.5 });
    expect(text!.content).toBeCloseTo(('Swap switch — 1:30'.length + 'Rack the new  server'.length) * 0.25);
  });
  it('splits a line into words with the spaces after each', () => {
    expect(wordsOf('Purchase  Date ')).toEqual(['Purchase  ', 'Date ']);
    expect(wordsOf('')).toEqual([]);
  });
});

/** Needs of a column from its title and values through the stand-in measure. */
const column = (title: string, values: string[], nowrap: boolean) =>
  measureColumns(
    [{ title, nowrap }],
    values.map((v) => [v]),
    measure,
  )[0]!;

describe('layoutTable', () => {
  it('keeps a narrow table portrait at the full size, dates whole and the text taking the rest', () => {
    const needs = [
      column('Device', ['Front desk PC', 'Reception laptop of the dental office'], false),
      column('Warranty End', ['10/21/2026'], true),
      column('Amount', ['-$1,863.00', '$2,032.50'], true),
    ];
    const layout = layoutTable(needs, OPTIONS);
    expect(layout).toMatchObject({ landscape: false, size: 8, fits: true });
    expect(sum(layout.widths)).toBeCloseTo(504);
    expect(inner(layout.widths, 1)).toBeGreaterThanOrEqual(10 * 0.5 * 8);
    expect(inner(layout.widths, 2)).toBeGreaterThanOrEqual(10 * 0.5 * 8);
    expect(layout.widths[0]).toBeGreaterThan(layout.widths[1]!);
  });

  it('turns the page for columns that do not fit portrait, then shrinks the font only as far as it must', () => {
    const money = (title: string) => column(title, ['-$1,234,567.00'], true);
    const twelve = Array.from({ length: 12 }, (_, i) => money(`Amount ${i + 1}`));
    const layout = layoutTable(twelve, OPTIONS);
    expect(layout.landscape).toBe(true);
    expect(layout.fits).toBe(true);
    expect(layout.size).toBeLessThan(8);
    // At half a point larger they would not fit.
    const larger = sum(twelve.map((c) => minimumWidth(c, layout.size + 0.5))) + 11 * OPTIONS.gap;
    expect(larger).toBeGreaterThan(684);
  });

  it('never turns a page that may not turn: the font shrinks instead', () => {
    const needs = Array.from({ length: 8 }, (_, i) => column(`Amount ${i + 1}`, ['$2,032.50'], true));
    const layout = layoutTable(needs, { ...OPTIONS, landscape: null });
    expect(layout.landscape).toBe(false);
    expect(sum(layout.widths)).toBeCloseTo(504);
  });

  it('past the floor keeps nowrap columns whole and lets text columns take what is left', () => {
    const needs = [
      ...Array.from({ length: 12 }, (_, i) => column(`Amount ${i + 1}`, ['$2,032.50'], true)),
      ...Array.from({ length: 6 }, (_, i) =>
        column(`Note ${i + 1}`, ['Supercalifragilistic words here'], false),
      ),
    ];
    const layout = layoutTable(needs, OPTIONS);
    expect(layout).toMatchObject({ landscape: true, size: 6, fits: false });
    expect(sum(layout.widths)).toBeCloseTo(684);
    for (let i = 0; i < 12; i++)
      expect(inner(layout.widths, i)).toBeGreaterThanOrEqual(minimumWidth(needs[i]!, 6));
  });

  const needsArb: fc.Arbitrary<ColumnNeeds> = fc
    .record({
      nowrap: fc.boolean(),
      titleWord: fc.double({ min: 0.5, max: 12, noNaN: true }),
      titleExtra: fc.double({ min: 0, max: 20, noNaN: true }),
      widest: fc.double({ min: 0, max: 80, noNaN: true }),
      wordShare: fc.double({ min: 0, max: 1, noNaN: true }),
      contentShare: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map((r) => ({
      nowrap: r.nowrap,
      titleWord: r.titleWord,
      title: r.titleWord + r.titleExtra,
      widest: r.widest,
      word: r.widest * r.wordShare,
      content: r.widest * r.contentShare,
    }));
  const tables = fc.array(needsArb, { minLength: 1, maxLength: 16 });

  it('fills the page exactly, and gives every column at least what it needs whenever it can', () => {
    fc.assert(
      fc.property(tables, (needs) => {
        const layout = layoutTable(needs, OPTIONS);
        const page = layout.landscape ? 684 : 504;
        expect(sum(layout.widths)).toBeCloseTo(page, 6);
        expect(layout.size).toBeGreaterThanOrEqual(6);
        expect(layout.size).toBeLessThanOrEqual(8);
        if (layout.fits)
          needs.forEach((c, i) => {
            expect(inner(layout.widths, i)).toBeGreaterThanOrEqual(minimumWidth(c, layout.size) - 1e-6);
          });
        else expect(layout).toMatchObject({ landscape: true, size: 6 });
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('turns the page only when the columns need it, and writes at the largest size that fits', () => {
    fc.assert(
      fc.property(tables, (needs) => {
        const need = (size: number) =>
          sum(needs.map((c) => minimumWidth(c, size))) + OPTIONS.gap * (needs.length - 1);
        const layout = layoutTable(needs, OPTIONS);
        expect(layout.landscape).toBe(need(8) > 504);
        if (layout.landscape && layout.fits && layout.size < 8)
          expect(need(layout.size + 0.5)).toBeGreaterThan(684);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it('gives a text column no less for holding more text', () => {
    fc.assert(
      fc.property(tables, fc.nat(), fc.double({ min: 1, max: 4, noNaN: true }), (needs, at, more) => {
        const i = at % needs.length;
        if (needs[i]!.nowrap) return;
        const before = layoutTable(needs, OPTIONS);
        const grown = needs.map((c, j) =>
          j === i ? { ...c, content: c.content * more, widest: c.widest * more } : c,
        );
        const after = layoutTable(grown, OPTIONS);
        if (before.landscape !== after.landscape || before.size !== after.size || !after.fits) return;
        expect(after.widths[i]).toBeGreaterThanOrEqual(before.widths[i]! - 1e-6);
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
