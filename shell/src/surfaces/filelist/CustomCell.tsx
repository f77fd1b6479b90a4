import { useEffect, useRef } from 'react';
import type { Column, Node, Registered, View } from '@cumulus/sdk';
import { useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';

function Mount({ column, node, view }: { column: Column; node: Node; view: View }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (host === null) return;
    // The column renders a DOM element; mount it here and take it back on change.
    const element = column.render(node, view);
    host.replaceChildren(element);
    return () => host.replaceChildren();
  }, [column, node, view]);
  return <span ref={ref} className="files-custom-cell" />;
}

/** A custom column's cell: the element its `render` returns, inside the plugin's error boundary. */
export function CustomCell({ column, node, view }: { column: Registered<Column>; node: Node; view: View }) {
  return (
    <PluginBoundary pluginId={column.pluginId} t={useT()}>
      <Mount column={column} node={node} view={view} />
    </PluginBoundary>
  );
}
