import { canShare } from '@cumulus/sdk';
import type { BreadcrumbAction, Translate } from '@cumulus/sdk';
import { shareIcon, shareLabel } from './shareLabels';
import { SHARING_TAB_ID } from './sharingTab';

/**
 * The share button of the breadcrumb bar (product §2, §6): on the folder on screen when it has
 * share permission (the plugin being enabled is what registers it), never on the root, which
 * cannot be shared; labelled 'Share', 'Shared' or 'Shared by link'; opens the Sharing tab.
 */
export function shareButton(t: Translate): BreadcrumbAction {
  return {
    id: 'sharing-share',
    displayName: (folder) => shareLabel(t, folder),
    iconSvgInline: (folder) => shareIcon(folder),
    enabled: (folder) => folder.path !== '/' && canShare(folder, true),
    exec({ folder, shell }) {
      shell.openDetails(folder, SHARING_TAB_ID);
    },
  };
}
