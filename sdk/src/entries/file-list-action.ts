import type { FolderNode, Node } from '../node/types';
import type { RegistryKind } from '../registry/types';
import { firstReason, needFunction, needString, optionalFunction, optionalOrder } from './checks';
import type { EntryContext } from './entry-context';
import type { View } from './view';

/**
 * An action on the whole list of a view (shown in the list's header), such as the trash's
 * 'Empty deleted files': it needs no selection. The shell runs `exec` with what the list
 * shows (`ctx.nodes`), reports '"{displayName}" action executed successfully' (true) or '"{displayName}"
 * action failed' (false) as for file actions (nothing for null), and lists the folder again.
 */
export interface FileListAction {
  /** Unique id. */
  id: string;
  /** Label in this view. */
  displayName(view: View): string;
  /** Inline SVG icon. */
  iconSvgInline?(view: View): string;
  /** Whether the action applies to this view and its contents; default true. */
  enabled?(view: View, contents: Node[], folder: FolderNode): boolean;
  /** Runs on what the list shows, `ctx.nodes`, in the folder `ctx.folder`. */
  exec(ctx: EntryContext): Promise<boolean | null>;
  /** Sort position in the header; default 0. */
  order?: number;
}

/** Why `entry` is not a valid file-list action, or null: it needs id, displayName and exec. */
export function validateFileListAction(entry: unknown): string | null {
  return firstReason(entry, (action) => [
    needString(action, 'id'),
    needFunction(action, 'displayName'),
    needFunction(action, 'exec'),
    optionalFunction(action, 'iconSvgInline'),
    optionalFunction(action, 'enabled'),
    optionalOrder(action),
  ]);
}

/** The registry rules of file-list actions. */
export const fileListActionKind: RegistryKind<FileListAction> = {
  name: 'file list action',
  validate: validateFileListAction,
  duplicateMessage: () => 'Duplicate entry',
  displayName: (action) => action.id,
  defaultOrder: 0,
};
