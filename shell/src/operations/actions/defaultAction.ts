import type { FileAction, Node, Registered, View } from '@cumulus/sdk';
import { isActionEnabled } from './menuActions';

/**
 * The default action for `node` in `view`: the first registered file action
 * with a `default` (shown or hidden) that is enabled for it, in registry
 * order (product §2 "Rows", §4 "Opening by fileid").
 */
export function findDefaultAction(actions: readonly Registered<FileAction>[], node: Node, view: View): Registered<FileAction> | undefined {
  return actions.find((action) => action.default !== undefined && isActionEnabled(action, [node], view));
}
