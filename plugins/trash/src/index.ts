import { definePlugin, translationsFrom } from '@cumulus/sdk';
import type { Node } from '@cumulus/sdk';
import { emptyTrashAction } from './emptyTrashAction';
import { deletePermanentlyAction, openNothingAction, restoreAction } from './trashActions';
import { pageSession, trashbinClient } from './trashbin-client';
import { trashView } from './trashView';

/**
 * The trash's web part: the 'Deleted files' view with its 'Original location', 'Deleted by'
 * and 'Deleted' columns, 'Restore' and 'Delete permanently' (single and batch), and 'Empty deleted files'.
 * The server part (../server) keeps deleted nodes and serves them over WebDAV.
 */
export default definePlugin({
  id: 'trash',
  // One chunk per language (src/locales/<lang>.json); only the interface language's is fetched.
  translations: translationsFrom((language) => import(/* webpackChunkName: "i18n-trash-[request]" */ `./locales/${language}.json`)),
  activate(ctx) {
    const session = pageSession();
    const client = trashbinClient(session);
    // A row restored or deleted for good leaves the list, as a deleted node does.
    const removed = (node: Node): void => ctx.events.emit('files:node:deleted', { node });
    ctx.views.register(trashView(client, ctx.t, session.uid, ctx.language));
    ctx.fileActions.register(openNothingAction());
    ctx.fileActions.register(restoreAction(client, ctx.t, removed));
    ctx.fileActions.register(deletePermanentlyAction(client, ctx.t, removed));
    ctx.fileListActions.register(emptyTrashAction(client, ctx.t, removed, ctx.dialogs));
  },
});
