import type { FileAction, PluginHost, Translate } from '@cumulus/sdk';
import type { FilesApi } from '../../services/api/filesApi';
import type { DavService } from '../../services/dav/davService';
import { deleteAction } from '../delete/deleteAction';
import { moveCopyAction } from '../move-copy/moveCopyAction';
import { renameAction } from '../rename/renameAction';
import { detailsAction } from './detailsAction';
import { downloadAction } from './downloadAction';
import { openFileAction } from './openFileAction';
import { openFolderAction } from './openFolderAction';

/**
 * The built-in file actions, registered by the core plugin like any
 * plugin's: open folder and open file (default, hidden), details, rename,
 * move or copy, download and delete. `services` is the object the core
 * plugin was created with; the runners bind the store to it.
 */
export function coreFileActions(services: { dav: Pick<DavService, 'downloadUrl'>; host: Pick<PluginHost, 'registries'>; api: Pick<FilesApi, 'getCapabilities'> }, t: Translate): FileAction[] {
  return [
    openFolderAction(services, t),
    openFileAction(services.dav, t),
    detailsAction(services, t),
    renameAction(t),
    moveCopyAction(services, t),
    downloadAction(services.dav, t),
    deleteAction(services, t),
  ];
}
