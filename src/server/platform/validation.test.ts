// The depth guard read off the JSON text: brackets inside strings (and escaped quotes) do not count.
import { describe, expect, it } from 'vitest';
import { jsonDepthOver } from './validation.js';

describe('jsonDepthOver', () => {
  it.each([
    ['{}', 1, false],
    ['{}', 0, true],
    ['[[1]]', 2, false],
    ['[[[1]]]', 2, true],
    ['{"a":{"b":[1,{"c":2}]}}', 4, false],
    ['{"a":{"b":[1,{"c":2}]}}', 3, true],
    ['[1],[2],[3]', 1, false],
    [`"${'['.repeat(100)}"`, 1, false],
    [`{"a":"\\"[[[[[["}`, 1, false],
    [`{"a":"\\\\","b":[[[1]]]}`, 3, true],
    [`${'['.repeat(5000)}${']'.repeat(5000)}`, 64, true],
    [`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`, 64, true],
  ])('%s within %i levels: over %s', (text, limit, over) => {
    expect(jsonDepthOver(text, limit)).toBe(over);
  });
});
