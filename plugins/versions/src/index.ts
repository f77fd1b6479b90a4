import { definePlugin, translationsFrom } from '@cumulus/sdk';
import { pageSession, versionsClient } from './versions-client';
import { versionsTab } from './versionsTab';

/**
 * The versions' web part: the 'Versions' tab of the details sidebar. The server part
 * (../server) keeps a version on every overwrite and serves them over WebDAV.
 */
export default definePlugin({
  id: 'versions',
  translations: translationsFrom((language) => import(/* webpackChunkName: "i18n-versions-[request]" */ `./locales/${language}.json`)),
  activate(ctx) {
    ctx.sidebarTabs.register(versionsTab(versionsClient(pageSession()), ctx.t, ctx.events, ctx.language));
  },
});
