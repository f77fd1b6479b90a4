import { Permission, findViewer, hasPermission, isDownloadable, isFile } from '@cumulus/sdk';
import type { FileAction, PluginHost, Translate } from '@cumulus/sdk';
import type { DavService } from '../../services/dav/davService';
import type { Navigator } from '../../services/types';
import { filesPath } from '../../model/navigation/filesLocation';
import { OPEN_ICON } from '../actions/icons';

/** What the open-file action uses: the download URL, the viewers registry and, to open the viewer, the navigator. */
export interface OpenFileServices {
  dav: Pick<DavService, 'downloadUrl'>;
  host: Pick<PluginHost, 'registries'>;
  /** Absent where the page has no viewer frame (the public file page): the browser tab is used. */
  navigator?: Navigator;
}

/**
 * The default action of a file. When a registered viewer (SDK `viewers`)
 * handles the file's type, it opens the viewer: the route gets the spec's
 * openfile form (`/files/{fileid}?dir=…&openfile=true`, product §2), which the
 * viewer frame follows. With no viewer for the type (or the viewer plugin
 * disabled) a click does what a file manager without one does: it hands the
 * file to the browser in a new tab (GET on the file's WebDAV URL). Hidden
 * from menus; the download action is listed instead.
 */
export function openFileAction(services: OpenFileServices, t: Translate): FileAction {
  const { dav, host, navigator } = services;
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
    exec: ({ nodes: [node], view, folder }) => {
      if (navigator !== undefined && node.fileid !== undefined && findViewer(host.registries.viewers.getAll(), node.mime) !== undefined) {
        const location = { view: view.id, dir: folder.path, fileid: node.fileid, openfile: true };
        // Opened from the route itself (a pasted URL, a reload): the address is already this one.
        const here = `${window.location.pathname}${window.location.search}`.endsWith(filesPath(location));
        if (!here) navigator.navigate(location);
        return Promise.resolve(null);
      }
      window.open(dav.downloadUrl(node), '_blank', 'noopener');
      return Promise.resolve(null);
    },
  };
}
