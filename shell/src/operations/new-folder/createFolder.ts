import { isolate } from '@cumulus/sdk';
import { assertDirectoryName, getUniqueName } from '../../lib/engine';
import type { FolderNode, Node } from '@cumulus/sdk';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { davMessageOf } from '../../services/davErrorMessage';
import { showToast } from '../../ui/toasts/toasts';
import { newFolderDialog } from './newFolderStore';

/**
 * 'New folder' (product §2, §5, §7): asks for a name (a free 'New folder' to
 * start with; the dialog checks it with the rename rules), creates the
 * folder with MKCOL, announces the new node on the event bus (the list
 * shows it at once) and says 'Created new folder "{name}"'. An empty name
 * is refused with 'Can not create empty directory'; a failed MKCOL shows
 * the server's message or 'Unable to create the directory {directory}'.
 */
export const createFolder = createAppAsyncThunk('newFolder/create', async ({ folder, contents }: { folder: FolderNode; contents: Node[] }, { extra }) => {
  const { t, dav, host } = extra;
  const siblings = contents.map((node) => node.basename);
  const name = await newFolderDialog.ask({ siblings, suggestion: getUniqueName(t('New folder'), siblings, { ignoreFileExtension: true }) });
  if (name === null) return null;
  try {
    assertDirectoryName(name, t);
  } catch (error) {
    showToast({ type: 'error', message: (error as Error).message });
    return null;
  }
  const path = `${folder.path.replace(/\/+$/, '')}/${name}`;
  try {
    await dav.createDirectory(path);
  } catch (error) {
    console.error(`Could not create the folder ${path}`, error);
    showToast({ type: 'error', message: davMessageOf(error) ?? t('Unable to create the directory {directory}', { directory: isolate(name) }) });
    return null;
  }
  try {
    const node = await dav.stat(path);
    host.events.emit('files:node:created', { node });
  } catch (error) {
    // The folder exists; a listing shows it.
    console.error(`Could not read the new folder ${path}`, error);
  }
  showToast({ type: 'success', message: t('Created new folder "{name}"', { name: isolate(name) }) });
  return path;
});
