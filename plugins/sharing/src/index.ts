import { definePlugin } from '@cumulus/sdk';
import { sharingTab } from './sharingTab';
import { sharingViews } from './views';

/**
 * Sharing's web remote: the Sharing tab of the details sidebar and the views 'Shared with
 * you', 'Shared with others' and 'Shared by link', over the OCS share API of its server part.
 */
export default definePlugin({
  id: 'sharing',
  activate(ctx) {
    ctx.sidebarTabs.register(sharingTab(ctx.t));
    for (const view of sharingViews(ctx.t)) ctx.views.register(view);
  },
});
