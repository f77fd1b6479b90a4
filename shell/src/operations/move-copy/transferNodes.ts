import { moveNodeInto, renameNode } from '@cumulus/sdk';
import { MOVE_COPY_CONCURRENCY, validateMoveCopyTarget } from '../../lib/engine';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { runPool } from '../actions/runPool';
import { folderReloadRequested } from '../../model/base/folderActions';
import { nodeStatusChanged, nodesRemoved } from '../../model/nodes/nodesSlice';
import { selectNodesBySources } from '../../model/nodes/selectors';
import { showToast } from '../../ui/toasts/toasts';
import { mergeFolder } from './mergeFolder';
import { moveCopyErrorMessage } from './moveCopyError';
import type { MoveCopyChoice } from './pickerStore';
import { planTransfer } from './planTransfer';

/**
 * Moves or copies the nodes `sources` into the chosen destination, five at a
 * time (`MOVE_COPY_CONCURRENCY`), each node loading meanwhile (product §4). The
 * destination is checked again with `validateMoveCopyTarget` (its refusal
 * is the toast). Names come from `planTransfer`: a copy always gets a free
 * '(copy)' name, a move onto taken names asks the conflict dialog (keep
 * new: Overwrite T, or a folder merge; keep existing: skipped; both: a
 * numbered name). Requests otherwise go with Overwrite F, so a name taken
 * meanwhile fails with 412 rather than replacing anything. Each failure
 * toasts its product §8 message. Afterwards the current folder is listed
 * again. Resolves to one result per node: true (done), false (failed), null
 * (skipped or cancelled: nothing to say).
 */
export const transferNodes = createAppAsyncThunk(
  'moveCopy/transfer',
  async ({ sources, choice }: { sources: string[]; choice: MoveCopyChoice }, { dispatch, getState, extra }) => {
    const { t, dav } = extra;
    const nodes = selectNodesBySources(getState(), sources);
    const { operation, destination } = choice;
    const refusal = validateMoveCopyTarget(nodes, destination, operation, t);
    if (refusal !== null) {
      showToast({ type: 'error', message: refusal.message });
      return nodes.map(() => false);
    }
    const plans = await planTransfer(nodes, operation, destination, choice.contents, t);
    if (plans === null) return nodes.map(() => null);
    const running = nodes.filter((_, index) => plans[index]?.kind !== 'skip').map((node) => node.source);
    if (running.length === 0) return nodes.map(() => null);
    dispatch(nodeStatusChanged({ sources: running, status: 'loading' }));
    const results = await runPool(nodes, MOVE_COPY_CONCURRENCY, async (node, index): Promise<boolean | null> => {
      const plan = plans[index] ?? { kind: 'skip' };
      if (plan.kind === 'skip') return null;
      try {
        if (plan.kind === 'merge') {
          await mergeFolder(dav, node, `${destination.path.replace(/\/+$/, '')}/${node.basename}`);
        } else if (operation === 'move') {
          await dav.move(node, destination.path, plan.name === node.basename ? { overwrite: plan.overwrite } : { overwrite: plan.overwrite, newName: plan.name });
        } else {
          await dav.copy(node, destination.path, plan.name === node.basename ? { overwrite: plan.overwrite } : { overwrite: plan.overwrite, newName: plan.name });
        }
        if (operation === 'move') {
          const moved = moveNodeInto(plan.kind === 'transfer' && plan.name !== node.basename ? renameNode(node, plan.name) : node, destination);
          extra.host.events.emit('files:node:moved', { node: moved, oldSource: node.source });
        }
        return true;
      } catch (error) {
        console.error(`Could not ${operation} "${node.basename}"`, error);
        showToast({ type: 'error', message: moveCopyErrorMessage(error, t) });
        return false;
      }
    });
    dispatch(nodeStatusChanged({ sources: running, status: undefined }));
    if (operation === 'move') dispatch(nodesRemoved(nodes.filter((_, index) => results[index] === true).map((node) => node.source)));
    dispatch(folderReloadRequested());
    return results;
  },
);
