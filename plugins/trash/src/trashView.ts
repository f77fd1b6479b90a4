import type { Translate, View } from '@cumulus/sdk';
import { deletedByColumn, deletedColumn, originalLocationColumn } from './columns';
import { TRASH_ICON } from './icons';
import type { TrashbinClient } from './trashbin-client';
import { TRASH_VIEW_ID } from './trashbin-client';

/** The 'Deleted files' view: the trash's items, newest first, with where they came from and who deleted them (`uid`: the signed-in user, 'You'). */
export function trashView(client: TrashbinClient, t: Translate, uid: string, language?: string): View {
  return {
    id: TRASH_VIEW_ID,
    name: t('Deleted files'),
    caption: t('List of files that have been deleted.'),
    icon: TRASH_ICON,
    order: 50,
    sticky: true,
    columns: [originalLocationColumn(t), deletedByColumn(t, uid), deletedColumn(t, language)],
    defaultSortKey: 'deleted',
    emptyTitle: t('No deleted files'),
    emptyCaption: t('Files and folders you have deleted will show up here'),
    // Rows open no folder, so only the trash itself is ever listed.
    getContents: (_path, options) => client.list(options?.signal),
  };
}
