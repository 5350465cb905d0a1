// The HTTP client of the files bench, run in its own process so the server's process holds only what serving
// costs: uploads a generated file as multipart/form-data (or as the bare body) and downloads one, printing the
// time, the bytes and their sha256 as JSON.
//   node --import tsx bench/files-client.ts upload|download URL COOKIE SIZE [multipart|raw]
import { createHash } from 'node:crypto';
import http from 'node:http';

const PIECE = 64 * 1024;

/** The file: a PDF header, then pseudo-random bytes (xorshift, fixed seed); the same bytes in every process. */
export function fileBytes(size: number): Buffer {
  const words = new Uint32Array(Math.ceil(size / 4));
  let x = 2463534242;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  const bytes = Buffer.from(words.buffer, 0, size);
  bytes.write('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n', 0, 'latin1');
  return bytes;
}

/** `bytes` in the pieces a socket would carry. */
export function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
}

export const BOUNDARY = 'sd6-files-bench';

/** The multipart body around the file: the document's text fields first, then the file part. */
export function multipartFrame(): { head: Buffer; tail: Buffer } {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('title', 'Bench upload') +
    field('kind', 'OTHER') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n` +
    'Content-Type: application/pdf\r\n\r\n';
  return { head: Buffer.from(head), tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`) };
}

async function upload(url: string, cookie: string, size: number, framed: boolean) {
  const { head, tail } = framed ? multipartFrame() : { head: Buffer.alloc(0), tail: Buffer.alloc(0) };
  // Made before the clock starts: the time is the transfer's alone.
  const bytes = fileBytes(size);
  const t0 = performance.now();
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: {
          cookie,
          'x-requested-with': 'XMLHttpRequest',
          'content-type': framed ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/octet-stream',
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    const chunks = (function* () {
      yield head;
      yield* pieces(bytes);
      yield tail;
    })();
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
  return { status, ms: performance.now() - t0, bytes: size };
}

async function download(url: string, cookie: string) {
  const t0 = performance.now();
  const hash = createHash('sha256');
  let bytes = 0;
  const status = await new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          hash.update(chunk);
        });
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  return { status, ms: performance.now() - t0, bytes, sha256: hash.digest('hex') };
}

if (process.argv[1]?.endsWith('files-client.ts')) {
  const [mode, url, cookie, size, framing] = process.argv.slice(2);
  const result =
    mode === 'upload'
      ? await upload(url!, cookie ?? '', Number(size), framing !== 'raw')
      : await download(url!, cookie ?? '');
  console.log(JSON.stringify(result));
}
