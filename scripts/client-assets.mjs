// After the client build: brotli and gzip copies of every text asset, served by Accept-Encoding (static.ts).
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
    .filter(
      (f) => f.isFile() && COMPRESSIBLE.test(f.name) && !SKIP.has(f.name) && !f.parentPath.includes('.vite'),
    )
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
