// The floors in `npm test`: a new import breach, a new source file over 500 lines or a DOM or Node type in shared
// code fails CI, with the list.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { breachKey, importBreaches, judge, LONG_FILES_TOLERATED, longFiles, MAX_LINES } from './floors.js';

describe('the floors of the house', () => {
  it('keeps the import rules: no cycles, shared imports no side, the platform and data layer no area, an area others only through their index.ts, client and server apart', async () => {
    const { failing } = judge(await importBreaches());
    expect(failing.map(breachKey)).toEqual([]);
  }, 120_000);

  it(`has no source file over ${MAX_LINES} lines`, () => {
    const long = longFiles().filter((f) => !LONG_FILES_TOLERATED.includes(f.file));
    expect(long.map((f) => `${f.file}: ${f.lines} lines`)).toEqual([]);
  });

  it('compiles src/shared with no DOM and no Node types', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', 'src/shared'], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);
});
