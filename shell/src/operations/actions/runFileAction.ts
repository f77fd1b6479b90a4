import { entryContext } from '@cumulus/sdk';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { bindActionDispatch } from './actionDispatch';
import { nodeStatusChanged } from '../../model/nodes/nodesSlice';
import { showToast } from '../../ui/toasts/toasts';
import { reportEntryFailure } from '../../plugin-host/reportEntryFailure';
import { selectNodeBySource } from '../../model/nodes/selectors';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { untilFolderLeft } from '../../model/navigation/leaveSignal';
import { shellCommandsFor } from '../../model/sidebar/shellCommands';

/**
 * Runs the registered file action `actionId` on the node `source` in the
 * current view and folder (product §4 "Node status": loading while the action
 * runs, reset afterwards; `ctx.signal` aborts when the user leaves the folder) and resolves to its result: true, false or null.
 * product §8 "Actions": true toasts '"{displayName}" action executed
 * successfully', false '"{displayName}" action failed', null says nothing
 * (the action reported by itself, or there was nothing to say). A failing or
 * unknown action resolves to false; a node without a fileid is logged and
 * skipped (null), and so is a failed or loading node (null, no toast). Arguments are ids so the dispatched actions stay
 * serialisable.
 */
export const runFileAction = createAppAsyncThunk(
  'fileActions/run',
  async ({ actionId, source }: { actionId: string; source: string }, { dispatch, getState, extra }) => {
    bindActionDispatch(extra, dispatch);
    const state = getState();
    const action = extra.host.registries.fileActions.get(actionId);
    const view = state.navigation.view === null ? undefined : extra.host.registries.views.get(state.navigation.view);
    const node = selectNodeBySource(state, source);
    const folder = selectCurrentFolder(state);
    if (action === undefined || view === undefined || node === undefined || folder === undefined) return false;
    // A failed node has no actions, and a loading one is already busy (product §4 "Node status"): say nothing.
    if (node.status === 'failed' || node.status === 'loading') return null;
    if (node.fileid === undefined) {
      console.error(`File action "${actionId}" skipped a node without fileid`, source);
      return null;
    }
    const displayName = action.displayName([node], view);
    dispatch(nodeStatusChanged({ sources: [source], status: 'loading' }));
    let result: boolean | null;
    const scope = untilFolderLeft(dispatch, state);
    try {
      result = await action.exec(entryContext({ nodes: [node], view, folder, shell: shellCommandsFor(dispatch), signal: scope.signal }));
    } catch (error) {
      console.error(`File action "${actionId}" failed`, error);
      reportEntryFailure(extra.host, action.pluginId, 'action', error);
      result = false;
    } finally {
      scope.done();
      dispatch(nodeStatusChanged({ sources: [source], status: undefined }));
    }
    if (result === true) showToast({ type: 'success', message: extra.t('"{displayName}" action executed successfully', { displayName }) });
    if (result === false) showToast({ type: 'error', message: extra.t('"{displayName}" action failed', { displayName }) });
    return result;
  },
);
