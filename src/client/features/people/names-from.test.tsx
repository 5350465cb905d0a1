// A search for someone not there prefills the new person's names.
import { describe, expect, it } from 'vitest';
import { namesFrom } from './names-from';

describe('namesFrom', () => {
  it.each([
    ['', {}],
    ['   ', {}],
    ['Jane', { firstName: 'Jane' }],
    ['  Jane   Doe ', { firstName: 'Jane', lastName: 'Doe' }],
    ['Jane van Dyke', { firstName: 'Jane', lastName: 'van Dyke' }],
    ['jane@example.com', {}],
    ['555 0100', {}],
  ])('%j -> %j', (search, names) => {
    expect(namesFrom(search)).toEqual(names);
  });
});
