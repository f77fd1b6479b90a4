import { canShowDetails } from '../../lib/engine';
import type { Node, Registered, SidebarTab } from '@cumulus/sdk';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '../store/storeTypes';
import type { ShellServices } from '../../services/types';
import { SHARING_TAB_ID, sidebarOpened } from './sidebarSlice';
import { enabledSidebarTabs } from './sidebarTabs';
import { selectNodeBySource } from '../nodes/selectors';

type AppThunk<R> = ThunkAction<R, RootState, ShellServices, UnknownAction>;

/**
 * Whether the details sidebar may open on `nodes` (product §5 "Details action"):
 * a single node under /files/ with permissions other than none, not failed
 * (product §4: no actions), and the sidebar available — at least one tab
 * registered for it. The built-in details action and every other way of
 * opening the sidebar (a size or date click, the automatic opening for a
 * file id) ask here, so none of them needs to know the action by name.
 */
export function canOpenDetails(nodes: readonly Node[], tabs: readonly Registered<SidebarTab>[]): boolean {
  const [node] = nodes;
  return node !== undefined && node.status !== 'failed' && canShowDetails(nodes, enabledSidebarTabs(tabs, node).length > 0);
}

/**
 * Opens the details sidebar on the node `source` when `canOpenDetails`
 * allows, on `preferredTab` when a tab of that id is registered for the
 * node, else on the first tab. Resolves to whether it opened.
 */
export function openDetails(source: string, preferredTab?: string): AppThunk<boolean> {
  return (dispatch, getState, { host }) => {
    const node = selectNodeBySource(getState(), source);
    const tabs = host.registries.sidebarTabs.getAll();
    if (node === undefined || !canOpenDetails([node], tabs)) return false;
    const offered = preferredTab !== undefined && enabledSidebarTabs(tabs, node).some((tab) => tab.id === preferredTab);
    dispatch(sidebarOpened({ source, tab: offered ? preferredTab : null }));
    return true;
  };
}

/** The size and modified-time cells ask for the sharing tab (product §2 "Rows"). */
export const openDetailsOnSharing = (source: string): AppThunk<boolean> => openDetails(source, SHARING_TAB_ID);
