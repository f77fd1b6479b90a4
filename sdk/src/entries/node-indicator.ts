import type { Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalFunction, optionalOrder } from './checks';
import type { EntryContext } from './entry-context';

/** What a node indicator shows on one row. */
export interface NodeIndicatorBadge {
  /** Accessible name and tooltip, already translated (for example 'Shared with you by Alice'). */
  label: string;
  /** Inline SVG icon; must be a valid SVG string. */
  iconSvgInline: string;
}

/**
 * A status icon shown next to a node's name in the file list (list rows and
 * grid cells), such as the sharing plugin's 'Shared' / 'Shared by link'. The
 * shell asks `badge` on every render of a row: keep it cheap and synchronous,
 * reading only the node.
 */
export interface NodeIndicator {
  /** Unique id. */
  id: string;
  /** Position among the indicators of a row; default 0. */
  order?: number;
  /** What to show for the row's node, `ctx.nodes[0]`; null shows nothing. */
  badge(ctx: EntryContext<readonly [Node]>): NodeIndicatorBadge | null;
  /**
   * Runs on a click on the badge; without it the badge is an image with a
   * name, not a button. A throw or rejection is reported as the plugin's
   * failure.
   */
  exec?(ctx: EntryContext<readonly [Node]>): void | Promise<void>;
}

/** Why `entry` is not a valid node indicator, or null: it needs id and badge. */
export function validateNodeIndicator(entry: unknown): string | null {
  return firstReason(entry, (indicator) => [needString(indicator, 'id'), needFunction(indicator, 'badge'), optionalFunction(indicator, 'exec'), optionalOrder(indicator)]);
}

/** The registry rules of node indicators. */
export const nodeIndicatorKind: RegistryKind<NodeIndicator> = {
  name: 'node indicator',
  validate: validateNodeIndicator,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (indicator) => indicator.id,
  defaultOrder: 0,
};
