// `npm run floors`: the import rules' breaches by rule and the long source files, for a person to read.
import {
  importBreaches,
  judge,
  breachKey as key,
  LONG_FILES_TOLERATED,
  longFiles,
  MAX_LINES,
} from './floors.js';

/** `npm run floors`: every breach by rule (tolerated ones marked), and the long files; exit 1 on any not tolerated. */
async function report(): Promise<number> {
  const breaches = await importBreaches();
  const { failing, stale } = judge(breaches);
  const failingKeys = new Set(failing.map(key));
  const rules = [...new Set(breaches.map((b) => b.rule))].sort();
  for (const rule of rules) {
    const ofRule = breaches.filter((b) => b.rule === rule);
    console.log(`${rule}: ${ofRule.length}`);
    for (const b of ofRule)
      console.log(`  ${failingKeys.has(key(b)) ? '' : '(tolerated) '}${b.from} -> ${b.to}`);
  }
  for (const b of stale) console.log(`stale tolerated breach (drop it from TOLERATED): ${key(b)}`);
  const long = longFiles();
  const longFailing = long.filter((f) => !LONG_FILES_TOLERATED.includes(f.file));
  for (const f of long)
    console.log(
      `over ${MAX_LINES} lines: ${f.file} (${f.lines})${longFailing.includes(f) ? '' : ' (tolerated)'}`,
    );
  console.log(
    `floors: ${breaches.length} import breaches (${failing.length} not tolerated), ${long.length} long files (${longFailing.length} not tolerated)`,
  );
  return failing.length + longFailing.length === 0 ? 0 : 1;
}

process.exitCode = await report();
