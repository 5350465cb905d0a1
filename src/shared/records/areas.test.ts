// Every area's file of kinds and history classes is listed in areas.ts, and no kind or class is declared by two
// areas (object spreads would silently keep only the last).
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HISTORY_LABELS, RECORDS } from './areas';

type AreaRecords = { records?: Record<string, unknown>; historyLabels?: Record<string, string> };

const files = readdirSync(new URL('.', import.meta.url)).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'areas.ts',
);

describe('the areas’ kinds of record and history classes', () => {
  it('each is declared once, and every area file is put together', async () => {
    const kinds: string[] = [];
    const classes: string[] = [];
    for (const file of files) {
      const area = (await import(`./${file.replace(/\.ts$/, '')}`)) as AreaRecords;
      kinds.push(...Object.keys(area.records ?? {}));
      classes.push(...Object.keys(area.historyLabels ?? {}));
    }
    expect(files.length).toBeGreaterThan(10);
    expect(kinds.filter((k, i) => kinds.indexOf(k) !== i)).toEqual([]);
    expect(classes.filter((c, i) => classes.indexOf(c) !== i)).toEqual([]);
    expect(kinds.sort()).toEqual(Object.keys(RECORDS).sort());
    expect(classes.sort()).toEqual(Object.keys(HISTORY_LABELS).sort());
  });
});
