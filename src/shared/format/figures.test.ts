// One table per unit: the text every report summary, cell, chart panel and export shows for a figure.
import { describe, expect, it } from 'vitest';
import type { ReportCell, ReportColumnKind } from '../reports';
import {
  chartValueText,
  formatAmount,
  formatCount,
  formatDay,
  formatHours,
  formatQuantityFigure,
  formatShare,
  reportCellText,
} from './figures';

describe('formatHours (minutes as h:mm, hours grouped)', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '0:00'],
    [5, '0:05'],
    [60, '1:00'],
    [605, '10:05'],
    [59_999, '999:59'],
    [60_000, '1,000:00'],
    [333_384, '5,556:24'],
    [60_000_000, '1,000,000:00'],
    [89.6, '1:30'],
    [-90, '-1:30'],
    [-0.2, '0:00'],
    ['605', '10:05'],
    [null, ''],
    [undefined, ''],
    ['', ''],
  ])('%j → %j', (minutes, text) => expect(formatHours(minutes)).toBe(text));
});

describe('formatAmount (dollars and cents)', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '$0.00'],
    ['0', '$0.00'],
    [1554.5, '$1,554.50'],
    ['1554.5', '$1,554.50'],
    ['1234567.891', '$1,234,567.89'],
    ['12345678901.23', '$12,345,678,901.23'],
    [-20, '-$20.00'],
    ['-1554.5', '-$1,554.50'],
    ['$1,554.5', '$1,554.50'],
    ['n/a', ''],
    [null, ''],
    ['', ''],
  ])('%j → %j', (value, text) => expect(formatAmount(value)).toBe(text));
});

describe('formatShare (a fraction, exactly one decimal)', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '0.0%'],
    [0.02, '2.0%'],
    [0.157, '15.7%'],
    [0.005, '0.5%'],
    [0.00004, '0.0%'],
    [1, '100.0%'],
    [1.038, '103.8%'],
    [12.5, '1,250.0%'],
    [-0.05, '-5.0%'],
    ['0.925', '92.5%'],
    [null, ''],
    ['', ''],
  ])('%j → %j', (value, text) => expect(formatShare(value)).toBe(text));
});

describe('formatCount and other quantities', () => {
  it.each<[number | string | null | undefined, string]>([
    [0, '0'],
    [7, '7'],
    [12_345, '12,345'],
    [1_234_567_890, '1,234,567,890'],
    [-1_234, '-1,234'],
    ['2000', '2,000'],
    [null, ''],
    ['', ''],
  ])('count %j → %j', (value, text) => expect(formatCount(value)).toBe(text));

  it.each<[number | string | null, string]>([
    [1234, '1,234'],
    [2.5, '2.50'],
    [1234.567, '1,234.57'],
    [-0.5, '-0.50'],
    [0, '0'],
    [null, ''],
  ])('quantity %j → %j', (value, text) => expect(formatQuantityFigure(value)).toBe(text));
});

describe('formatDay (MM/dd/yyyy)', () => {
  it.each<[string | Date | null | undefined, string]>([
    ['2026-12-31', '12/31/2026'],
    ['2026-01-05', '01/05/2026'],
    [new Date(2026, 1, 28), '02/28/2026'],
    [new Date(Number.NaN), ''],
    ['not a day', 'not a day'],
    [null, ''],
    ['', ''],
  ])('%j → %j', (value, text) => expect(formatDay(value)).toBe(text));
});

describe('reportCellText: a cell by its column kind', () => {
  const stamp = (iso: string) => `at ${iso}`;
  it.each<[ReportColumnKind, ReportCell, string]>([
    ['minutes', 333_384, '5,556:24'],
    ['minutes', '605', '10:05'],
    ['money', '1554.5', '$1,554.50'],
    ['money', 1554.5, '$1,554.50'],
    ['percent', 0.02, '2.0%'],
    ['number', 1234, '1,234'],
    ['number', 2.5, '2.50'],
    ['date', '2026-03-05', '03/05/2026'],
    ['datetime', '2026-03-05T10:00:00Z', 'at 2026-03-05T10:00:00Z'],
    ['text', '-5', '-5'],
    // Text that is no figure is shown as it is, never read as one.
    ['minutes', 'n/a', 'n/a'],
    ['money', 'TBD 5', 'TBD 5'],
    ['percent', null, ''],
  ])('%s %j → %j', (kind, value, text) => expect(reportCellText(kind, value, stamp)).toBe(text));
});

describe('chartValueText', () => {
  it('writes minutes as hours and other values as numbers', () => {
    expect(chartValueText('minutes', 333_384)).toBe('5,556:24');
    expect(chartValueText(undefined, 1200)).toBe('1,200');
    expect(chartValueText(undefined, 2.5)).toBe('2.50');
    expect(chartValueText('money', 52_212.5)).toBe('$52,212.50');
    expect(chartValueText('money', 3337.5)).toBe('$3,337.50');
    expect(chartValueText('money', 0)).toBe('$0.00');
  });
});
