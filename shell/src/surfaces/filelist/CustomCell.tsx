import { entryContext } from '@cumulus/sdk';
import { useEffect, useRef } from 'react';
import type { Column, FolderNode, Node, Registered, View } from '@cumulus/sdk';
import { useAppSelector } from '../../model/store/hooks';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { useShellCommands } from '../plugin-slots/useShellCommands';
import { useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';

function Mount({ column, node, view, folder }: { column: Column; node: Node; view: View; folder: FolderNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const shell = useShellCommands();
  useEffect(() => {
    const host = ref.current;
    if (host === null) return;
    // The column renders a DOM element; mount it here and take it back on change (the signal says so).
    const controller = new AbortController();
    const element = column.render(entryContext({ nodes: [node], view, folder, shell, signal: controller.signal }));
    host.replaceChildren(element);
    return () => {
      controller.abort();
      host.replaceChildren();
    };
  }, [column, node, view, folder, shell]);
  return <span ref={ref} className="files-custom-cell" />;
}

/** A custom column's cell: the element its `render` returns, inside the plugin's error boundary. */
export function CustomCell({ column, node, view }: { column: Registered<Column>; node: Node; view: View }) {
  const t = useT();
  const folder = useAppSelector(selectCurrentFolder);
  if (folder === undefined) return null;
  return (
    <PluginBoundary pluginId={column.pluginId} t={t}>
      <Mount column={column} node={node} view={view} folder={folder} />
    </PluginBoundary>
  );
}
