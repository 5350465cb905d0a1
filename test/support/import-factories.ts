// RMM import test material: uploads through the real route (a file from memory or streamed from disk), waiting for
// a run's job, generated NinjaOne exports of any size (streamed to a temp file), workbooks made by exceljs, and a
// zip bomb dressed as a workbook.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ImportRun } from '../../src/shared/schemas/file-import.js';
import type { Caller } from './api.js';

export const FIXTURES = join(import.meta.dirname, '../fixtures/rmm');
export const fixture = (name: string) => readFile(join(FIXTURES, name));

export const NINJA_HEADER =
  'Display Name,System Name,Organization,Location,Device ID,Role,OS Name,OS Build,Manufacturer,Model,Serial Number,BIOS Version,Last Contact,Warranty End Date,Virtual Machine';

/** One NinjaOne device export line for device `i` of `organization`. */
export const ninjaLine = (organization: string, i: number, prefix = 'GEN') =>
  `PC ${i},${prefix}-${i},${organization},Main Office,${prefix}${i},Windows Desktop,Windows 11 Pro,22631,Dell Inc.,OptiPlex 7010,${prefix}SN${i},1.18.0,03/15/2024 2:22 PM,06/30/2026,No`;

/** A NinjaOne export of `rows` devices written to `path` a line at a time (never whole in memory). */
export async function writeNinjaCsv(path: string, organization: string, rows: number, prefix = 'GEN') {
  const out = createWriteStream(path);
  out.write(`${NINJA_HEADER}\n`);
  for (let i = 1; i <= rows; i++) {
    if (!out.write(`${ninjaLine(organization, i, prefix)}\n`)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

type Cell = string | number | boolean | Date | null;

/** A one-sheet workbook made by exceljs; `dateFormat` styles the Date cells. */
export async function makeXlsx(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Devices');
  for (const row of rows) sheet.addRow(row);
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'mm/dd/yyyy hh:mm';
    }),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip with the entries an .xlsx has, whose worksheet inflates from ~60 KB to `megabytes` MB of zeros. */
export function zipBomb(megabytes = 64, honest = true): Buffer {
  const entries = [
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(megabytes * 1024 * 1024) },
  ];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const size = honest ? e.data.length : 1000;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** POSTs an upload (bytes, or a file streamed from disk) with the session `cookie`, as the browser's form does. */
export async function uploadExport(
  app: FastifyInstance,
  cookie: string,
  file: { name: string; data?: Buffer; path?: string },
  preset?: string,
) {
  const boundary = `sd6-${randomBytes(8).toString('hex')}`;
  const head = [
    ...(preset === undefined
      ? []
      : [`--${boundary}\r\nContent-Disposition: form-data; name="preset"\r\n\r\n${preset}\r\n`]),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ].join('');
  const tail = `\r\n--${boundary}--\r\n`;
  async function* body() {
    yield Buffer.from(head);
    if (file.path) for await (const chunk of createReadStream(file.path)) yield chunk as Buffer;
    else yield file.data!;
    yield Buffer.from(tail);
  }
  return app.inject({
    method: 'POST',
    url: '/api/admin/file-import/upload',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Readable.from(body()),
  });
}

/** Polls a run until its job has finished (DONE or FAILED), as the screen does. */
export async function waitForRun(caller: Caller, runId: number, timeoutMs = 120_000): Promise<ImportRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = (await caller.get(`/api/admin/file-import/${runId}`)).json().run as ImportRun;
    if (run.status === 'DONE' || run.status === 'FAILED') return run;
    if (Date.now() > until) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
