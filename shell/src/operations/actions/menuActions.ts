import type { FileAction, Node, Registered, View } from '@cumulus/sdk';

/** Whether an action is offered for `nodes` in `view` (its `enabled`, which a faulty plugin may throw from). */
export function isActionEnabled(action: FileAction, nodes: Node[], view: View): boolean {
  try {
    return action.enabled === undefined || action.enabled(nodes, view);
  } catch (error) {
    console.error(`File action "${action.id}" failed to tell whether it is enabled`, error);
    return false;
  }
}

/** Whether `action` shows inline beside the menu button of `node` (its `inline`, guarded like `enabled`). */
export function isActionInline(action: FileAction, node: Node, view: View): boolean {
  try {
    return action.inline?.(node, view) === true;
  } catch (error) {
    console.error(`File action "${action.id}" failed to tell whether it is inline`, error);
    return false;
  }
}

/**
 * The actions a menu lists at the level `parent` (undefined: the top level)
 * for `nodes`: enabled, not hidden defaults (those run on a click only),
 * not in `exclude` (shown inline already). Registry order is kept.
 */
export function menuActions(
  actions: readonly Registered<FileAction>[],
  nodes: Node[],
  view: View,
  parent?: string,
  exclude: ReadonlySet<string> = new Set(),
): Registered<FileAction>[] {
  return actions.filter(
    (action) => action.parent === parent && action.default !== 'hidden' && !exclude.has(action.id) && isActionEnabled(action, nodes, view),
  );
}

/** Whether `action` holds a submenu: some registered action names it as `parent`. */
export function hasSubmenu(action: FileAction, actions: readonly FileAction[]): boolean {
  return actions.some((other) => other.parent === action.id);
}

/** Runs a guarded label getter of an action; a throwing plugin gets its id as label. */
export function actionLabel(action: FileAction, nodes: Node[], view: View): string {
  try {
    return action.displayName(nodes, view);
  } catch (error) {
    console.error(`File action "${action.id}" failed to name itself`, error);
    return action.id;
  }
}
