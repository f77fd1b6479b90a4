/**
 * The public link page's facts (protocol §11.4): the server puts them on
 * the page's `<head>` as JSON in {@link PUBLIC_SHARE_ATTRIBUTE} (as Nextcloud's initial state
 * `files_sharing/*`), the shell reads them back with {@link readPublicShareFacts} and runs in
 * public mode, anonymous, on the link's public WebDAV `/public.php/dav/files/{token}`.
 */

/** The `<head>` attribute that carries the facts. */
export const PUBLIC_SHARE_ATTRIBUTE = 'data-public-share';

/** A share's permission bits (protocol §2): what a link lets its visitors do. */
export const SHARE_PERMISSIONS = Object.freeze({ READ: 1, UPDATE: 2, CREATE: 4, DELETE: 8, SHARE: 16 } as const);

/** What the shell in public mode needs of a link. */
export interface PublicShareFacts {
  token: string;
  /** A folder link lists its folder (with READ); a file link shows the one file. */
  type: 'file' | 'folder';
  /** The share's name on the page: its label, else the node's name. */
  name: string;
  /** The shared node's own name (a file link's download name). */
  fileName: string;
  mime: string;
  size: number;
  /** Seconds. */
  mtime: number;
  /** The link's {@link SHARE_PERMISSIONS}: a file drop is CREATE without READ. */
  permissions: number;
  /** The sharer hid downloads (hide download). */
  hideDownload: boolean;
  /** False when the link's download attribute refuses downloads (product §6). */
  downloadable: boolean;
  ownerDisplayName: string;
  /** The sharer's note, '' for none. */
  note: string;
}

/** Which of the three public screens a link gets (Nextcloud's views publicShare, publicFileShare, publicFileDrop). */
export type PublicShareMode = 'folder' | 'file' | 'drop';

/** Whether the visitor may list and read. */
export function canRead(share: Pick<PublicShareFacts, 'permissions'>): boolean {
  return (share.permissions & SHARE_PERMISSIONS.READ) !== 0;
}

/** Whether the visitor may upload (and create folders): an upload-enabled folder link or a file drop. */
export function canUpload(share: Pick<PublicShareFacts, 'type' | 'permissions'>): boolean {
  return share.type === 'folder' && (share.permissions & SHARE_PERMISSIONS.CREATE) !== 0;
}

/** The link's screen: upload without READ is a file drop (no listing); else its node's type. */
export function publicShareMode(share: Pick<PublicShareFacts, 'type' | 'permissions'>): PublicShareMode {
  if (!canRead(share)) return 'drop';
  return share.type === 'file' ? 'file' : 'folder';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The facts in the attribute's text, or null when it does not describe a link (no token, no
 * type, no permissions, not JSON). Missing optional facts get their defaults.
 */
export function readPublicShareFacts(text: string | undefined): PublicShareFacts | null {
  if (text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const string = (key: string): string | null => (typeof value[key] === 'string' ? value[key] : null);
  const number = (key: string): number | null => (typeof value[key] === 'number' && Number.isFinite(value[key]) ? value[key] : null);
  const token = string('token');
  const type = value['type'];
  const permissions = number('permissions');
  if (token === null || token === '' || (type !== 'file' && type !== 'folder') || permissions === null) return null;
  const fileName = string('fileName') ?? '';
  return {
    token,
    type,
    name: string('name') || fileName,
    fileName,
    mime: string('mime') ?? '',
    size: number('size') ?? -1,
    mtime: number('mtime') ?? 0,
    permissions,
    hideDownload: value['hideDownload'] === true,
    downloadable: value['downloadable'] !== false,
    ownerDisplayName: string('ownerDisplayName') ?? '',
    note: string('note') ?? '',
  };
}
