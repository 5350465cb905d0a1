// The three-way merge of a 409: base (as loaded), theirs (the current record), mine (the form). Table-driven cases and
// properties over random records: what only they changed is theirs, what only I changed is mine, and only fields both
// changed to different values are asked about.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MergeField, mergeThreeWay, resolveMerge, sameValueKey } from './conflict-merge';

const FIELDS: MergeField[] = [
  { name: 'name', label: 'Name' },
  { name: 'website', label: 'Website' },
  { name: 'phone', label: 'Phone' },
  {
    name: 'status',
    label: 'Status',
    options: [
      { value: 1, label: 'Client' },
      { value: 2, label: 'Prospect' },
      { value: 3, label: 'Vendor' },
    ],
  },
  { name: 'roles', label: 'Roles' },
  { name: 'active', label: 'Active' },
];

const BASE = {
  id: 7,
  version: 3,
  name: 'Contoso',
  website: 'contoso.example',
  phone: '',
  status: { value: 1, label: 'Client' },
  roles: ['ROLE_USER', 'ROLE_SALES'],
  active: true,
  updated: '2026-03-01T10:00:00Z',
};

describe('mergeThreeWay', () => {
  it.each([
    {
      what: 'only they changed a field: theirs, and nothing to ask',
      theirs: { website: 'their.example' },
      mine: {},
      values: { website: 'their.example' },
      conflicts: [],
      taken: ['Website'],
      kept: [],
    },
    {
      what: 'only I changed a field: mine stays',
      theirs: {},
      mine: { phone: '555-0100' },
      values: { phone: '555-0100' },
      conflicts: [],
      taken: [],
      kept: ['Phone'],
    },
    {
      what: 'each changed another field: both changes are in',
      theirs: { website: 'their.example' },
      mine: { name: 'Contoso Ltd' },
      values: { website: 'their.example', name: 'Contoso Ltd' },
      conflicts: [],
      taken: ['Website'],
      kept: ['Name'],
    },
    {
      what: 'both changed a field to the same value: no conflict',
      theirs: { name: 'Contoso Ltd' },
      mine: { name: 'Contoso Ltd' },
      values: { name: 'Contoso Ltd' },
      conflicts: [],
      taken: [],
      kept: [],
    },
    {
      what: 'both changed a field differently: asked, shown with labels, mine in the form meanwhile',
      theirs: { status: { value: 2, label: 'Prospect' } },
      mine: { status: 3, name: 'Contoso Ltd' },
      values: { status: 3, name: 'Contoso Ltd' },
      conflicts: [{ name: 'status', label: 'Status', theirs: 'Prospect', mine: 'Vendor' }],
      taken: [],
      kept: ['Name'],
    },
    {
      what: 'a picked option and its bare value are the same value; blank is blank however it travels',
      theirs: { phone: null },
      mine: { status: 1, phone: undefined },
      values: {},
      conflicts: [],
      taken: [],
      kept: [],
    },
    {
      what: 'a list of plain values is a set: roles ticked off and on again are unchanged',
      theirs: { roles: ['ROLE_USER'] },
      mine: { roles: ['ROLE_SALES', 'ROLE_USER'] },
      values: { roles: ['ROLE_USER'] },
      conflicts: [],
      taken: ['Roles'],
      kept: [],
    },
    {
      what: 'they switched a box off and both typed a phone: the box is theirs, the phone is asked',
      theirs: { active: false, phone: '555-0199' },
      mine: { phone: '555-0100' },
      values: { active: false, phone: '555-0100' },
      conflicts: [{ name: 'phone', label: 'Phone', theirs: '555-0199', mine: '555-0100' }],
      taken: ['Active'],
      kept: [],
    },
  ])('$what', ({ theirs, mine, values, conflicts, taken, kept }) => {
    const current = { ...BASE, ...theirs, version: 4, updated: '2026-03-02T09:00:00Z' };
    const merge = mergeThreeWay(BASE, current, { ...BASE, ...mine }, FIELDS);
    // Outside the form (version, stamps) their record wins: the merged values save at their version.
    expect(merge.values).toEqual({ ...current, ...values });
    expect(merge.conflicts).toEqual(conflicts);
    expect(merge.taken).toEqual(taken);
    expect(merge.kept).toEqual(kept);
  });

  it('applies each choice, and keeps mine where none was made', () => {
    const merge = mergeThreeWay(
      BASE,
      { ...BASE, name: 'Theirs Inc', website: 'their.example', version: 4 },
      { ...BASE, name: 'Mine Inc', website: 'mine.example' },
      FIELDS,
    );
    expect(merge.conflicts.map((c) => c.name)).toEqual(['name', 'website']);
    expect(resolveMerge(merge, { name: 'theirs', website: 'mine' })).toMatchObject({
      name: 'Theirs Inc',
      website: 'mine.example',
      version: 4,
    });
    expect(resolveMerge(merge, { website: 'theirs' })).toMatchObject({
      name: 'Mine Inc',
      website: 'their.example',
    });
  });
});

// ---- properties over random records ----

const NAMES = ['a', 'b', 'c', 'd', 'e', 'f'];
const fields: MergeField[] = NAMES.map((name) => ({ name, label: name.toUpperCase() }));
const value = fc.oneof(
  fc.constantFrom(null, '', 'x', 'y', 'Zoë, "quoted"\nline', 0, 1, true, false),
  fc.string({ maxLength: 3 }),
  fc.constantFrom({ value: 1, label: 'One' }, { value: 2, label: 'Two' }),
  fc.uniqueArray(fc.constantFrom('R1', 'R2', 'R3'), { maxLength: 3 }),
);
const record = fc.record(Object.fromEntries(NAMES.map((n) => [n, value])) as Record<string, typeof value>);
/** A base and two edits of it: each side changes some fields (maybe to the same value as the other side). */
const sides = fc
  .tuple(record, record, record, fc.subarray(NAMES), fc.subarray(NAMES))
  .map(([base, t, m, theirNames, myNames]) => {
    const edit = (changes: Record<string, unknown>, names: string[]) => ({
      ...base,
      ...Object.fromEntries(names.map((n) => [n, changes[n]])),
    });
    return { base, theirs: edit(t, theirNames), mine: edit(m, myNames) };
  });
const same = (a: unknown, b: unknown) => sameValueKey(a) === sameValueKey(b);
const RUNS = 2000;

describe('mergeThreeWay properties', () => {
  it(`a field only they changed ends with their value, never my base value (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(sides, ({ base, theirs, mine }) => {
        const merge = mergeThreeWay(base, theirs, mine, fields);
        for (const n of NAMES)
          if (!same(theirs[n], base[n]) && same(mine[n], base[n])) {
            expect(same(merge.values[n], theirs[n])).toBe(true);
            expect(same(merge.values[n], base[n])).toBe(false);
          }
      }),
      { numRuns: RUNS },
    );
  });

  it(`a field only I changed keeps my value, whatever is chosen (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(sides, fc.constantFrom('theirs', 'mine' as const), ({ base, theirs, mine }, choice) => {
        const merge = mergeThreeWay(base, theirs, mine, fields);
        const resolved = resolveMerge(merge, Object.fromEntries(NAMES.map((n) => [n, choice])));
        for (const n of NAMES)
          if (same(theirs[n], base[n]) && !same(mine[n], base[n])) {
            expect(merge.values[n]).toBe(mine[n]);
            expect(resolved[n]).toBe(mine[n]);
          }
      }),
      { numRuns: RUNS },
    );
  });

  it(`asks exactly about the fields both changed to different values, and each choice lands (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(sides, ({ base, theirs, mine }) => {
        const merge = mergeThreeWay(base, theirs, mine, fields);
        const expected = NAMES.filter(
          (n) => !same(theirs[n], base[n]) && !same(mine[n], base[n]) && !same(theirs[n], mine[n]),
        );
        expect(merge.conflicts.map((c) => c.name)).toEqual(expected);
        const choices = Object.fromEntries(expected.map((n, i) => [n, i % 2 ? 'theirs' : 'mine'] as const));
        const resolved = resolveMerge(merge, choices);
        for (const n of expected) expect(resolved[n]).toBe(choices[n] === 'theirs' ? theirs[n] : mine[n]);
        // With nothing changed on their side the merge is my form, unasked.
        const unchanged = mergeThreeWay(base, base, mine, fields);
        expect(unchanged.conflicts).toEqual([]);
        for (const n of NAMES) expect(same(unchanged.values[n], mine[n])).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
