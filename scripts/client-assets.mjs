// After the client build: brotli and gzip copies of every text asset (served by Accept-Encoding), and the gzip
// size of the JavaScript each first screen loads, checked against the budget.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest|ico)$/;
// index.html is a template the server fills in (and compresses) at start.
const SKIP = new Set(['index.html']);

/** Writes file.br and file.gz beside each compressible file of `dir` where they come out smaller. */
export async function compressAssets(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name) && !SKIP.has(f.name))
    .map((f) => join(f.parentPath, f.name));
  await Promise.all(
    files.map(async (file) => {
      const content = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: 9 }),
      ]);
      if (br.length < content.length) writeFileSync(`${file}.br`, br);
      if (gzipped.length < content.length) writeFileSync(`${file}.gz`, gzipped);
    }),
  );
  return files.length;
}

/** The screens whose first load is budgeted: the source modules they need besides the entry. */
export const FIRST_SCREENS = {
  '/login': ['src/client/features/auth/login-page.tsx'],
  '/manage/case/': ['src/client/shell/layouts.tsx', 'src/client/features/cases/case-list-page.tsx'],
};
export const BUDGET_GZIP = 150 * 1024;

/** Files (under dir) of the entry, the given modules and everything they import statically (Vite's manifest). */
export function initialFiles(dir, modules) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const files = new Set();
  modules = [entry, ...modules];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const module of modules) {
    // A dynamic entry merged with shared modules is keyed by its chunk (`_name-hash.js`), without `src`.
    const name = module.split('/').pop().replace(/\.tsx?$/, '');
    const key =
      Object.keys(manifest).find((k) => manifest[k].src === module) ??
      Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && manifest[k].name === name);
    if (!key) throw new Error(`${module} is not a chunk of the build: update FIRST_SCREENS`);
    visit(key);
  }
  return [...files];
}

/** gzip bytes of the screen's initial JavaScript (from the .gz copies, else the file). */
export function initialJsGzip(dir, modules) {
  let total = 0;
  for (const file of initialFiles(dir, modules).filter((f) => f.endsWith('.js'))) {
    let size;
    try {
      size = readFileSync(join(dir, `${file}.gz`)).length;
    } catch {
      size = readFileSync(join(dir, file)).length;
    }
    total += size;
  }
  return total;
}
