// Vite plugin: writes .vite/first-screens.json, each first screen's path -> the built files it loads before it can
// show (the entry, the screen's chunks, their static imports and CSS), and prints their JavaScript's gzip size
// against the budget.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { FIRST_SCREEN_BUDGET_GZIP, FIRST_SCREENS, FIRST_SCREENS_FILE } from '../src/shared/first-screens';

type OutputChunk = Rollup.OutputChunk;
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export function firstScreens(): Plugin {
  return {
    name: 'sd6-first-screens',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const result: Record<string, string[]> = {};
      for (const screen of FIRST_SCREENS) {
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const name of chunk.imports) {
            const next = bundle[name];
            if (next?.type === 'chunk') visit(next);
          }
        };
        visit(entry);
        for (const module of screen.modules) {
          const chunk = chunks.find((c) => c.moduleIds.includes(resolve(module)));
          if (!chunk) this.error(`${module} (first screen ${screen.path}) is in no chunk`);
          visit(chunk);
        }
        result[screen.path] = [...files];
      }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_FILE, source: JSON.stringify(result, null, 2) });
    },
    // Sizes of the files as written (with their preload lists and source map comments filled in).
    writeBundle(options) {
      const dir = options.dir ?? 'dist/client';
      const file = join(dir, FIRST_SCREENS_FILE);
      if (!existsSync(file)) return;
      const screens = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
      for (const [path, files] of Object.entries(screens)) {
        const gzip = files
          .filter((f) => f.endsWith('.js'))
          .reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
        const over = gzip > FIRST_SCREEN_BUDGET_GZIP;
        console[over ? 'warn' : 'log'](
          `client: ${path} loads ${kb(gzip)} of JavaScript gzip (budget ${kb(FIRST_SCREEN_BUDGET_GZIP)})` +
            (over ? ' OVER BUDGET' : ''),
        );
      }
    },
  };
}
