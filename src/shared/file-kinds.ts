// The kind of a stored file in the words users know ("Excel workbook", "PDF"), from its media type, else from its
// name's extension (an upload sent as application/octet-stream); the raw media type stays for a tooltip.

type Kind = { kind: string; types: readonly string[]; extensions: readonly string[] };

const KINDS: readonly Kind[] = [
  { kind: 'PDF', types: ['application/pdf'], extensions: ['pdf'] },
  {
    kind: 'Excel workbook',
    types: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-excel',
      'application/vnd.ms-excel.sheet.macroenabled.12',
    ],
    extensions: ['xlsx', 'xls', 'xlsm'],
  },
  {
    kind: 'Word document',
    types: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword'],
    extensions: ['docx', 'doc'],
  },
  {
    kind: 'PowerPoint presentation',
    types: [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.ms-powerpoint',
    ],
    extensions: ['pptx', 'ppt'],
  },
  { kind: 'CSV', types: ['text/csv', 'application/csv'], extensions: ['csv'] },
  { kind: 'Text', types: ['text/plain'], extensions: ['txt', 'log'] },
  { kind: 'ZIP archive', types: ['application/zip', 'application/x-zip-compressed'], extensions: ['zip'] },
  { kind: 'JSON', types: ['application/json'], extensions: ['json'] },
  { kind: 'XML', types: ['application/xml', 'text/xml'], extensions: ['xml'] },
  { kind: 'Web page', types: ['text/html'], extensions: ['html', 'htm'] },
  { kind: 'PNG image', types: ['image/png'], extensions: ['png'] },
  { kind: 'JPEG image', types: ['image/jpeg', 'image/pjpeg'], extensions: ['jpg', 'jpeg'] },
  { kind: 'GIF image', types: ['image/gif'], extensions: ['gif'] },
  { kind: 'SVG image', types: ['image/svg+xml'], extensions: ['svg'] },
  { kind: 'WebP image', types: ['image/webp'], extensions: ['webp'] },
  { kind: 'Email message', types: ['message/rfc822'], extensions: ['eml', 'msg'] },
];

const byType = new Map(KINDS.flatMap((k) => k.types.map((t) => [t, k.kind] as const)));
const byExtension = new Map(KINDS.flatMap((k) => k.extensions.map((e) => [e, k.kind] as const)));

/** The name's extension, lower case, without the dot ('' for none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** "Excel workbook", "PDF", "PNG image"…; an unknown type says "File" with its extension ("DAT file"). */
export function fileKind(contentType: string | null | undefined, name = ''): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const extension = extensionOf(name);
  const known = byType.get(type) ?? byExtension.get(extension);
  if (known) return known;
  if (type.startsWith('image/')) return 'Image';
  if (type.startsWith('text/')) return 'Text';
  return extension ? `${extension.toUpperCase()} file` : 'File';
}
