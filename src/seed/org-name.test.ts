import { describe, expect, it } from 'vitest';
import { buildInventory } from './inventory.js';
import { ORG_INDUSTRIES, ORG_PREFIXES, ORG_SUFFIXES } from './inventory-data.js';
import { orgName } from './org-name.js';
import { seededRandom } from './random.js';

/** A word said twice in a row ("Group Group"), case-insensitive. */
const repeatedWord = (name: string) =>
  name
    .toLowerCase()
    .split(/\s+/)
    .some((word, i, words) => i > 0 && word === words[i - 1]);

describe('demo organization names', () => {
  it('leave off a suffix whose word the name already ends with', () => {
    expect(orgName('Coastal', 'Law Group', 'Group')).toBe('Coastal Law Group');
    expect(orgName('Summit', 'CPA Group', 'Group')).toBe('Summit CPA Group');
    expect(orgName('Summit', 'Dental', 'Group')).toBe('Summit Dental Group');
    expect(orgName('Summit', 'Dental', '')).toBe('Summit Dental');
    expect(orgName('Summit', 'Partners', '& Associates')).toBe('Summit Partners & Associates');
    expect(orgName('Summit', 'Dental Partners', 'Partners')).toBe('Summit Dental Partners');
  });

  it('never repeat a word over every prefix, industry and suffix', () => {
    const industries = ORG_INDUSTRIES.map((entry) => entry.split('/')[0] ?? '');
    const repeated: string[] = [];
    let count = 0;
    for (const prefix of ORG_PREFIXES)
      for (const industry of industries)
        for (const suffix of ORG_SUFFIXES) {
          const name = orgName(prefix, industry, suffix);
          count++;
          if (repeatedWord(name)) repeated.push(name);
        }
    expect(count).toBeGreaterThan(1000);
    expect(repeated).toEqual([]);
  });

  it('are what the demo inventory gives its organizations', () => {
    const inv = buildInventory(seededRandom(7), new Date('2026-03-02T12:00:00Z'), [101, 102, 103, 104, 105]);
    const names = inv.organizations.map((o) => String(o.name));
    expect(names.length).toBeGreaterThan(200);
    expect(names.filter(repeatedWord)).toEqual([]);
  });
});
