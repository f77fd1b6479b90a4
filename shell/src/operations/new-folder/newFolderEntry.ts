import type { NewMenuEntry, Translate } from '@cumulus/sdk';
import { FOLDER_PLUS_ICON } from '../../ui/icons/icons';
import { actionDispatchOf } from '../actions/actionDispatch';
import { createFolder } from './createFolder';

/** The 'New folder' entry of the New menu's 'Create new' group (product §2), first in it. */
export function newFolderEntry(services: object, t: Translate): NewMenuEntry {
  return {
    id: 'new-folder',
    displayName: t('New folder'),
    iconSvgInline: FOLDER_PLUS_ICON,
    category: 'create-new',
    order: -100,
    handler: async ({ folder, nodes }) => {
      await actionDispatchOf(services)(createFolder({ folder, contents: [...nodes] }));
    },
  };
}
