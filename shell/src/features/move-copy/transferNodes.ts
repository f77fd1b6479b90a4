import { MOVE_COPY_CONCURRENCY, getCopyName, isFolder, moveNodeInto, validateMoveCopyTarget } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { createAppAsyncThunk } from '../../app/thunks';
import { runPool } from '../actions/runPool';
import { folderReloadRequested } from '../folder/folderActions';
import { nodeStatusChanged, nodesRemoved } from '../nodes/nodesSlice';
import { showToast } from '../toasts/toasts';
import { moveCopyErrorMessage } from './moveCopyError';
import type { MoveCopyChoice } from './pickerStore';

/**
 * Moves or copies the nodes `sources` into the chosen destination, five at a
 * time (`MOVE_COPY_CONCURRENCY`), each node loading meanwhile (spec §4). The
 * destination is checked again with `validateMoveCopyTarget` (its refusal
 * is the toast). A name already taken is not replaced silently: the request
 * goes with Overwrite F and a 412 reports 'A file or folder with that name
 * already exists in this folder'; a copy into the node's own folder gets a
 * copy name ('file (copy).txt'). Each failure toasts its spec §8 message.
 * Afterwards the current folder is listed again. Resolves to one result per
 * node: true (done) or false (failed).
 */
export const transferNodes = createAppAsyncThunk(
  'moveCopy/transfer',
  async ({ sources, choice }: { sources: string[]; choice: MoveCopyChoice }, { dispatch, getState, extra }) => {
    const { t, dav } = extra;
    const entities = getState().nodes.entities;
    const nodes = sources.map((source) => entities[source]).filter((node): node is Node => node !== undefined);
    const { operation, destination } = choice;
    const refusal = validateMoveCopyTarget(nodes, destination, operation, t);
    if (refusal !== null) {
      showToast({ type: 'error', message: refusal.message });
      return nodes.map(() => false);
    }
    // Copy names are taken one after the other, so two copies never pick the same one.
    const existing = [...choice.existing];
    const names = nodes.map((node) => {
      if (operation !== 'copy' || node.dirname !== destination.path) return node.basename;
      const name = getCopyName(node.basename, existing, { isFolder: isFolder(node), t });
      existing.push(name);
      return name;
    });
    dispatch(nodeStatusChanged({ sources: nodes.map((node) => node.source), status: 'loading' }));
    const results = await runPool(nodes, MOVE_COPY_CONCURRENCY, async (node, index) => {
      try {
        if (operation === 'move') {
          await dav.move(node, destination.path, { overwrite: false });
          extra.host.events.emit('files:node:moved', { node: moveNodeInto(node, destination), oldSource: node.source });
        } else {
          const newName = names[index] as string;
          await dav.copy(node, destination.path, newName === node.basename ? { overwrite: false } : { overwrite: false, newName });
        }
        return true;
      } catch (error) {
        console.error(`Could not ${operation} "${node.basename}"`, error);
        showToast({ type: 'error', message: moveCopyErrorMessage(error, t) });
        return false;
      }
    });
    dispatch(nodeStatusChanged({ sources: nodes.map((node) => node.source), status: undefined }));
    if (operation === 'move') dispatch(nodesRemoved(nodes.filter((_, index) => results[index] === true).map((node) => node.source)));
    dispatch(folderReloadRequested());
    return results;
  },
);
