// README's permission table is what `npm run docs:permissions` writes from the areas' record rows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN, WORK } from '../src/shared/access.js';
import { RECORDS } from '../src/shared/records/areas.js';
import { TABLE_END, TABLE_START, writePermissionsTable } from './permissions-table.js';

const table = (...rows: string[]) =>
  [
    '# Permissions',
    '',
    TABLE_START,
    '| What | Read | Create and edit | Delete |',
    '|---|---|---|---|',
    ...rows,
  ]
    .concat([TABLE_END, '', 'After.', ''])
    .join('\n');

describe("README's permission table", () => {
  it('is what npm run docs:permissions writes from the record rows (run it after changing a row)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(writePermissionsTable(readme, RECORDS)).toBe(readme);
  });
});

describe('writePermissionsTable', () => {
  const readme = table(
    '| Admin lists: departments | administrators | administrators | administrators (when unused) |',
    '| Global search | everyone | — | — |',
  );

  it('keeps a table that says what the rows say, and the rows that are not records', () => {
    const records = { department: { access: ADMIN, readme: ['Admin lists', 'departments'] } } as const;
    expect(writePermissionsTable(readme, records)).toBe(readme);
  });

  it('writes who may from the access and keeps the rest of the cell', () => {
    const records = { department: { access: WORK, readme: ['Admin lists', 'departments'] } } as const;
    expect(writePermissionsTable(readme, records)).toBe(
      table(
        '| Admin lists: departments | everyone | everyone | everyone (when unused) |',
        '| Global search | everyone | — | — |',
      ),
    );
  });

  it('names a new kind in its row, or gives it a row of its own', () => {
    const records = {
      department: { access: ADMIN, readme: ['Admin lists', 'departments'] },
      leadSource: { access: ADMIN, readme: ['Admin lists', 'lead sources'] },
      widget: { access: WORK, readme: ['Widgets', 'Widgets'] },
    } as const;
    expect(writePermissionsTable(readme, records)).toBe(
      table(
        '| Admin lists: departments, lead sources | administrators | administrators | administrators (when unused) |',
        '| Global search | everyone | — | — |',
        '| Widgets | everyone | everyone | everyone |',
      ),
    );
  });

  it('refuses two kinds of different access in one row, and a README without the markers', () => {
    const records = {
      department: { access: ADMIN, readme: ['Admin lists', 'departments'] },
      widget: { access: WORK, readme: ['Admin lists', 'widgets'] },
    } as const;
    expect(() => writePermissionsTable(readme, records)).toThrow(/different access/);
    expect(() => writePermissionsTable('# Permissions\n', {})).toThrow(/markers/);
  });
});
