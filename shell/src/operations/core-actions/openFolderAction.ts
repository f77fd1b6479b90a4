import { isFolder } from '@cumulus/sdk';
import type { FileAction, Translate } from '@cumulus/sdk';
import { FOLDER_ICON } from '../../ui/icons/icons';
import { actionDispatchOf } from '../actions/actionDispatch';

/**
 * The default action of a folder: a click navigates into it in the current
 * view. Hidden from menus (the row itself is the way to open a folder).
 */
export function openFolderAction(services: object, t: Translate): FileAction {
  return {
    id: 'open-folder',
    displayName: (nodes) => t('Open folder {displayName}', { displayName: nodes[0]?.displayname ?? '' }),
    iconSvgInline: () => FOLDER_ICON,
    default: 'hidden',
    order: -100,
    enabled: (nodes) => nodes.length === 1 && isFolder(nodes[0]) && nodes[0].status !== 'failed',
    exec: ({ nodes: [node], view }) => {
      actionDispatchOf(services)((_dispatch, _getState, extra) => extra.navigator.navigate({ view: view.id, dir: node.path }));
      return Promise.resolve(null);
    },
  };
}
