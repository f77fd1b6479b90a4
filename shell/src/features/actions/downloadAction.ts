import { Permission, hasPermission, isDownloadable, isFile } from '@cumulus/sdk';
import type { FileAction, Translate } from '@cumulus/sdk';
import type { DavService } from '../../services/dav/davService';
import { DOWNLOAD_ICON } from './icons';

/**
 * Download: saves one file through the browser (a link with `download` to
 * its WebDAV URL). Only a single file: the server has no zip endpoint, so
 * folders and several nodes cannot be downloaded at once. Needs read
 * permission and a downloadable node (share attributes, product §6).
 */
export function downloadAction(dav: Pick<DavService, 'downloadUrl'>, t: Translate): FileAction {
  return {
    id: 'download',
    displayName: () => t('Download'),
    iconSvgInline: () => DOWNLOAD_ICON,
    order: 30,
    enabled: (nodes) => {
      const [node] = nodes;
      return nodes.length === 1 && isFile(node) && node.status !== 'failed' && hasPermission(node.permissions, Permission.READ) && isDownloadable(node);
    },
    exec: (node) => {
      const link = document.createElement('a');
      link.href = dav.downloadUrl(node);
      link.download = node.basename;
      link.rel = 'noopener';
      document.body.appendChild(link);
      link.click();
      link.remove();
      return Promise.resolve(null);
    },
  };
}
