// A stored file's kind in users' words, from its media type, else its extension.
import { describe, expect, it } from 'vitest';
import { extensionOf, fileKind } from './file-kinds';

describe('fileKind', () => {
  it.each([
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'june.xlsx', 'Excel workbook'],
    ['application/vnd.ms-excel', 'old.xls', 'Excel workbook'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'sow.docx', 'Word document'],
    ['application/msword', 'sow.doc', 'Word document'],
    [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'qbr.pptx',
      'PowerPoint presentation',
    ],
    ['application/pdf', 'pack.pdf', 'PDF'],
    ['text/csv; charset=utf-8', 'export.csv', 'CSV'],
    ['TEXT/CSV', 'export.csv', 'CSV'],
    ['image/png', 'shot.png', 'PNG image'],
    ['image/jpeg', 'photo.jpg', 'JPEG image'],
    ['image/heic', 'photo.heic', 'Image'],
    ['text/plain', 'notes.txt', 'Text'],
    ['text/markdown', 'readme.md', 'Text'],
    ['application/zip', 'logs.zip', 'ZIP archive'],
    ['application/json', 'rmm.json', 'JSON'],
  ])('%s (%s) is "%s"', (type, name, kind) => {
    expect(fileKind(type, name)).toBe(kind);
  });

  it.each([
    ['application/octet-stream', 'june.xlsx', 'Excel workbook'],
    ['', 'scan.PDF', 'PDF'],
    [null, 'photo.jpeg', 'JPEG image'],
  ])('a generic type (%s) reads the extension of %s', (type, name, kind) => {
    expect(fileKind(type, name)).toBe(kind);
  });

  it.each([
    ['application/octet-stream', 'backup.dat', 'DAT file'],
    ['application/x-unknown', 'README', 'File'],
    [undefined, '', 'File'],
  ])('an unknown type (%s, %s) is "%s"', (type, name, kind) => {
    expect(fileKind(type, name)).toBe(kind);
  });
});

describe('extensionOf', () => {
  it.each([
    ['a.b.CSV', 'csv'],
    ['.hidden', ''],
    ['trailing.', ''],
    ['none', ''],
  ])('%s → "%s"', (name, extension) => {
    expect(extensionOf(name)).toBe(extension);
  });
});
