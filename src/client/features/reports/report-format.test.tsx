// Cell formats by column kind, file sizes, and the organization ids a hand-edited address really names.
import { describe, expect, it } from 'vitest';
import type { ReportCell, ReportColumnKind } from '../../../shared/reports';
import { formatCell, formatSize } from './report-format';
import { parseIds } from './report-query';

describe('formatCell', () => {
  it.each<[ReportColumnKind, ReportCell, string]>([
    ['date', '2026-12-31', '12/31/2026'],
    ['datetime', '2026-03-04T00:05:00.000Z', '03/04/2026 12:05 AM'],
    ['minutes', 605, '10:05'],
    ['minutes', 0, '0:00'],
    ['minutes', 333384, '5,556:24'],
    ['minutes', 'n/a', 'n/a'],
    ['money', '1234567.891', '$1,234,567.89'],
    ['money', '-20', '-$20.00'],
    // Percent columns hold fractions, above 100 % and below 1 % alike, always with one decimal.
    ['percent', 1.038, '103.8%'],
    ['percent', 2.5, '250.0%'],
    ['percent', 1, '100.0%'],
    ['percent', 0.6667, '66.7%'],
    ['percent', 0.5, '50.0%'],
    ['percent', 0.01, '1.0%'],
    ['percent', 0.005, '0.5%'],
    ['percent', 0, '0.0%'],
    ['percent', '1.038', '103.8%'],
    ['number', 1234567, '1,234,567'],
    ['number', 2.5, '2.50'],
    ['text', 'Dell Latitude', 'Dell Latitude'],
    ['text', 42, '42'],
    ['date', null, ''],
    ['money', '', ''],
  ])('%s %j -> %s', (kind, value, shown) => {
    expect(formatCell(value, kind)).toBe(shown);
  });
});

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1,023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [20 * 1024 + 300, '20 KB'],
    [3 * 1024 * 1024, '3 MB'],
  ])('%d bytes -> %s', (bytes, shown) => {
    expect(formatSize(bytes)).toBe(shown);
  });
});

describe('parseIds', () => {
  it.each([
    ['3,5,9', [3, 5, 9]],
    ['3,x,3,,0, 7', [3, 7]],
    ['', []],
    [null, []],
  ])('%j -> %j', (text, ids) => {
    expect(parseIds(text)).toEqual(ids);
  });
});
