// The list of areas against what it stands for: every folder of modules/ is one area, listed once; every kind of
// record of the permission table (declared by its area, shared/records/<area>.ts) is served by one area,
// and README's "Permissions" says of each what its row says.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Access, RECORD_ACCESS } from '../../shared/permissions.js';
import { RECORDS } from '../../shared/records/areas.js';
import { AREAS } from './areas.js';

const root = new URL('../../../', import.meta.url);
const folders = readdirSync(new URL('src/server/modules/', root), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** README's permission table: the "What" cell and the Read, Create and edit, Delete cells of each row. */
function readmeTable(): string[][] {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Permissions\n'));
  const table = section.slice(section.indexOf('\n| What |'));
  return table
    .split('\n')
    .slice(3)
    .filter((line, i, lines) => line.startsWith('|') && lines.slice(0, i).every((l) => l.startsWith('|')))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** How a README cell says who: "everyone…" or "administrators…". */
const accessOf = (cell: string): Access | string =>
  cell.startsWith('everyone') ? 'everyone' : cell.startsWith('administrators') ? 'admin' : cell;

/** The permission rows of the areas' kinds of record. */
const rows = Object.entries(RECORDS).map(([kind, row]) => ({ kind, ...row }));

describe('the areas (modules/areas.ts)', () => {
  it('lists every folder of modules/ once, each area named as its folder', () => {
    const names = AREAS.map((area) => area.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...folders].sort());
  });

  it("serve the permission table's kinds of record, each kind in one area, as shared/permissions.ts has them", () => {
    const kinds = AREAS.flatMap((area) => area.records ?? []);
    expect(new Set(kinds).size, 'a kind served by two areas').toBe(kinds.length);
    expect([...kinds].sort()).toEqual(Object.keys(RECORD_ACCESS).sort());
    expect(Object.fromEntries(rows.map((row) => [row.kind, row.access]))).toEqual(RECORD_ACCESS);
  });

  it('declare search sources of distinct kinds', () => {
    const kinds = AREAS.flatMap((area) => (area.searchSources ?? []).map((source) => source.kind));
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds).size).toBe(kinds.length);
  });
});

describe("README's permission table", () => {
  const table = readmeTable();

  it('is found, with its columns', () => {
    expect(table.length).toBeGreaterThan(20);
    for (const row of table) expect(row).toHaveLength(4);
  });

  it('says of each kind of record what its permission row says', () => {
    for (const { kind, access, readme } of rows) {
      const [start, names] = readme;
      const row = table.find(([what]) => what!.startsWith(start) && what!.includes(names));
      expect(row, `README row of ${kind}: "${start}…${names}"`).toBeDefined();
      const [, read, write, remove] = row!;
      expect({ kind, read: accessOf(read!), write: accessOf(write!), delete: accessOf(remove!) }).toEqual({
        kind,
        ...access,
      });
    }
  });
});
