// The task card PDF, read back as a reader sees it: heading, each slip, totals, any name, pages and their footers.
import { describe, expect, it } from 'vitest';
import { pdfLines } from '../../../../test/support/export-readers.js';
import { pdfPages } from '../../../../test/support/history-factories.js';
import { type CardSlip, type TaskCard, taskCardPdf } from './pdf.js';

const slip = (overrides: Partial<CardSlip> = {}): CardSlip => ({
  workDate: '2026-11-20',
  startTime: '13:00:00',
  stopTime: '14:30:00',
  biller: 'Olive Owner',
  rateMultiplier: '1.5',
  comment: null,
  ...overrides,
});

const card = (overrides: Partial<TaskCard> = {}): TaskCard => ({
  taskId: 7,
  taskTitle: 'Swap switch',
  taskStatus: 'CLOSED',
  caseId: 3,
  caseTitle: 'Network',
  organization: 'Acme',
  printedAt: '11/23/2026 9:00 AM',
  slips: [slip()],
  totalSlips: 1,
  totalMinutes: 90,
  ...overrides,
});

describe('taskCardPdf', () => {
  it('holds the heading, each slip and the totals', async () => {
    const pdf = await taskCardPdf(card());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    for (const part of [
      'Task Card #7',
      'Task: Swap switch (closed)',
      'Case #3: Network',
      'Organization: Acme',
      'Printed: 11/23/2026 9:00 AM',
      '11/20/2026',
      '1:00p - 2:30p',
      '90',
      'Olive Owner',
      '1.5x',
      'Total: 1 slip, 1:30 (90 minutes)',
      'Task Card #7 · Page 1 of 1',
    ])
      expect(pages[0]).toContain(part);
    expect(pages[0]).not.toContain('Only the latest');
  });

  it('prints every name as typed, hides a rate it may not show, and says when there are no slips', async () => {
    const named = await pdfPages(
      await taskCardPdf(
        card({
          organization: 'Łódź Dental',
          slips: [slip({ biller: 'Zoë Łukasiewicz', rateMultiplier: null, comment: 'Paid in € (cash)' })],
        }),
      ),
    );
    for (const part of ['Organization: Łódź Dental', 'Zoë Łukasiewicz', '—', 'Paid in € (cash)'])
      expect(named[0]).toContain(part);
    const empty = await pdfPages(await taskCardPdf(card({ slips: [], totalSlips: 0, totalMinutes: 0 })));
    expect(empty[0]).toContain('No slips logged on this task.');
    expect(empty[0]).toContain('Total: 0 slips, 0:00 (0 minutes)');
  });

  it('prints each date, time range, minutes and multiplier whole on one line, and every header whole', async () => {
    const slips = [
      slip({
        startTime: '00:00:00',
        stopTime: '23:59:00',
        rateMultiplier: '1.25',
        comment: 'Overnight\r\nmigration',
      }),
      slip({
        workDate: '2026-12-31',
        startTime: '10:05:00',
        stopTime: '11:55:00',
        biller: 'Bartholomew Łukasiewicz-Montgomery',
        comment: `Rebuilt the RAID array; ${'Supercalifragilistic'.repeat(15)}`,
      }),
    ];
    const [page] = await pdfLines(await taskCardPdf(card({ slips, totalSlips: 2, totalMinutes: 1549 })));
    const lines = page!.map((l) => l.text);
    for (const value of [
      '11/20/2026',
      '12:00a - 11:59p',
      '1439',
      '1.25x',
      '12/31/2026',
      '10:05a - 11:55a',
      '110',
      '1.5x',
    ])
      expect(
        lines.some((l) => l.includes(value)),
        value,
      ).toBe(true);
    expect(lines.some((l) => /Date\s+Time\s+Minutes\s+Biller\s+Multi\s+Comment/.test(l))).toBe(true);
    // A carriage return is a line break, never a box.
    expect(lines.some((l) => l.includes('Overnight') && !l.includes('migration'))).toBe(true);
  });

  it('runs many slips onto more pages with the header on each, and says when some are left off', async () => {
    const slips = Array.from({ length: 120 }, (_, i) =>
      slip({
        workDate: `2026-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      }),
    );
    const pages = await pdfPages(await taskCardPdf(card({ slips, totalSlips: 130, totalMinutes: 130 * 90 })));
    expect(pages.length).toBeGreaterThan(2);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain(`Task Card #7 · Page ${i + 1} of ${pages.length}`);
      expect(page).toMatch(/Date\s+Time\s+Minutes\s+Biller\s+Multi\s+Comment/);
    }
    const all = pages.join('\n');
    expect(all).toContain('01/01/2026');
    expect(all).toContain('05/08/2026');
    expect(all).toContain('Only the latest 120 of 130 slips are listed; the totals cover all of them.');
    expect(all).toContain('Total: 130 slips, 195:00 (11700 minutes)');
  });
});
