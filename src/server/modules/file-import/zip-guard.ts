// A workbook is a zip: before the XLSX reader inflates anything, its central directory is read here and every
// entry's declared size checked, then each entry is inflated once into nothing while its real size is counted (a
// zip may lie about its sizes), so a zip bomb is refused before it can fill memory or the disk.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';
import { ImportRefused } from './file-store.js';

/** The most a workbook may unpack to, all entries together. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
/** An entry past this size must not be packed tighter than MAX_RATIO (text XML packs ~10-30×; a bomb ~1000×). */
const RATIO_FLOOR_BYTES = 50 * 1024 * 1024;
const MAX_RATIO = 400;
const MAX_ENTRIES = 10_000;

export const ZIP_BOMB =
  'This workbook unpacks to far more data than a real export (a "zip bomb"), so it was not read.';
export const ZIP_DAMAGED = 'This workbook is damaged or not an Excel (.xlsx) file. Save it again and retry.';
export const NOT_WORKBOOK = 'This zip file is not an Excel (.xlsx) workbook.';

type Entry = { name: string; method: number; compressed: number; size: number; offset: number };

async function centralDirectory(path: string): Promise<Entry[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0 || eocd + 22 > tail.length) throw new ImportRefused(ZIP_DAMAGED);
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    // Zip64 (entries or archives past 4 GB) has no place in a 100 MB export.
    if (count === 0xffff || dirOffset === 0xffffffff) throw new ImportRefused(ZIP_BOMB);
    if (count > MAX_ENTRIES || dirOffset + dirSize > size) throw new ImportRefused(ZIP_DAMAGED);
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: Entry[] = [];
    for (let at = 0, i = 0; i < count; i++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) throw new ImportRefused(ZIP_DAMAGED);
      const nameLength = dir.readUInt16LE(at + 28);
      const extra = dir.readUInt16LE(at + 30);
      const comment = dir.readUInt16LE(at + 32);
      const entry = {
        method: dir.readUInt16LE(at + 10),
        compressed: dir.readUInt32LE(at + 20),
        size: dir.readUInt32LE(at + 24),
        offset: dir.readUInt32LE(at + 42),
        name: dir.toString('utf8', at + 46, at + 46 + nameLength),
      };
      if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) throw new ImportRefused(ZIP_BOMB);
      entries.push(entry);
      at += 46 + nameLength + extra + comment;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

const tooPacked = (size: number, compressed: number) =>
  size > RATIO_FLOOR_BYTES && size / Math.max(compressed, 1) > MAX_RATIO;

/** Counts the bytes an entry really inflates to, stopping as soon as a limit is passed. */
async function inflatedSize(path: string, entry: Entry, budget: number): Promise<number> {
  const handle = await open(path, 'r');
  let dataStart: number;
  try {
    const header = Buffer.alloc(30);
    await handle.read(header, 0, 30, entry.offset);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new ImportRefused(ZIP_DAMAGED);
    dataStart = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.method === 0) return entry.compressed;
  if (entry.method !== 8) throw new ImportRefused(ZIP_DAMAGED);
  if (entry.compressed === 0) return 0;
  let seen = 0;
  const counter = new Writable({
    write(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > budget || tooPacked(seen, entry.compressed)) done(new ImportRefused(ZIP_BOMB));
      else done();
    },
  });
  try {
    await pipeline(
      createReadStream(path, { start: dataStart, end: dataStart + entry.compressed - 1 }),
      createInflateRaw(),
      counter,
    );
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(ZIP_DAMAGED);
  }
  return seen;
}

/** Refuses a workbook that is damaged, is not a workbook, or unpacks to too much; answers when it is safe to read. */
export async function guardWorkbook(path: string): Promise<void> {
  const entries = await centralDirectory(path);
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('xl/workbook.xml') || !names.has('[Content_Types].xml'))
    throw new ImportRefused(NOT_WORKBOOK);
  let declared = 0;
  for (const entry of entries) {
    declared += entry.size;
    if (declared > MAX_UNPACKED_BYTES || tooPacked(entry.size, entry.compressed))
      throw new ImportRefused(ZIP_BOMB);
  }
  let budget = MAX_UNPACKED_BYTES;
  for (const entry of entries) budget -= await inflatedSize(path, entry, budget);
}
