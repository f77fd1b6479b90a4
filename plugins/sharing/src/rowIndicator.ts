import { canShare, shareTypesOf } from '@cumulus/sdk';
import type { NodeIndicator, Translate } from '@cumulus/sdk';
import { SHARING_ICON } from './icons';
import { currentUser, sharedBy, shareIcon, shareLabel } from './shareLabels';
import { SHARING_TAB_ID } from './sharingTab';

/**
 * The share indicator of a row (product §2): on a node shared with the user, 'Shared with you by
 * {owner}'; on a node the user shared (and may share), 'Shared' or 'Shared by link'; nothing
 * on other nodes.
 * A click opens the details sidebar on the Sharing tab (the first tab where that is not
 * offered, as for a read-only received share).
 */
export function shareIndicator(t: Translate): NodeIndicator {
  return {
    id: 'sharing-status',
    badge({ nodes: [node] }) {
      const owner = sharedBy(node, currentUser());
      if (owner !== null) return { label: t('Shared with you by {owner}', { owner }), iconSvgInline: SHARING_ICON };
      // The spec's share labels need share permission (protocol §6); a received node says who shared it whatever the user may do.
      if (shareTypesOf(node).length === 0 || !canShare(node, true)) return null;
      return { label: shareLabel(t, node), iconSvgInline: shareIcon(node) };
    },
    exec({ nodes: [node], shell }) {
      shell.openDetails(node, SHARING_TAB_ID);
    },
  };
}
