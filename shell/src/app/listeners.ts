import { addContextMenuListeners } from '../features/actions/contextMenuListeners';
import { addOpenFileListeners } from '../features/actions/openFileListeners';
import { addFolderEventListeners } from '../features/folder/folderEventListeners';
import { addFolderListeners } from '../features/folder/folderListeners';
import { addQuotaListeners } from '../features/quota/quotaListeners';
import { addRenameListeners } from '../features/rename/renameListeners';
import { addSidebarListeners } from '../features/sidebar/sidebarListeners';
import { addUploadListeners } from '../features/uploads/uploadListeners';
import type { AppStartListening } from './storeTypes';

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
