import { Permission, hasPermission, isDownloadable, isFile } from '@cumulus/sdk';
import type { FileAction, Translate } from '@cumulus/sdk';
import type { DavService } from '../../services/dav/davService';
import { OPEN_ICON } from '../actions/icons';

/**
 * The default action of a file. The app has no viewer, so a click does what
 * a file manager without one does: it hands the file to the browser in a new
 * tab (GET on the file's WebDAV URL), where the browser shows what it can
 * (images, PDF, text) and downloads the rest. Hidden from menus; the
 * download action is listed instead.
 */
export function openFileAction(dav: Pick<DavService, 'downloadUrl'>, t: Translate): FileAction {
  return {
    id: 'open-file',
    displayName: () => t('Open'),
    iconSvgInline: () => OPEN_ICON,
    default: 'hidden',
    order: -100,
    enabled: (nodes) => {
      const [node] = nodes;
      return nodes.length === 1 && isFile(node) && node.status !== 'failed' && hasPermission(node.permissions, Permission.READ) && isDownloadable(node);
    },
    exec: ({ nodes: [node] }) => {
      window.open(dav.downloadUrl(node), '_blank', 'noopener');
      return Promise.resolve(null);
    },
  };
}
