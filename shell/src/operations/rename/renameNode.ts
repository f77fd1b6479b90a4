import { isFolder, isolate, renameNode as renamedCopy } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { errorStatus } from '../../services/errorStatus';
import { nodeStatusChanged, nodesRemoved, nodesUpdated } from '../../model/nodes/nodesSlice';
import { selectionChanged } from '../../model/selection/selectionSlice';
import { sidebarOpened } from '../../model/sidebar/sidebarSlice';
import { showToast } from '../../ui/toasts/toasts';
import { startRename } from '../../model/rename/renameStore';
import { selectNodeBySource } from '../../model/nodes/selectors';

/**
 * Renames the node `source` to `newName` (already validated and trimmed):
 * MOVE with Overwrite F through the DAV service, the node loading meanwhile
 * (product §4). On success the store holds the renamed node under its new
 * source (in its folder's children, the selection and the sidebar) and the
 * toast says 'Renamed "{oldName}" to "{newName}"'. On failure (product §4, §8)
 * the old name stays, the field re-opens holding it (unless `reopen` is
 * false: the user went elsewhere), and the toast says why: 404 'Could not rename "{oldName}", it does not exist any
 * more', 412 'The name "{newName}" is already used in the folder "{dir}".
 * Please choose a different name.', otherwise 'Could not rename "{oldName}"'.
 * Resolves to whether the rename happened.
 */
export const renameNodeTo = createAppAsyncThunk(
  'rename/submit',
  async ({ source, newName, reopen = true }: { source: string; newName: string; reopen?: boolean }, { dispatch, getState, extra }) => {
    const node = selectNodeBySource(getState(), source);
    if (node === undefined) return false;
    const oldName = node.basename;
    dispatch(nodeStatusChanged({ sources: [source], status: 'loading' }));
    try {
      await extra.dav.rename(node, newName);
    } catch (error) {
      dispatch(nodeStatusChanged({ sources: [source], status: undefined }));
      const status = errorStatus(error);
      const message =
        status === 404
          ? extra.t('Could not rename "{oldName}", it does not exist any more', { oldName: isolate(oldName) })
          : status === 412
            ? extra.t('The name "{newName}" is already used in the folder "{dir}". Please choose a different name.', { newName: isolate(newName), dir: isolate(node.dirname) })
            : extra.t('Could not rename "{oldName}"', { oldName: isolate(oldName) });
      if (status !== 404 && status !== 412) console.error(`Could not rename "${oldName}"`, error);
      showToast({ type: 'error', message });
      // A node that no longer exists has no field to re-open.
      if (status !== 404 && reopen) startRename(source);
      return false;
    }
    const renamed = renamedCopy(node, newName);
    delete renamed.status;
    const state = getState();
    // The folder that lists the node, found by path (a scan of every node would cost 100,000 steps).
    const parentSource = state.navigation.view === null ? undefined : state.folder.paths[state.navigation.view]?.[node.dirname];
    const parent = parentSource === undefined ? undefined : selectNodeBySource(state, parentSource);
    const updates: Node[] = [renamed];
    if (isFolder(parent)) updates.push({ ...parent, _children: parent._children?.map((child) => (child === source ? renamed.source : child)) });
    dispatch(nodesUpdated(updates));
    dispatch(nodesRemoved([source]));
    if (state.selection.sources.includes(source)) {
      dispatch(selectionChanged({ sources: state.selection.sources.map((selected) => (selected === source ? renamed.source : selected)) }));
    }
    if (state.sidebar.source === source) dispatch(sidebarOpened({ source: renamed.source, tab: state.sidebar.tab }));
    extra.host.events.emit('files:node:renamed', { node: renamed, oldSource: source });
    showToast({ type: 'success', message: extra.t('Renamed "{oldName}" to "{newName}"', { oldName: isolate(oldName), newName: isolate(newName) }) });
    return true;
  },
);
