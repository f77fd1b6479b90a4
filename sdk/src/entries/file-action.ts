import type { Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalBoolean, optionalFunction, optionalOneOf, optionalOrder, optionalString } from './checks';
import type { EntryContext } from './entry-context';
import type { View } from './view';

/** A keyboard shortcut that runs a file action. */
export interface FileActionHotkey {
  /** The key, as `KeyboardEvent.key` names it. */
  key: string;
  /** Whether Ctrl (Cmd on macOS) must be held. */
  ctrl?: boolean;
  /** Whether Shift must be held. */
  shift?: boolean;
  /** Whether Alt must be held. */
  alt?: boolean;
  /** What the shortcut does, for the shortcuts help. */
  description: string;
}

/**
 * An action on nodes (product §3), shown in the row's actions menu, the context
 * menu and the batch bar. `exec` resolves to true (success), false (failure)
 * or null (say nothing).
 */
export interface FileAction {
  /** Unique id. */
  id: string;
  /** Label for these nodes in this view. */
  displayName(nodes: Node[], view: View): string;
  /** Tooltip for these nodes in this view. */
  title?(nodes: Node[], view: View): string;
  /** Inline SVG icon for these nodes in this view. */
  iconSvgInline(nodes: Node[], view: View): string;
  /** Whether the action applies to these nodes in this view; default true. */
  enabled?(nodes: Node[], view: View): boolean;
  /** Runs on one node, `ctx.nodes[0]`, in the folder `ctx.folder`. */
  exec(ctx: EntryContext<readonly [Node]>): Promise<boolean | null>;
  /** Runs on several nodes at once, `ctx.nodes`; one result per node. */
  execBatch?(ctx: EntryContext): Promise<(boolean | null)[]>;
  /** Sort position in menus; default 0. */
  order?: number;
  /** Id of the action whose submenu holds this one. */
  parent?: string;
  /** `'default'`: runs on a row click; `'hidden'`: runs on a row click and is not listed. */
  default?: 'default' | 'hidden';
  /** Whether the action destroys data (shown as such). */
  destructive?: boolean;
  /** Whether the action is shown inline in the row for `node`. */
  inline?(node: Node, view: View): boolean;
  /** Renders the inline form of the action for the row's node, `ctx.nodes[0]`; null renders nothing. */
  renderInline?(ctx: EntryContext<readonly [Node]>): Promise<HTMLElement | null>;
  /**
   * The action as a toggle button in the details sidebar's header for the sidebar's node,
   * `ctx.nodes[0]` (the Favorites plugin's star): its accessible name, whether it is on, and
   * optionally its own icon (else `iconSvgInline`); null or absent: no button. Synchronous,
   * like a badge: `ctx.signal` never aborts. A click runs the action like a menu entry.
   */
  sidebarToggle?(ctx: EntryContext<readonly [Node]>): FileActionToggle | null;
  /** Keyboard shortcut. */
  hotkey?: FileActionHotkey;
}

/** What `sidebarToggle` shows: the button's name, its pressed state and optionally its icon. */
export interface FileActionToggle {
  /** Accessible name, already translated (for example 'Favorite'). */
  label: string;
  /** Whether the toggle is on (aria-pressed). */
  pressed: boolean;
  /** Inline SVG icon for this state; default: the action's `iconSvgInline`. */
  iconSvgInline?: string;
}

/**
 * Why `entry` is not a valid file action, or null. product §5: an action needs
 * id, displayName, icon and exec functions.
 */
export function validateFileAction(entry: unknown): string | null {
  return firstReason(entry, (action) => [
    needString(action, 'id'),
    needFunction(action, 'displayName'),
    needFunction(action, 'iconSvgInline'),
    needFunction(action, 'exec'),
    optionalFunction(action, 'title'),
    optionalFunction(action, 'enabled'),
    optionalFunction(action, 'execBatch'),
    optionalFunction(action, 'inline'),
    optionalFunction(action, 'renderInline'),
    optionalFunction(action, 'sidebarToggle'),
    optionalOrder(action),
    optionalString(action, 'parent'),
    optionalOneOf(action, 'default', ['default', 'hidden']),
    optionalBoolean(action, 'destructive'),
    validateHotkey(action['hotkey']),
  ]);
}

function validateHotkey(hotkey: unknown): string | null {
  if (hotkey === undefined) return null;
  const reason = firstReason(hotkey, (keys) => [
    needString(keys, 'key'),
    needString(keys, 'description'),
    optionalBoolean(keys, 'ctrl'),
    optionalBoolean(keys, 'shift'),
    optionalBoolean(keys, 'alt'),
  ]);
  return reason === null ? null : `hotkey: ${reason}`;
}

/**
 * The registry rules of file actions. An action's label depends on the nodes
 * and the view, so after `order` actions sort by id, which is stable.
 */
export const fileActionKind: RegistryKind<FileAction> = {
  name: 'file action',
  validate: validateFileAction,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (action) => action.id,
  defaultOrder: 0,
};
