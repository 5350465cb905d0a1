// Every history entity the code registers, and every object class a screen passes to the history view, is shown by a
// name users know (src/shared/history-labels.ts): no class name of the code reaches a screen.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHarness, setupApi } from '../../../test/support/api.js';
import { HISTORY_CLASS_LABELS, historyClassLabel } from '../../shared/history-labels.js';
import { historyEntities } from './history.js';

let api: ApiHarness;
beforeAll(async () => {
  api = await setupApi();
}, 120_000);
afterAll(() => api?.close());

const SRC = join(import.meta.dirname, '..', '..');
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `objectClass: 'X'` (server records, client lists) and `objectClass="X"` (client history screens). */
function classesNamedInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sourceFiles(join(SRC, 'server')), ...sourceFiles(join(SRC, 'client'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/objectClass(?::\s*|=)["']([A-Za-z]+)["']/g))
      found.set(m[1]!, relative(SRC, file));
  }
  return found;
}

const CLASS_NAME = /[a-z][A-Z]/;

describe('history object classes by the names users know', () => {
  it('has a label for every history entity the app registers', () => {
    const entities = historyEntities();
    // The app registers them all at start-up: far more than a handful.
    expect(entities.length).toBeGreaterThan(30);
    const missing = entities
      .filter((e) => !(e.objectClass in HISTORY_CLASS_LABELS))
      .map((e) => e.objectClass);
    expect(missing).toEqual([]);
    for (const e of entities) expect(historyClassLabel(e.objectClass), e.key).not.toMatch(CLASS_NAME);
  });

  it('has a label for every object class named in the source, and none left over', () => {
    const named = classesNamedInSource();
    expect(named.size).toBeGreaterThan(30);
    const missing = [...named].filter(([cls]) => !(cls in HISTORY_CLASS_LABELS));
    expect(missing).toEqual([]);
    const registered = new Set([...historyEntities().map((e) => e.objectClass), ...named.keys()]);
    expect(Object.keys(HISTORY_CLASS_LABELS).filter((cls) => !registered.has(cls))).toEqual([]);
  });

  it('answers the history of a software record with its class, which the screen shows as Software', async () => {
    const software = historyEntities().find((e) => e.key === 'software');
    expect(software?.objectClass).toBe('Project');
    expect(historyClassLabel('Project')).toBe('Software');
  });
});
