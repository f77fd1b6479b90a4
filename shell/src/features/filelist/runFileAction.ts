import { createAppAsyncThunk } from '../../app/thunks';
import { nodeStatusChanged } from '../nodes/nodesSlice';

/**
 * Runs the registered file action `actionId` on the node `source` in the
 * current view and folder (spec §4 "Node status": loading while the action
 * runs, reset afterwards) and resolves to its result: true, false or null.
 * A failing or unknown action resolves to false. Arguments are ids so the
 * dispatched actions stay serialisable. The actions feature adds the toasts.
 */
export const runFileAction = createAppAsyncThunk(
  'fileActions/run',
  async ({ actionId, source }: { actionId: string; source: string }, { dispatch, getState, extra }) => {
    const state = getState();
    const action = extra.host.registries.fileActions.get(actionId);
    const view = state.navigation.view === null ? undefined : extra.host.registries.views.get(state.navigation.view);
    const node = state.nodes.entities[source];
    if (action === undefined || view === undefined || node === undefined) return false;
    dispatch(nodeStatusChanged({ sources: [source], status: 'loading' }));
    try {
      return await action.exec(node, view, state.navigation.dir);
    } catch (error) {
      console.error(`File action "${actionId}" failed`, error);
      return false;
    } finally {
      dispatch(nodeStatusChanged({ sources: [source], status: undefined }));
    }
  },
);
