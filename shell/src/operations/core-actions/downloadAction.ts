import { Permission, hasPermission, isDownloadable, isFile } from '@cumulus/sdk';
import type { FileAction, Node, Translate } from '@cumulus/sdk';
import type { DavService } from '../../services/dav/davService';
import { DOWNLOAD_ICON } from '../actions/icons';

/** A node's URL without a trailing slash. */
function bare(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The URL of the DAV root a node is below: its source less as many segments as its path has. */
function rootUrl(node: Node): string {
  const segments = node.path.split('/').filter((part) => part !== '').length;
  const parts = bare(node.source).split('/');
  return parts.slice(0, parts.length - segments).join('/');
}

/** The folder that holds every node (their deepest common parent), as a path. */
function commonFolder(nodes: readonly Node[]): string[] {
  const folders = nodes.map((node) => node.path.split('/').filter((part) => part !== '').slice(0, -1));
  const [first = []] = folders;
  let depth = first.length;
  for (const folder of folders) {
    let same = 0;
    while (same < depth && same < folder.length && folder[same] === first[same]) same += 1;
    depth = same;
  }
  return first.slice(0, depth);
}

/**
 * The URL of the archive of `nodes` (docs/protocol.md, "Folder archives"): one folder is its
 * own archive (`Photos.zip`); several nodes are a selection (`files=[…]`) of their common folder,
 * named relative to it, so nodes from anywhere in the tree (Favorites, Recent, search) go into one.
 */
export function archiveUrl(nodes: readonly Node[]): string {
  const [only] = nodes;
  if (nodes.length === 1 && only && !isFile(only)) return `${bare(only.source)}?accept=zip`;
  const folder = commonFolder(nodes);
  const names = nodes.map((node) => node.path.split('/').filter((part) => part !== '').slice(folder.length).join('/'));
  const base = rootUrl(nodes[0] as Node) + folder.map((part) => `/${encodeURIComponent(part)}`).join('');
  return `${base}${folder.length === 0 ? '/' : ''}?accept=zip&files=${encodeURIComponent(JSON.stringify(names))}`;
}

/**
 * Whether these nodes can be downloaded: readable, downloadable (share attributes, product §6),
 * none failed; a folder or several nodes only under /files/ (a user's files or a public link's),
 * whose DAV tree makes archives (a trash's tree does not).
 */
export function canDownload(nodes: Node[]): boolean {
  const [only] = nodes;
  const archive = nodes.length > 1 || (only !== undefined && !isFile(only));
  return (
    nodes.length > 0 &&
    nodes.every((node) => node.status !== 'failed' && hasPermission(node.permissions, Permission.READ) && isDownloadable(node) && (!archive || node.root.startsWith('/files/')))
  );
}

/** Where one node downloads from: a file's own URL, a folder's archive. */
export function downloadHref(dav: Pick<DavService, 'downloadUrl'>, node: Node): string {
  return isFile(node) ? dav.downloadUrl(node) : archiveUrl([node]);
}

/** Hands a URL to the browser's own download manager (which pauses and resumes with the server's ranges). */
function save(href: string, name?: string): void {
  const link = document.createElement('a');
  link.href = href;
  if (name !== undefined) link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * Download: saves a file through the browser (a link with `download` to its WebDAV URL); a
 * folder or a selection of several nodes as one zip, streamed by the server (a plain link too,
 * never a blob in the page). Needs read permission and downloadable nodes (share attributes, product §6).
 */
export function downloadAction(dav: Pick<DavService, 'downloadUrl'>, t: Translate): FileAction {
  return {
    id: 'download',
    displayName: () => t('Download'),
    iconSvgInline: () => DOWNLOAD_ICON,
    order: 30,
    enabled: canDownload,
    exec: ({ nodes: [node] }) => {
      save(downloadHref(dav, node), isFile(node) ? node.basename : undefined);
      return Promise.resolve(null);
    },
    execBatch: ({ nodes }) => {
      const [only] = nodes;
      if (nodes.length === 1 && only && isFile(only)) save(dav.downloadUrl(only), only.basename);
      else save(archiveUrl(nodes));
      return Promise.resolve(nodes.map(() => null));
    },
  };
}
