import type { AppStartListening } from '../store/storeTypes';
import { routeChanged } from '../navigation/navigationSlice';
import { placeChanged } from '../navigation/selectors';
import { stopRename } from './renameStore';

/**
 * The rename field belongs to a row of the folder on screen: going to another
 * view or folder closes it, so it does not open again on a node of the same
 * source when the user comes back.
 */
export function addRenameListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: routeChanged,
    effect: (_action, api) => {
      if (placeChanged(api.getOriginalState(), api.getState())) stopRename();
    },
  });
}
