import { entryContext } from '@cumulus/sdk';
import { useCallback, useEffect, useState } from 'react';
import type { FileAction, FolderNode, Node, Registered, View } from '@cumulus/sdk';
import { useAppSelector } from '../../model/store/hooks';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { useShellCommands } from '../plugin-slots/useShellCommands';
import { EntryMount } from '../plugin-slots/EntryMount';

/**
 * The inline form of a file action (product §3 `renderInline`): awaits the
 * element the action renders for the node and mounts it in the actions
 * cell, nothing while it comes or when it is null. A rejection or throw is
 * re-thrown during render so the surrounding `PluginBoundary` shows it,
 * naming the plugin. Rendered again when the node or view changes.
 */
export function InlineRender({ action, node, view }: { action: Registered<FileAction>; node: Node; view: View }) {
  const folder = useAppSelector(selectCurrentFolder);
  if (folder === undefined) return null;
  return <Inline action={action} node={node} view={view} folder={folder} />;
}

function Inline({ action, node, view, folder }: { action: Registered<FileAction>; node: Node; view: View; folder: FolderNode }) {
  const shell = useShellCommands();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  useEffect(() => {
    let alive = true;
    const controller = new AbortController();
    setElement(null);
    setFailure(null);
    // A synchronous throw becomes a rejection, handled like one.
    Promise.resolve()
      .then(() => action.renderInline?.(entryContext({ nodes: [node], view, folder, shell, signal: controller.signal })) ?? null)
      .then(
        (rendered) => alive && setElement(rendered),
        (error: unknown) => alive && setFailure(error instanceof Error ? error : new Error(String(error))),
      );
    return () => {
      alive = false;
      controller.abort();
    };
  }, [action, node, view, folder, shell]);
  const mount = useCallback(
    (el: HTMLElement) => {
      if (element !== null) el.append(element);
    },
    [element],
  );
  if (failure !== null) throw failure;
  if (element === null) return null;
  return <EntryMount mount={mount} pluginId={action.pluginId} className="files-actions__render-inline" />;
}
