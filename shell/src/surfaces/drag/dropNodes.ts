import type { FolderNode, Node } from '@cumulus/sdk';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { selectionCleared } from '../../model/selection/selectionSlice';
import { showToast } from '../../ui/toasts/toasts';
import { draggingEnded } from '../../model/drag/dragSlice';
import { selectNodeBySource } from '../../model/nodes/selectors';

/**
 * A drop of dragged rows onto a folder (product §5 "Drag and drop", §8 "Drop").
 * The target folder is listed again from the server first (the list may be
 * stale) and must still exist: otherwise 'Target folder does not exist any
 * more'; its entries give copies a free '(copy)' name and moves their
 * conflict dialog. The nodes then move or copy through the move-copy feature's
 * runner (five at a time, each failure toasted with its own reason, the
 * folder listed again), and the drop ends with 'Files moved successfully' /
 * 'Files copied successfully', or 'Some files could not be moved' / 'Some
 * files could not be copied'. A drop of selected rows clears the selection
 * (product §4 "Selection"). Resolves to one result per node, empty when
 * nothing ran.
 */
export const dropNodes = createAppAsyncThunk(
  'drag/drop',
  async ({ target, sources, operation }: { target: string; sources: string[]; operation: 'move' | 'copy' }, { dispatch, getState, extra }) => {
    const { t, dav } = extra;
    dispatch(draggingEnded());
    const targetNode = selectNodeBySource(getState(), target);
    if (targetNode === undefined || sources.length === 0) return [];
    let destination: FolderNode;
    let contents: Node[];
    try {
      // One listing both checks the folder again and gives its entries, for copy names and move conflicts.
      const listing = await dav.list(targetNode.path);
      destination = listing.folder;
      contents = listing.contents;
    } catch (error) {
      console.error('Drop target could not be read', error);
      showToast({ type: 'error', message: t('Target folder does not exist any more') });
      return [];
    }
    const selected = getState().selection.sources;
    if (sources.some((source) => selected.includes(source))) dispatch(selectionCleared());
    // The transfer's code loads with the first drop or move (it is not needed to show the list).
    const { transferNodes } = await import('../../operations/move-copy/transferNodes');
    const results = await dispatch(transferNodes({ sources, choice: { operation, destination, contents } })).unwrap();
    // Skipped (null) nodes are the user's choice, not failures; all skipped or cancelled: nothing to announce.
    if (results.every((result) => result === null)) return results;
    const failed = results.some((result) => result === false);
    if (operation === 'move') {
      showToast(failed ? { type: 'error', message: t('Some files could not be moved') } : { type: 'success', message: t('Files moved successfully') });
    } else {
      showToast(failed ? { type: 'error', message: t('Some files could not be copied') } : { type: 'success', message: t('Files copied successfully') });
    }
    return results;
  },
);
