/** READ and CREATE of a link's permissions (protocol §2). */
const READ = 1;
const CREATE = 4;

/**
 * A public link as the page's `data-public-share` describes it (the server's facts of the
 * link, like Nextcloud's initial state `files_sharing/*`): the shell then runs in public
 * mode, anonymous, on the link's public WebDAV `/public.php/dav/files/{token}`.
 */
export interface PublicShare {
  token: string;
  /** A folder link lists its folder; a file link shows the one file. */
  type: 'file' | 'folder';
  /** The share's name on the page: its label, else the node's name. */
  name: string;
  /** The shared node's own name (a file link's download name). */
  fileName: string;
  mime: string;
  size: number;
  /** Seconds. */
  mtime: number;
  /** The link's permission bits: READ 1, UPDATE 2, CREATE 4, DELETE 8. */
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

/** The link's screen: upload without READ is a file drop (no listing); else its node's type. */
export function publicShareMode(share: PublicShare): PublicShareMode {
  if (!canRead(share)) return 'drop';
  return share.type === 'file' ? 'file' : 'folder';
}

/** Whether the visitor may list and read. */
export function canRead(share: PublicShare): boolean {
  return (share.permissions & READ) !== 0;
}

/** Whether the visitor may upload (and create folders): an upload-enabled link or a file drop. */
export function canUpload(share: PublicShare): boolean {
  return share.type === 'folder' && (share.permissions & CREATE) !== 0;
}

/** Whether the page offers downloads: read, not hidden, not refused by the download attribute. */
export function downloadsAllowed(share: PublicShare): boolean {
  return canRead(share) && !share.hideDownload && share.downloadable;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The public link the page is for, from `<head data-public-share>`; null on a signed-in
 * user's page (no attribute) or when the attribute does not describe a link.
 */
export function readPublicShare(doc: Document = document): PublicShare | null {
  const text = doc.head.dataset['publicShare'];
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
