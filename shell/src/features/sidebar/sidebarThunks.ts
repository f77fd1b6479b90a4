import { createAppAsyncThunk } from '../../app/thunks';
import { nodesUpdated } from '../nodes/nodesSlice';
import { showToast } from '../toasts/toasts';
import { selectNodeBySource } from '../nodes/selectors';

/**
 * Marks the node `source` as a favorite or not (PROPPATCH of `oc:favorite`),
 * then updates the node in the store and announces 'files:node:updated'.
 * A failure leaves the node as it was and says so in a toast.
 */
export const toggleFavorite = createAppAsyncThunk('sidebar/toggleFavorite', async ({ source }: { source: string }, { dispatch, getState, extra }) => {
  const node = selectNodeBySource(getState(), source);
  if (node === undefined) return;
  const favorite = node.attributes.favorite !== 1;
  const displayName = favorite ? extra.t('Add to favorites') : extra.t('Remove from favorites');
  try {
    await extra.dav.setFavorite(node, favorite);
  } catch (error) {
    console.error('Could not change the favorite state', error);
    showToast({ type: 'error', message: extra.t('"{displayName}" action failed', { displayName }) });
    return;
  }
  // Read again: the node may have changed while the request ran.
  const current = selectNodeBySource(getState(), source) ?? node;
  const updated = { ...current, attributes: { ...current.attributes, favorite: favorite ? 1 : 0 } } as const;
  dispatch(nodesUpdated([updated]));
  extra.host.events.emit('files:node:updated', { node: updated });
});
