import type { AppStartListening } from '../store/storeTypes';
import { routeChanged } from '../navigation/navigationSlice';
import { placeChanged } from '../navigation/selectors';
import { closeContextMenu } from './contextMenuStore';

/** The context menu acts on rows of the folder on screen: going to another view or folder closes it. */
export function addContextMenuListeners(startListening: AppStartListening): void {
  startListening({
    actionCreator: routeChanged,
    effect: (_action, api) => {
      if (placeChanged(api.getOriginalState(), api.getState())) closeContextMenu();
    },
  });
}
