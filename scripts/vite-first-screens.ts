// Vite plugin: writes .vite/first-screens.json, each first screen's path -> the built files it loads before it can
// show (the entry, the screen's chunks, their static imports and CSS), and .vite/first-screens-eager.json, the files
// it imports right after its first render (src/shared/first-screens.ts `eager`); prints the JavaScript of both,
// gzip, against the budget: the browser fetches both before the page is idle. It also writes .vite/route-files.json,
// every route's files besides the entry (the signed-in layout and the screen's chunks), which the server announces
// with the page of a signed-in user.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import {
  EAGER_FOR_EVERY_SCREEN,
  FIRST_SCREEN_BUDGET_GZIP,
  FIRST_SCREENS,
  FIRST_SCREENS_EAGER_FILE,
  FIRST_SCREENS_FILE,
  ROUTE_FILES_FILE,
} from '../src/shared/first-screens';
import { screenModules } from './screen-modules';

/** The signed-in layout (app-routes.tsx), loaded beside every signed-in route's screen. */
const LAYOUTS = 'src/client/shell/layouts.tsx';

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
      const eagerResult: Record<string, string[]> = {};
      const chunkOf = (module: string, path: string) => {
        const id = resolve(module);
        const chunk = module.startsWith('node_modules/')
          ? chunks.find((c) => c.moduleIds.some((m) => m.startsWith(`${id}/`)))
          : chunks.find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`${module} (of ${path}) is in no chunk`);
        return chunk;
      };
      /** `chunk` and what it imports (its CSS too) into `into`, but nothing already in `skip`. */
      const visit = (chunk: OutputChunk, into: Set<string>, skip: Set<string>) => {
        if (skip.has(chunk.fileName) || into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const name of chunk.imports) {
          const next = bundle[name];
          if (next?.type === 'chunk') visit(next, into, skip);
        }
      };
      const none = new Set<string>();
      for (const screen of FIRST_SCREENS) {
        const files = new Set<string>();
        visit(entry, files, none);
        for (const module of screen.modules) visit(chunkOf(module, screen.path), files, none);
        const eager = new Set<string>();
        for (const module of [...EAGER_FOR_EVERY_SCREEN, ...screen.eager])
          visit(chunkOf(module, screen.path), eager, files);
        result[screen.path] = [...files];
        eagerResult[screen.path] = [...eager];
      }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_FILE, source: JSON.stringify(result, null, 2) });
      const entryFiles = new Set<string>();
      visit(entry, entryFiles, none);
      const routeFiles: Record<string, string[]> = {};
      for (const [route, module] of screenModules(process.cwd())) {
        const files = new Set<string>();
        for (const m of [LAYOUTS, module]) visit(chunkOf(m, route), files, entryFiles);
        routeFiles[route] = [...files].filter((f) => f.endsWith('.js'));
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_FILES_FILE, source: JSON.stringify(routeFiles) });
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREENS_EAGER_FILE,
        source: JSON.stringify(eagerResult, null, 2),
      });
    },
    // Sizes of the files as written (with their preload lists and source map comments filled in).
    writeBundle(options) {
      const dir = options.dir ?? 'dist/client';
      const file = join(dir, FIRST_SCREENS_FILE);
      if (!existsSync(file)) return;
      const screens = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
      const eager = JSON.parse(readFileSync(join(dir, FIRST_SCREENS_EAGER_FILE), 'utf8')) as Record<
        string,
        string[]
      >;
      const gzipOf = (files: string[]) =>
        files
          .filter((f) => f.endsWith('.js'))
          .reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);
      for (const [path, files] of Object.entries(screens)) {
        const first = gzipOf(files);
        const after = gzipOf(eager[path] ?? []);
        const over = first + after > FIRST_SCREEN_BUDGET_GZIP;
        console[over ? 'warn' : 'log'](
          `client: ${path} loads ${kb(first + after)} of JavaScript gzip before it is idle (budget ` +
            `${kb(FIRST_SCREEN_BUDGET_GZIP)}): ${kb(first)} for its first paint, ${kb(after)} right after it` +
            (over ? ' OVER BUDGET' : ''),
        );
      }
    },
  };
}
