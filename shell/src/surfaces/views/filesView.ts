import type { Translate, View } from '@cumulus/sdk';
import { FOLDER_ICON } from '../../ui/icons/icons';
import type { DavService } from '../../services/dav/davService';

/** Id of the built-in "All files" view, which the root route redirects to (product §2). */
export const FILES_VIEW_ID = 'files';

/** The built-in "All files" view: the user's files over WebDAV. */
export function filesView(dav: DavService, t: Translate): View {
  return {
    id: FILES_VIEW_ID,
    name: t('All files'),
    caption: t('List of your files and folders.'),
    icon: FOLDER_ICON,
    order: 0,
    getContents: (path, options) => dav.list(path, { signal: options?.signal, onFirstRows: options?.onFirstContents }),
    getFolderEtag: (path, options) => dav.folderEtag(path, { signal: options?.signal }),
    getFolder: (path, options) => dav.folder(path, { signal: options?.signal }),
    getKeptContents: (path, options) => dav.keptList(path, { signal: options?.signal, onFirstRows: options?.onFirstContents }),
  };
}
