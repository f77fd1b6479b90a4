import type { Node, Registered, SidebarTab } from '@cumulus/sdk';

/**
 * The tabs offered for `node`, in registry order. A tab whose `enabled`
 * throws is left out and logged with its plugin: one faulty plugin never
 * empties the sidebar.
 */
export function enabledSidebarTabs(tabs: readonly Registered<SidebarTab>[], node: Node): Registered<SidebarTab>[] {
  return tabs.filter((tab) => {
    try {
      return tab.enabled?.(node) ?? true;
    } catch (error) {
      console.error(`Sidebar tab "${tab.id}" of plugin "${tab.pluginId}" failed to say whether it is enabled`, error);
      return false;
    }
  });
}

/** The tab the sidebar shows: the requested one when offered, else the first offered, else undefined. */
export function activeSidebarTab(tabs: readonly Registered<SidebarTab>[], requested: string | null): Registered<SidebarTab> | undefined {
  return tabs.find((tab) => tab.id === requested) ?? tabs[0];
}
