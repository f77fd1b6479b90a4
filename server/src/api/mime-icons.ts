/** The icon families a mime type falls into, as Nextcloud's file type icons group them. */
export type IconKind = 'folder' | 'image' | 'video' | 'audio' | 'text' | 'pdf' | 'archive' | 'file';

/** Picks the icon family of a mime type. */
export function iconKindOf(mime: string): IconKind {
  if (mime === 'httpd/unix-directory') return 'folder';
  if (mime === 'application/pdf') return 'pdf';
  const [major] = mime.split('/');
  if (major === 'image' || major === 'video' || major === 'audio' || major === 'text') return major;
  if (/zip|tar|rar|7z|compressed|gzip|bzip/.test(mime)) return 'archive';
  return 'file';
}

const colors: Record<IconKind, string> = {
  folder: '#0082c9',
  image: '#e2a03b',
  video: '#c8345a',
  audio: '#8e44ad',
  text: '#4a6a8a',
  pdf: '#dc3d3d',
  archive: '#6f6f6f',
  file: '#8c8c8c',
};

/**
 * A square SVG icon for a mime type (the preview fallback when no thumbnail can be made):
 * a folder shape for folders, a page with a coloured band for files.
 */
export function mimeIconSvg(mime: string): string {
  const kind = iconKindOf(mime);
  const color = colors[kind];
  const shape =
    kind === 'folder'
      ? `<path d="M2 6a2 2 0 0 1 2-2h8l3 3h13a2 2 0 0 1 2 2v17a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2z" fill="${color}"/>`
      : `<path d="M6 2h14l8 8v18a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z" fill="#fff" stroke="${color}" stroke-width="1.5"/>` +
        `<path d="M20 2v8h8" fill="none" stroke="${color}" stroke-width="1.5"/>` +
        `<rect x="8" y="18" width="16" height="6" rx="1" fill="${color}"/>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32" role="img" aria-label="${kind}">${shape}</svg>\n`;
}
