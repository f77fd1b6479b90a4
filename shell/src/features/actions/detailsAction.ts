import { canShowDetails } from '@cumulus/sdk';
import type { FileAction, Translate } from '@cumulus/sdk';
import { sidebarOpened } from '../sidebar/sidebarSlice';
import { actionDispatchOf } from './actionDispatch';
import { INFO_ICON } from './icons';

/**
 * Details (spec §5): opens the details sidebar on the node. Enabled for a
 * single node under /files/ with permissions other than none; the sidebar is
 * part of the screen, so it is always available. Hotkey D.
 */
export function detailsAction(services: object, t: Translate): FileAction {
  return {
    id: 'details',
    displayName: () => t('Details'),
    title: () => t('Open details'),
    iconSvgInline: () => INFO_ICON,
    order: -50,
    enabled: (nodes) => nodes[0]?.status !== 'failed' && canShowDetails(nodes, true),
    exec: (node) => {
      actionDispatchOf(services)(sidebarOpened({ source: node.source }));
      return Promise.resolve(null);
    },
    hotkey: { key: 'd', description: t('Open details') },
  };
}
