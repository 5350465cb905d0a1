// The supported Node.js versions: the table, package.json's "engines" in step, and scripts/start.mjs refusing an old
// one (under npm it runs on the `node` package's Node.js 24), and npm scripts running on Node.js 24.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINES, isSupportedNode, nodeVersionProblem } from './node-version.mjs';

describe('supported Node.js versions', () => {
  it.each([
    ['24.0.0', true],
    ['24.21.0', true],
    ['25.2.1', true],
    ['22.12.0', true],
    ['22.22.1', true],
    ['22.11.0', false],
    ['23.11.1', false],
    ['20.20.2', false],
    ['18.20.8', false],
  ])('%s supported: %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
    expect(nodeVersionProblem(version) === null).toBe(supported);
  });

  it('says which versions are supported and which one this is', () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      'SD6 needs Node.js 24 LTS (or 22.12 or newer in the 22 line); this is Node.js 20.20.2. ' +
        'Start it with npm (npm start), which runs it on the Node.js 24 that npm install brings, ' +
        'or install Node.js 24 (https://nodejs.org).',
    );
  });

  it('matches "engines" in package.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(ENGINES);
  });

  it.each(['20.20.2', '22.11.0'])(
    'scripts/start.mjs on Node.js %s says so and exits 1 before building',
    (version) => {
      // The version this process reports is replaced before start.mjs runs, as an older Node.js would report it.
      const pretend = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`;
      const run = spawnSync(process.execPath, ['--import', pretend, 'scripts/start.mjs'], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(nodeVersionProblem(version));
      expect(run.stdout).toBe('');
    },
  );

  it('runs npm scripts on the Node.js 24 the lockfile pins, whatever Node.js runs npm', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    const run = spawnSync('npm', ['exec', '--offline', '--', 'node', '-p', 'process.versions.node'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.devDependencies.node);
  });
});
