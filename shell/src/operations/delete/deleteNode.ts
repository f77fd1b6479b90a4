import { createAppAsyncThunk } from '../../model/base/thunks';
import { selectCurrentFolderSource } from '../../model/folder/selectors';
import { nodesRemoved } from '../../model/nodes/nodesSlice';
import { selectionChanged } from '../../model/selection/selectionSlice';
import { sidebarClosed } from '../../model/sidebar/sidebarSlice';
import { selectNodeBySource } from '../../model/nodes/selectors';

/**
 * Deletes the node `source` on the server (DELETE through the DAV service)
 * and forgets it. product §4 "Deleted node": when it was the current folder the
 * app goes to its parent folder in the view; otherwise a route naming it by
 * fileid drops fileid and openfile. It also leaves the selection and the
 * sidebar. Resolves to true, or false when the server refused (logged).
 */
export const deleteNode = createAppAsyncThunk('delete/node', async ({ source }: { source: string }, { dispatch, getState, extra }) => {
  const node = selectNodeBySource(getState(), source);
  if (node === undefined) return false;
  try {
    await extra.dav.remove(node);
  } catch (error) {
    console.error(`Could not delete "${node.basename}"`, error);
    return false;
  }
  const state = getState();
  const { view, dir, fileid } = state.navigation;
  if (view !== null) {
    if (selectCurrentFolderSource(state) === source) {
      extra.navigator.navigate({ view, dir: node.dirname });
    } else if (fileid !== null && fileid === node.fileid) {
      extra.navigator.navigate({ view, dir }, { replace: true });
    }
  }
  if (state.selection.sources.includes(source)) dispatch(selectionChanged({ sources: state.selection.sources.filter((selected) => selected !== source) }));
  if (state.sidebar.source === source) dispatch(sidebarClosed());
  dispatch(nodesRemoved([source]));
  extra.host.events.emit('files:node:deleted', { node });
  return true;
});
