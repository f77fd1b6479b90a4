import type { Node } from '../node/types';

/**
 * What the shell lets an entry do when the user clicks it (a node indicator, a
 * breadcrumb action): the shell's own behaviour, not reachable through the
 * registries. Every entry gets it as `ctx.shell`; only valid during that call and what it awaits.
 */
export interface ShellCommands {
  /**
   * Opens the details sidebar on `node` at the tab `tab` (a sidebar tab id)
   * when that tab is offered for the node, else at its first tab, under the
   * details action's rules (product §5: one node under /files/ with permissions).
   *
   * @returns whether the sidebar opened
   */
  openDetails(node: Node, tab?: string): boolean;
}
