/** What a chunk PUT announces before its body arrives. */
export interface ChunkAnnouncement {
  /** `Content-Length`, when sent. */
  length?: number;
  /** `OC-Total-Length`, when sent. */
  totalLength?: number;
}

/** Abandoned uploads are removed after this long without a chunk PUT. */
export const UPLOAD_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The number a chunk name starts with: the whole name, or the start offset of a `start-end` name. */
function leadingNumber(name: string): bigint {
  const dash = name.indexOf('-');
  return BigInt(dash < 0 ? name : name.slice(0, dash));
}

/**
 * Chunk names in assembly order: by their (leading) number, not text order; `start-end`
 * names (rclone, Nextcloud's documented naming) by their start offset.
 */
export function numericOrder(names: string[]): string[] {
  return [...names].sort((a, b) => {
    const x = leadingNumber(a);
    const y = leadingNumber(b);
    if (x !== y) return x < y ? -1 : 1;
    return a < b ? -1 : a > b ? 1 : 0;
  });
}
