import type { RootState } from '../store/storeTypes';

/** Selected sources, in selection order. */
export const selectSelectedSources = (state: RootState): string[] => state.selection.sources;
/** Index of the row last selected, or null. */
export const selectLastSelectedIndex = (state: RootState): number | null => state.selection.lastIndex;
/** Whether the node with `source` is selected. */
export const selectIsSelected = (state: RootState, source: string): boolean => state.selection.sources.includes(source);
