/**
 * Mime types by extension for the types a files app meets every day; the
 * rest are `application/octet-stream`, as Nextcloud reports unknown files.
 */
const byExtension: Record<string, string> = {
  txt: 'text/plain', md: 'text/markdown', csv: 'text/csv', html: 'text/html', htm: 'text/html',
  css: 'text/css', js: 'application/javascript', mjs: 'application/javascript', json: 'application/json',
  xml: 'application/xml', svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
  gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp', tif: 'image/tiff', tiff: 'image/tiff',
  heic: 'image/heic', ico: 'image/x-icon', avif: 'image/avif', pdf: 'application/pdf',
  zip: 'application/zip', gz: 'application/gzip', tar: 'application/x-tar', '7z': 'application/x-7z-compressed',
  mp3: 'audio/mpeg', ogg: 'audio/ogg', wav: 'audio/wav', flac: 'audio/flac', m4a: 'audio/mp4',
  mp4: 'video/mp4', webm: 'video/webm', mkv: 'video/x-matroska', mov: 'video/quicktime', avi: 'video/x-msvideo',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation', ts: 'application/typescript', sh: 'application/x-sh',
  py: 'text/x-python', ics: 'text/calendar', vcf: 'text/vcard', epub: 'application/epub+zip',
};

/** The mime type of a file name, from its extension (case-insensitive). */
export function mimeFor(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return 'application/octet-stream';
  return byExtension[name.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The image types the server makes thumbnails of (with sharp): `nc:has-preview` is true for
 * exactly these and, where pdftoppm / ffmpeg are installed, PDFs and videos (api/preview-tools.ts),
 * and `/core/preview` renders exactly those. HEIC is left out (sharp's prebuilt
 * libvips cannot decode it), SVG too (rendering it can fetch external resources).
 */
export const PREVIEWABLE_MIMES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff', 'image/bmp']);
