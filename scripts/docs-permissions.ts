// `npm run docs:permissions`: writes README's permission table from the areas' record rows (permissions-table.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { RECORDS } from '../src/shared/records/areas.js';
import { writePermissionsTable } from './permissions-table.js';

const file = new URL('../README.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = writePermissionsTable(before, RECORDS);
if (after === before) console.log('README.md: the permission table is up to date');
else {
  writeFileSync(file, after);
  console.log('README.md: the permission table written');
}
