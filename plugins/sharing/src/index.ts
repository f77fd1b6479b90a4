import { definePlugin, translationsFrom } from '@cumulus/sdk';
import { shareIndicator } from './rowIndicator';
import { shareButton } from './shareButton';
import { sharingTab } from './sharingTab';
import { sharingViews } from './views';

/**
 * Sharing's web remote: the Sharing tab of the details sidebar, the views 'Shared with
 * you', 'Shared with others' and 'Shared by link', the share indicator of rows and the
 * share button of the breadcrumb bar, over the OCS share API of its server part.
 */
export default definePlugin({
  id: 'sharing',
  // One chunk per language (src/locales/<lang>.json); only the interface language's is fetched.
  translations: translationsFrom((language) => import(/* webpackChunkName: "i18n-sharing-[request]" */ `./locales/${language}.json`)),
  activate(ctx) {
    ctx.sidebarTabs.register(sharingTab(ctx.t, ctx.events));
    for (const view of sharingViews(ctx.t)) ctx.views.register(view);
    ctx.nodeIndicators.register(shareIndicator(ctx.t));
    ctx.breadcrumbActions.register(shareButton(ctx.t));
  },
});
