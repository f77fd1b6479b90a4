import { definePlugin } from '@cumulus/sdk';
import type { PluginDefinition, View } from '@cumulus/sdk';
import { FOLDER_ICON } from '../../ui/icons/icons';
import { canUpload, downloadsAllowed } from '../../services/publicShare';
import type { PublicShare } from '../../services/publicShare';
import type { ShellServices } from '../../services/types';
import { coreFileActions } from '../../operations/core-actions/coreActions';
import { MOVE_COPY_ACTION_ID } from '../../operations/move-copy/moveCopyAction';
import { newFolderEntry } from '../../operations/new-folder/newFolderEntry';
import { uploadMenuEntries } from '../../surfaces/uploads/uploadMenuEntries';
import { FILES_VIEW_ID } from '../../surfaces/views/filesView';

/** Actions a visitor never gets: the details sidebar (sharing and the owner's details are private). */
const PRIVATE_ACTIONS = new Set(['details']);
/** Actions that hand the file to the browser, gone where the page offers no download. */
const DOWNLOAD_ACTIONS = new Set(['download', 'open-file']);
/** Actions whose every destination needs CREATE (move or copy into a folder of the share), gone on a link without it. */
const CREATE_ACTIONS = new Set([MOVE_COPY_ACTION_ID]);

/** The one view of a public folder link: the shared folder, named after the share, over the link's WebDAV. */
export function publicShareView(share: PublicShare, dav: ShellServices['dav']): View {
  return {
    id: FILES_VIEW_ID,
    name: share.name,
    icon: FOLDER_ICON,
    order: 0,
    getContents: (path, options) => dav.list(path, { signal: options?.signal, onFirstRows: options?.onFirstContents }),
    getFolderEtag: (path, options) => dav.folderEtag(path, { signal: options?.signal }),
    getFolder: (path, options) => dav.folder(path, { signal: options?.signal }),
  };
}

/**
 * The built-ins of the shell in public mode (product §1: a public-share visitor): the shared
 * folder as the only view, the file actions the link's permissions enable (the server masks
 * `oc:permissions` with the link's, so rename, move and delete show only where it grants them)
 * without details, without download or open where the link hides or refuses downloads, and
 * without move or copy where no folder of the link takes new nodes;
 * the upload and new-folder entries only on an upload-enabled link. No sidebar tabs, no
 * settings: nothing of the owner's private screens.
 */
export function createPublicCorePlugin(services: ShellServices, share: PublicShare): PluginDefinition {
  return definePlugin({
    id: 'core',
    activate(ctx) {
      ctx.views.register(publicShareView(share, services.dav));
      const downloads = downloadsAllowed(share);
      for (const action of coreFileActions(services, ctx.t)) {
        if (PRIVATE_ACTIONS.has(action.id) || (!downloads && DOWNLOAD_ACTIONS.has(action.id)) || (!canUpload(share) && CREATE_ACTIONS.has(action.id))) continue;
        ctx.fileActions.register(action);
      }
      if (canUpload(share)) {
        for (const entry of uploadMenuEntries(services, ctx.t)) ctx.newMenuEntries.register(entry);
        ctx.newMenuEntries.register(newFolderEntry(services, ctx.t));
      }
    },
  });
}
