// `npm test`: every suite this machine can run, then one closing line "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from './chromium.mjs';
import { nodeVersionProblem } from './node-version.mjs';

// The suites still run on an older Node.js (a developer's machine), but what they prove holds for the supported
// ones only: under npm the `node` package (Node.js 24) runs them, as in CI.
console.log(`Node.js ${process.version}`);
const problem = nodeVersionProblem();
if (problem) console.log(`warning: ${problem} The tests run anyway; CI runs them on Node.js 24.`);

const extra = process.argv.slice(2);
const projects = ['unit', 'unit-tz2', 'client', 'api-pglite'];
if (process.env.TEST_DATABASE_URL) projects.push('api-postgres');
else
  console.log('notice: TEST_DATABASE_URL is not set, so the API suite runs on the embedded database only.');

const chromium = findChromium();
if (chromium) projects.push('e2e');
else if (process.env.E2E_REQUIRED === '1') {
  console.error('E2E_REQUIRED=1 but no Chromium was found (install the chromium package).');
  process.exit(1);
} else console.log('notice: no Chromium found, so the browser journeys are skipped.');

if (projects.includes('e2e')) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync('.tmp', { recursive: true });

/** What failed, one line each, so the end of a long log names it (a file that did not load has no test to fail). */
function failures(result) {
  const lines = [];
  for (const file of result.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) lines.push(`FAILED ${file.name} > ${t.fullName}`);
    if (file.status === 'failed' && failedTests.length === 0)
      lines.push(`FAILED ${file.name}: ${String(file.message ?? '').split('\n')[0]}`);
  }
  return lines;
}

/** One vitest run over some projects; its counts come from its JSON report. */
function runVitest(names, report) {
  rmSync(report, { force: true });
  const args = ['vitest', 'run', ...names.flatMap((p) => ['--project', p])];
  args.push(
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--passWithNoTests',
    ...extra,
  );
  const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, TZ: 'UTC' } });
  try {
    const result = JSON.parse(readFileSync(report, 'utf8'));
    const failed = result.numFailedTests + (result.numRuntimeErrors ?? 0);
    const named = failures(result);
    if (run.status !== 0 && failed === 0)
      named.push(
        `FAILED vitest exited with ${run.status} with no failed test (an error outside the tests: see above)`,
      );
    return {
      named,
      ok: run.status === 0 && failed === 0,
      passed: result.numPassedTests,
      failed: run.status === 0 || failed > 0 ? failed : 1,
      skipped: result.numPendingTests + result.numTodoTests,
    };
  } catch {
    return { ok: false, passed: 0, failed: 1, skipped: 0, named: [`FAILED ${names.join(', ')}: no report`] };
  }
}

// The browser journeys run on their own after the rest: sharing two cores with the API suites made their
// timing depend on what else was running.
const groups = [projects.filter((p) => p !== 'e2e'), projects.filter((p) => p === 'e2e')].filter(
  (g) => g.length,
);
const results = groups.map((names, i) => runVitest(names, `.tmp/test-report${i ? `-${names[0]}` : ''}.json`));
const sum = (key) => results.reduce((n, r) => n + r[key], 0);
const passed = sum('passed');
const failed = sum('failed');
const skipped = sum('skipped');
const status = results.every((r) => r.ok) ? 0 : 1;
for (const line of results.flatMap((r) => r.named)) console.log(line);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status);
