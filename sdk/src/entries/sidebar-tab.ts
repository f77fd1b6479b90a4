import type { Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalFunction, optionalOrder } from './checks';
import { isValidSvg } from './svg';
import type { EntryContext } from './entry-context';

/** A tab of the details sidebar (sharing, activity, …). */
export interface SidebarTab {
  /** Unique id; also the tab name of 'files:sidebar:opened'. */
  id: string;
  /** Tab label. */
  name: string;
  /** Tab icon; must be a valid SVG string. */
  icon: string;
  /** Sort position among the tabs; default 0. */
  order?: number;
  /** Whether the tab is offered for `node`; default true. */
  enabled?(node: Node): boolean;
  /**
   * Renders the tab for the sidebar's node, `ctx.nodes[0]`, into `el`. May return a cleanup
   * function, which the shell calls before unmounting or mounting another node; `ctx.signal`
   * aborts at the same moment.
   */
  mount(el: HTMLElement, ctx: EntryContext<readonly [Node]>): void | (() => void);
}

/** Why `entry` is not a valid sidebar tab, or null: it needs id, name, a valid SVG icon and mount. */
export function validateSidebarTab(entry: unknown): string | null {
  return firstReason(entry, (tab) => [
    needString(tab, 'id'),
    needString(tab, 'name'),
    isValidSvg(tab['icon']) ? null : 'icon must be a valid SVG string',
    needFunction(tab, 'mount'),
    optionalFunction(tab, 'enabled'),
    optionalOrder(tab),
  ]);
}

/** The registry rules of sidebar tabs. */
export const sidebarTabKind: RegistryKind<SidebarTab> = {
  name: 'sidebar tab',
  validate: validateSidebarTab,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (tab) => tab.name,
  defaultOrder: 0,
};
