// The minimal PDF writer: string escaping, wrapping, page breaks and a cross-reference table that points at its objects.
import { describe, expect, it } from 'vitest';
import { taskCardPdf } from './card-print.routes.js';
import { buildPdf, escapePdfText, PageLayout, wrapText } from './pdf.js';

describe('escapePdfText', () => {
  it('escapes backslashes and parentheses', () => {
    expect(escapePdfText('a (b) \\ c')).toBe('a \\(b\\) \\\\ c');
  });
  it('keeps Latin-1, replaces control characters and anything beyond', () => {
    expect(escapePdfText('Café – naïve ☕')).toBe('Café ? naïve ?');
    expect(escapePdfText('tab\there\u0007')).toBe('tab here?');
  });
});

describe('wrapText', () => {
  it('breaks at spaces within the width and keeps line breaks', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('first\r\nsecond', 20)).toEqual(['first', 'second']);
  });
  it('cuts words longer than the width', () => {
    expect(wrapText('abcdefghij xy', 4)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
  });
});

/** Every xref entry points at the start of its object, and startxref at the table. */
function checkStructure(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(3, 2 + Number(count));
  entries.forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  // Stream lengths match their contents.
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
  }
  return Number(/\/Count (\d+)/.exec(text)![1]);
}

describe('buildPdf', () => {
  it('writes a well-formed document, with one page even when given none', () => {
    expect(checkStructure(buildPdf([]))).toBe(1);
    const pdf = buildPdf([[{ x: 50, y: 700, text: 'Héllo (world)', bold: true, size: 12 }]], 'T');
    expect(checkStructure(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('BT /F2 12 Tf 50 700 Td (Héllo \\(world\\)) Tj ET');
  });

  it('PageLayout starts a new page when one is full', () => {
    const layout = new PageLayout();
    for (let i = 0; i < 120; i++) layout.line([{ text: `line ${i}` }]);
    expect(layout.pages.length).toBeGreaterThan(2);
    expect(checkStructure(buildPdf(layout.pages))).toBe(layout.pages.length);
  });
});

describe('taskCardPdf', () => {
  it('holds the heading, each slip and the totals', () => {
    const pdf = taskCardPdf({
      taskId: 7,
      taskTitle: 'Swap switch',
      taskStatus: 'CLOSED',
      caseId: 3,
      caseTitle: 'Network',
      organization: 'Acme',
      printedAt: '11/23/2026 9:00 AM',
      slips: [
        {
          workDate: '2026-11-20',
          startTime: '13:00:00',
          stopTime: '14:30:00',
          biller: 'Olive Owner',
          rateMultiplier: '1.5',
          comment: null,
        },
      ],
      totalSlips: 1,
      totalMinutes: 90,
    });
    checkStructure(pdf);
    const text = pdf.toString('latin1');
    for (const part of [
      '(Task Card #7)',
      '(Task: Swap switch \\(closed\\))',
      '(Case #3: Network)',
      '(1:00p - 2:30p)',
      '(90)',
      '(1.5x)',
      '(Total: 1 slip, 1:30 \\(90 minutes\\))',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Only the latest');
  });
});
