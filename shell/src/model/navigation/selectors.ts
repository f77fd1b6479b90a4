import type { RootState } from '../store/storeTypes';

/** The active view id, null before the route is read. */
export const selectViewId = (state: RootState): string | null => state.navigation.view;
/** The current folder path in the view. */
export const selectDir = (state: RootState): string => state.navigation.dir;
/** The file id of the route, or null. */
export const selectFileId = (state: RootState): number | null => state.navigation.fileid;
/** Whether the route asks to open the file. */
export const selectOpenFile = (state: RootState): boolean => state.navigation.openfile;

/** Whether the view or folder differs between two states (a change of place, product §4). */
export function placeChanged(before: RootState, after: RootState): boolean {
  return before.navigation.view !== after.navigation.view || before.navigation.dir !== after.navigation.dir;
}
