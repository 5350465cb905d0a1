// README's permission table ("## Permissions"), written from the record rows the areas declare
// (src/shared/records/<area>.ts `records`): each record row's Read, Create and edit and Delete cells begin with who
// may (everyone, administrators) as its kinds' access says, the row names each of its kinds, and a kind whose row is
// missing gets a row of its own. The other rows, and what follows who in a cell, are README's own text.
import type { Access, RecordAction, RecordRows } from '../src/shared/access.js';

export const TABLE_START = '<!-- permissions table: record rows written by `npm run docs:permissions` -->';
export const TABLE_END = '<!-- end of permissions table -->';

const ACTIONS: readonly RecordAction[] = ['read', 'write', 'delete'];
const WHO: Record<Access, string> = { everyone: 'everyone', admin: 'administrators' };

const cellsOf = (line: string): string[] =>
  line
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
const lineOf = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

/** A cell that begins with who may, given another who: the rest of its text kept. */
function withWho(cell: string, access: Access): string {
  const said = Object.values(WHO).find((who) => cell.startsWith(who));
  return WHO[access] + (said ? cell.slice(said.length) : cell === '—' || cell === '' ? '' : ` (${cell})`);
}

/** README with its permission table's record rows written from `records`; throws when the table is not found. */
export function writePermissionsTable(readme: string, records: RecordRows): string {
  const start = readme.indexOf(`${TABLE_START}\n`);
  const end = readme.indexOf(`${TABLE_END}\n`, start);
  if (start < 0 || end < 0)
    throw new Error(`README: the permission table's markers (${TABLE_START}) are missing`);
  const [header, rule, ...lines] = readme
    .slice(start + TABLE_START.length + 1, end)
    .split('\n')
    .filter((line) => line !== '');
  if (!header?.startsWith('| What |') || !rule?.startsWith('|---'))
    throw new Error('README: no permission table');
  const rows = lines.map(cellsOf);
  const stated = new Map<string[], { kind: string; access: Record<RecordAction, Access> }>();
  for (const [
    kind,
    {
      access,
      readme: [first, names],
    },
  ] of Object.entries(records)) {
    let row = rows.find(([what]) => what!.startsWith(first));
    if (!row) {
      row = [first === names ? first : `${first}: ${names}`, '', '', ''];
      rows.push(row);
    } else if (!row[0]!.includes(names)) row[0] = `${row[0]}, ${names}`;
    const before = stated.get(row);
    if (before && ACTIONS.some((action) => before.access[action] !== access[action]))
      throw new Error(
        `README row "${first}": ${before.kind} and ${kind} have different access; give one a row`,
      );
    stated.set(row, { kind, access });
    ACTIONS.forEach((action, i) => {
      row[i + 1] = withWho(row[i + 1]!, access[action]);
    });
  }
  const table = [header, rule, ...rows.map(lineOf)].join('\n');
  return `${readme.slice(0, start)}${TABLE_START}\n${table}\n${readme.slice(end)}`;
}
