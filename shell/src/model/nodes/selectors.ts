import type { Node } from '@cumulus/sdk';
import type { RootState } from '../store/storeTypes';
import { nodeIn } from './nodeTable';

/** The node with this source, if known. */
export const selectNodeBySource = (state: RootState, source: string): Node | undefined => nodeIn(state.nodes.table, source);

/** The nodes with these sources that are known, in their order. */
export const selectNodesBySources = (state: RootState, sources: readonly string[]): Node[] =>
  sources.map((source) => nodeIn(state.nodes.table, source)).filter((node): node is Node => node !== undefined);
