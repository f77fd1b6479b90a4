import { cannotUploadLabel } from '../../lib/engine';
import type { FolderNode } from '@cumulus/sdk';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { showToast } from '../../ui/toasts/toasts';
import { collectDroppedFiles } from './dataTransferFiles';
import type { takeDroppedEntries } from './dataTransferFiles';
import { uploadCollected } from './uploadThunks';

/**
 * A drop of files from the desktop onto the list, a folder row or a
 * breadcrumb (product §2, §5, §8). The drop's entries were taken in the drop
 * handler (`takeDroppedEntries`); here the target folder is read again,
 * alone (a PROPFIND Depth 0: it must still exist, 'Target folder does not
 * exist any more', and its permissions and quota are fresh), and must take
 * uploads (the quota or permission label otherwise), a drop without files
 * says 'No files to process', then the folders are walked and the files
 * uploaded. Its contents are not listed here: the engine asks for them, for
 * its conflicts, and gets the store's when it holds them (`uploadRuntime`).
 */
export const uploadDropped = createAppAsyncThunk(
  'uploads/dropped',
  async ({ target, taken }: { target: Pick<FolderNode, 'path'>; taken: ReturnType<typeof takeDroppedEntries> }, { dispatch, extra }) => {
    const { t, dav } = extra;
    if (taken.itemCount === 0) {
      showToast({ type: 'info', message: t('No files to process') });
      return null;
    }
    let folder: FolderNode;
    try {
      folder = await dav.folder(target.path);
    } catch (error) {
      console.error('Drop target could not be read', error);
      showToast({ type: 'error', message: t('Target folder does not exist any more') });
      return null;
    }
    const refusal = cannotUploadLabel(folder, t);
    if (refusal !== null) {
      showToast({ type: 'error', message: refusal });
      return null;
    }
    const collected = await collectDroppedFiles(taken);
    return dispatch(uploadCollected({ folder, collected, origin: 'drop' })).unwrap();
  },
);
