import { entryContext } from '@cumulus/sdk';
import type { FolderNode, Node, NodeIndicator, NodeIndicatorBadge, Registered, View } from '@cumulus/sdk';
import { useAppSelector } from '../../model/store/hooks';
import { selectCurrentFolder } from '../../model/folder/selectors';
import { useLeaveSignal } from '../../model/navigation/leaveSignal';
import { Icon } from '../../ui/icons/Icon';
import { useServices, useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';
import { useRegistry } from '../../plugin-host/useRegistry';
import { runSlotExec } from './runSlotExec';
import { injectPluginSlotStyles } from './styles';
import { useShellCommands } from './useShellCommands';

injectPluginSlotStyles();

/** One indicator's badge: a button when the indicator has `exec`, else an image with its label as name. */
function Badge({ indicator, node, view, folder }: { indicator: Registered<NodeIndicator>; node: Node; view: View; folder: FolderNode }) {
  const { host } = useServices();
  const shell = useShellCommands();
  const leave = useLeaveSignal();
  // A throw here reaches the PluginBoundary around this badge, naming the plugin.
  const badge: NodeIndicatorBadge | null = indicator.badge(entryContext({ nodes: [node], view, folder, shell }));
  if (badge === null) return null;
  const icon = <Icon svg={badge.iconSvgInline} size={18} />;
  const { exec } = indicator;
  if (exec === undefined) {
    return (
      <span className="files-node-indicator" role="img" aria-label={badge.label} title={badge.label} data-indicator={indicator.id}>
        {icon}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="files-node-indicator"
      aria-label={badge.label}
      title={badge.label}
      data-indicator={indicator.id}
      disabled={node.status === 'loading'}
      onClick={(event) => {
        // The row's own click (selection, default action) stays out of it.
        event.stopPropagation();
        runSlotExec(host, indicator, () => exec(entryContext({ nodes: [node], view, folder, shell, signal: leave.next() })));
      }}
    >
      {icon}
    </button>
  );
}

/**
 * The node indicators of a row (SDK `nodeIndicators`): each plugin's badge
 * for the node, next to its name, each in its plugin's error boundary.
 * Nothing for a failed node, nor when no indicator shows anything.
 */
export function NodeIndicators({ node, view }: { node: Node; view: View }) {
  const t = useT();
  const indicators = useRegistry(useServices().host.registries.nodeIndicators);
  const folder = useAppSelector(selectCurrentFolder);
  if (indicators.length === 0 || node.status === 'failed' || folder === undefined) return null;
  return (
    <span className="files-node-indicators">
      {indicators.map((indicator) => (
        <PluginBoundary key={indicator.id} pluginId={indicator.pluginId} t={t}>
          <Badge indicator={indicator} node={node} view={view} folder={folder} />
        </PluginBoundary>
      ))}
    </span>
  );
}
