// The floors of the house, checked: the import rules of .dependency-cruiser.mjs and the 500-line limit on a source
// file. scripts/floors.test.ts runs them in `npm test`; `npm run floors` (floors-report.ts) prints every breach.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export type Breach = { rule: string; from: string; to: string };

/**
 * Breaches in areas being reshaped right now, tolerated until that work lands; each is an exact from -> to pair
 * (for a cycle: the file the cruiser reports it from and its next step). Empty this list as they are fixed: a
 * breach not listed here fails the floors test.
 */
export const TOLERATED: readonly Breach[] = [];

/** Source files over the limit that are being split right now; empty it as they are. */
export const LONG_FILES_TOLERATED: readonly string[] = [];

export const MAX_LINES = 500;

export const breachKey = (b: Breach) => `${b.rule}: ${b.from} -> ${b.to}`;

/** Every breach of the import rules in src (type-only imports included). */
export async function importBreaches(): Promise<Breach[]> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.mjs');
  const tsConfig = extractTSConfig('tsconfig.json');
  const { output } = await cruise(['src'], { ...options, validate: true }, {}, { tsConfig });
  const result = output as ICruiseResult;
  return (result.summary.violations ?? []).map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

/** Breaches not in TOLERATED, and tolerated ones that no longer occur (to drop from the list). */
export function judge(breaches: readonly Breach[]): { failing: Breach[]; stale: Breach[] } {
  const found = new Set(breaches.map(breachKey));
  const tolerated = new Set(TOLERATED.map(breachKey));
  return {
    failing: breaches.filter((b) => !tolerated.has(breachKey(b))),
    stale: TOLERATED.filter((b) => !found.has(breachKey(b))),
  };
}

const SOURCE = /\.(ts|tsx|mjs)$/;
const TEST = /\.(test|api\.test|e2e)\.(ts|tsx)$|\.d\.m?ts$/;
const ROOTS = ['src', 'scripts', 'bench', 'test/support'];
const SKIP = new Set(['node_modules', 'migrations']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [path] : [];
  });
}

/** Non-test source files over MAX_LINES lines, longest first. */
export function longFiles(): { file: string; lines: number }[] {
  return ROOTS.flatMap(sourceFiles)
    .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines);
}
