// Percent cells in exports: a percent column holds a fraction, so 103.8 % and 0.5 % keep their unit in the CSV and
// PDF text and in the workbook's typed cell (nothing is guessed from the size of the value).
import { describe, expect, it } from 'vitest';
import type { ReportCell } from '../../../../shared/reports.js';
import { cellText, percentFraction } from './export-format.js';
import { xlsxValue } from './export-xlsx.js';

describe('percent cells', () => {
  it.each<[ReportCell, string, number | null]>([
    [1.038, '103.8%', 1.038],
    [2.5, '250.0%', 2.5],
    [1, '100.0%', 1],
    [0.925, '92.5%', 0.925],
    [0.01, '1.0%', 0.01],
    [0.005, '0.5%', 0.005],
    [0, '0.0%', 0],
    ['1.038', '103.8%', 1.038],
  ])('%j is %s, and %j in a workbook', (value, text, fraction) => {
    expect(cellText('percent', value, 'UTC')).toBe(text);
    expect(percentFraction(value)).toBe(fraction);
    expect(xlsxValue('percent', value, 'UTC')).toBe(fraction);
  });
});
