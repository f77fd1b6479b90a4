/**
 * The details sidebar's place in the layout (spec §2, §4). Placeholder of
 * the skeleton: the sidebar feature renders the tabs of the sidebarTabs
 * registry here when `state.sidebar.source` is set.
 */
export function Sidebar() {
  return null;
}
