import { entryContext } from '@cumulus/sdk';
import { batchResultSelection } from '../../lib/engine';
import type { Node } from '@cumulus/sdk';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { nodeStatusChanged } from '../../model/nodes/nodesSlice';
import { selectionChanged } from '../../model/selection/selectionSlice';
import { showToast } from '../../ui/toasts/toasts';
import { bindActionDispatch } from './actionDispatch';
import { reportEntryFailure } from '../../plugin-host/reportEntryFailure';
import { selectNodeBySource } from '../../model/nodes/selectors';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { untilFolderLeft } from '../../model/navigation/leaveSignal';
import { shellCommandsFor } from '../../model/sidebar/shellCommands';

/** Runs `exec` on every node; one that throws counts as failed (false) without failing the others. */
async function settleEach(nodes: Node[], exec: (node: Node) => Promise<boolean | null>, actionId: string, onThrow: (error: unknown) => void): Promise<(boolean | null)[]> {
  const settled = await Promise.allSettled(nodes.map((node) => exec(node)));
  return settled.map((outcome, index) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    console.error(`Batch action "${actionId}" failed on`, nodes[index]?.source, outcome.reason);
    onThrow(outcome.reason);
    return false;
  });
}

/**
 * Runs the file action `actionId` on several nodes (the selection, or the
 * nodes of a context menu) as product §4 "Batch action" says: the nodes are
 * marked loading, the action runs (its `execBatch`, else `exec` on each
 * node), then the selection follows `batchResultSelection` (all null or all
 * succeeded: cleared; some failed: only the failed ones stay selected).
 * product §8: success toasts '"{displayName}" batch action executed
 * successfully', some failures '"{displayName}" failed on some elements ',
 * a throwing `execBatch` '"{displayName}" action failed'; without
 * `execBatch`, a node whose `exec` throws counts as failed and the others
 * keep their results. Failed and loading nodes are skipped, and a node
 * without a fileid is logged and skipped. Resolves to one result per node
 * that ran.
 */
export const runBatchAction = createAppAsyncThunk(
  'fileActions/runBatch',
  async ({ actionId, sources }: { actionId: string; sources: string[] }, { dispatch, getState, extra }) => {
    bindActionDispatch(extra, dispatch);
    const state = getState();
    const action = extra.host.registries.fileActions.get(actionId);
    const view = state.navigation.view === null ? undefined : extra.host.registries.views.get(state.navigation.view);
    const folder = selectCurrentFolder(state);
    if (action === undefined || view === undefined || folder === undefined) return [];
    const nodes: Node[] = [];
    for (const source of sources) {
      const node = selectNodeBySource(state, source);
      // A failed node is unavailable and one already loading is busy (product §4 "Node status").
      if (node === undefined || node.status === 'failed' || node.status === 'loading') continue;
      if (node.fileid === undefined) {
        console.error(`Batch action "${actionId}" skipped a node without fileid`, source);
        continue;
      }
      nodes.push(node);
    }
    if (nodes.length === 0) return [];
    const ran = nodes.map((node) => node.source);
    const displayName = action.displayName(nodes, view);
    const shell = shellCommandsFor(dispatch);
    const scope = untilFolderLeft(dispatch, state);
    const context = <const Of extends readonly Node[]>(of: Of) => entryContext({ nodes: of, view, folder, shell, signal: scope.signal });
    dispatch(nodeStatusChanged({ sources: ran, status: 'loading' }));
    let results: (boolean | null)[];
    try {
      results =
        action.execBatch !== undefined
          ? await action.execBatch(context(nodes))
          : await settleEach(nodes, (node) => action.exec(context([node] as const)), actionId, (error) => reportEntryFailure(extra.host, action.pluginId, 'action', error));
    } catch (error) {
      console.error(`Batch action "${actionId}" failed`, error);
      reportEntryFailure(extra.host, action.pluginId, 'action', error);
      showToast({ type: 'error', message: extra.t('"{displayName}" action failed', { displayName }) });
      return nodes.map(() => false);
    } finally {
      scope.done();
      dispatch(nodeStatusChanged({ sources: ran, status: undefined }));
    }
    dispatch(selectionChanged({ sources: batchResultSelection(ran, results) }));
    if (results.every((result) => result === null)) return results;
    if (results.some((result) => result === false)) {
      showToast({ type: 'error', message: extra.t('"{displayName}" failed on some elements ', { displayName }) });
    } else {
      showToast({ type: 'success', message: extra.t('"{displayName}" batch action executed successfully', { displayName }) });
    }
    return results;
  },
);
