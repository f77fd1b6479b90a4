import type { Node } from '@cumulus/sdk';
import type { RootState } from '../../app/store';
import { nodesAdapter } from './nodesSlice';

const adapterSelectors = nodesAdapter.getSelectors((state: RootState) => state.nodes);

/** The node with this source, if known. */
export const selectNodeBySource = (state: RootState, source: string): Node | undefined => adapterSelectors.selectById(state, source);

/** Every known node by source. */
export const selectNodeEntities = adapterSelectors.selectEntities;
