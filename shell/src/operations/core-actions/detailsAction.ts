import type { FileAction, PluginHost, Translate } from '@cumulus/sdk';
import { canOpenDetails, openDetails } from '../../model/sidebar/openDetails';
import { actionDispatchOf } from '../actions/actionDispatch';
import { INFO_ICON } from '../actions/icons';

/**
 * Details (product §5): opens the details sidebar on the node. Enabled by the
 * sidebar's own rule (`canOpenDetails`: a single node under /files/ with
 * permissions other than none, and a sidebar tab for it). Hotkey D.
 */
export function detailsAction(services: { host: Pick<PluginHost, 'registries'> }, t: Translate): FileAction {
  return {
    id: 'details',
    displayName: () => t('Details'),
    title: () => t('Open details'),
    iconSvgInline: () => INFO_ICON,
    order: -50,
    enabled: (nodes) => canOpenDetails(nodes, services.host.registries.sidebarTabs.getAll()),
    exec: ({ nodes: [node] }) => {
      actionDispatchOf(services)(openDetails(node.source));
      return Promise.resolve(null);
    },
    hotkey: { key: 'd', description: t('Open details') },
  };
}
