import type { FolderNode } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalFunction, optionalOrder } from './checks';
import type { EntryContext } from './entry-context';
import type { View } from './view';

/**
 * A button of the breadcrumb bar acting on the folder on screen, such as the
 * sharing plugin's share button (product §2: 'Share', 'Shared', 'Shared by
 * link'). The shell shows enabled ones after the breadcrumbs, at 512 px or
 * more (the spec's width rule: no share button below), as icon buttons
 * named by `displayName`.
 */
export interface BreadcrumbAction {
  /** Unique id. */
  id: string;
  /** Position among the breadcrumb actions; default 0. */
  order?: number;
  /** Accessible name of the button for `folder` in `view`, already translated. */
  displayName(folder: FolderNode, view: View): string;
  /** Tooltip; default the display name. */
  title?(folder: FolderNode, view: View): string;
  /** Inline SVG icon. */
  iconSvgInline(folder: FolderNode, view: View): string;
  /** Whether the button is offered for `folder` in `view`; default true. A throw hides it. */
  enabled?(folder: FolderNode, view: View): boolean;
  /** Runs on a click, on the folder on screen (`ctx.folder`, also `ctx.nodes[0]`). A throw or rejection is reported as the plugin's failure. */
  exec(ctx: EntryContext<readonly [FolderNode]>): void | Promise<void>;
}

/** Why `entry` is not a valid breadcrumb action, or null: it needs id, displayName, iconSvgInline and exec. */
export function validateBreadcrumbAction(entry: unknown): string | null {
  return firstReason(entry, (action) => [
    needString(action, 'id'),
    needFunction(action, 'displayName'),
    needFunction(action, 'iconSvgInline'),
    needFunction(action, 'exec'),
    optionalFunction(action, 'title'),
    optionalFunction(action, 'enabled'),
    optionalOrder(action),
  ]);
}

/** The registry rules of breadcrumb actions. */
export const breadcrumbActionKind: RegistryKind<BreadcrumbAction> = {
  name: 'breadcrumb action',
  validate: validateBreadcrumbAction,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (action) => action.id,
  defaultOrder: 0,
};
