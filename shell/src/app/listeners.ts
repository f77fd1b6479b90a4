import { addContextMenuListeners } from '../model/context-menu/contextMenuListeners';
import { addOpenFileListeners } from '../operations/actions/openFileListeners';
import { addFolderEventListeners } from '../model/folder/folderEventListeners';
import { addFolderListeners } from '../model/folder/folderListeners';
import { addQuotaListeners } from '../model/quota/quotaListeners';
import { addRenameListeners } from '../model/rename/renameListeners';
import { addSidebarListeners } from '../model/sidebar/sidebarListeners';
import { addUploadListeners } from '../model/uploads/uploadListeners';
import type { AppStartListening } from '../model/store/storeTypes';

/** Every feature's reactive side effects. A new feature adds its `addXListeners` here. */
export function addAppListeners(startListening: AppStartListening): void {
  addFolderListeners(startListening);
  addFolderEventListeners(startListening);
  addOpenFileListeners(startListening);
  addQuotaListeners(startListening);
  addSidebarListeners(startListening);
  addRenameListeners(startListening);
  addContextMenuListeners(startListening);
  addUploadListeners(startListening);
}
