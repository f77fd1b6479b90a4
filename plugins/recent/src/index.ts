import { definePlugin, readDavSession, translationsFrom } from '@cumulus/sdk';
import type { DavSession } from '@cumulus/sdk';
import { recentContents, searchCapabilities } from './recentSearch';
import type { SearchCapabilities } from './recentSearch';
import { recentView } from './recentView';

/** What the plugin talks to; tests pass their own. */
export interface RecentDeps {
  session: DavSession;
  capabilities(): Promise<SearchCapabilities>;
  now(): number;
}

/** The Recent plugin for `deps` (the page's session, the server's capabilities and the clock by default). */
export function createRecentPlugin(deps?: () => RecentDeps) {
  return definePlugin({
    id: 'recent',
    // One chunk per language (src/locales/<lang>.json); only the interface language's is fetched.
    translations: translationsFrom((language) => import(/* webpackChunkName: "i18n-recent-[request]" */ `./locales/${language}.json`)),
    activate(ctx) {
      const given = deps?.();
      const session = given?.session ?? readDavSession();
      let capabilities: Promise<SearchCapabilities> | undefined;
      const ask = (): Promise<SearchCapabilities> => (capabilities ??= given?.capabilities() ?? searchCapabilities(session));
      const now = given?.now ?? Date.now;
      ctx.views.register(
        recentView(ctx.t, async (_path, options) => {
          if (options?.signal?.aborted) throw options.signal.reason;
          return recentContents(session, await ask(), now(), options?.signal);
        }),
      );
    },
  });
}

/** The Recent plugin: the Recent view, the files changed or uploaded in the last 14 days. */
export default createRecentPlugin();
