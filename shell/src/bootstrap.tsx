import { createRoot } from 'react-dom/client';
import { activatePlugin } from '@cumulus/sdk';
import { App } from './app/App';
import { createCorePlugin } from './app/corePlugin';
import { BASENAME, normaliseDir } from './model/navigation/filesLocation';
import { createRouterNavigator } from './app/routing/routerNavigator';
import { createShellHost, createShellStore, rootElement } from './app/shellHost';
import { loadConfigs } from './model/config/configThunks';
import { CHANGES_PATH, startLiveUpdates } from './model/live/liveUpdates';
import { firstShown } from './surfaces/filelist/shownOrders';
import { searchNodesById } from './services/dav/searchNodesById';
import { pluginsSettled } from './model/views/viewsSlice';
import { createI18n, pluginTranslatorOf, translatorOf } from './i18n/createI18n';
import { directionOf, isInterfaceLanguage } from './i18n/languages';
import { loadShellCatalogue } from './i18n/loadCatalogue';
import { createLanguageSwitch } from './i18n/switchLanguage';
import { PSEUDO_LANGUAGE } from './i18n/pseudoLocale';
import { createPluginFailures } from './plugin-host/pluginFailures';
import { startPlugins } from './plugin-host/startPlugins';
import { createPluginSupervisor, sendPluginFailure } from './plugin-host/pluginSupervisor';
import { showToast } from './ui/toasts/toasts';
import { followSignOut, onSignedOut } from './surfaces/user-menu/signOut';
import { createFilesApi } from './services/api/filesApi';
import { createDavService } from './services/dav/davService';
import { openListingCache } from './services/dav/listingCache';
import { readPageContext } from './services/pageContext';
import { readPublicShare } from './services/publicShare';
import type { ShellServices } from './services/types';

/**
 * Builds the services, the store and the router, renders the app, then
 * activates the built-ins (plugin `core`) and loads the deployment's plugins.
 */
async function start(): Promise<void> {
  // The server writes the interface language into <html lang>: the user's setting, else Accept-Language, else English.
  const requested = document.documentElement.lang;
  const i18n = await createI18n(isInterfaceLanguage(requested) || requested === PSEUDO_LANGUAGE ? requested : 'en', loadShellCatalogue);
  document.documentElement.lang = i18n.language;
  document.documentElement.dir = directionOf(i18n.language);
  const t = translatorOf(i18n);
  const page = readPageContext();
  // A public link's page: the shell in public mode (anonymous, the link's WebDAV only).
  const publicShare = readPublicShare();
  if (publicShare !== null) {
    const { startPublicShare } = await import('./app/public-share/startPublicShare');
    return startPublicShare(publicShare, { t, language: i18n.language, translatorFor: pluginTranslatorOf(i18n), page });
  }
  const failures = createPluginFailures();
  const supervisor = createPluginSupervisor({
    failures,
    t,
    notify: (message) => showToast({ type: 'error', message }),
    send: sendPluginFailure(page.origin, page.requestToken),
  });
  const host = createShellHost({ t, language: i18n.language, translatorFor: pluginTranslatorOf(i18n), reportError: (error) => supervisor.failedInside(error) });
  const api = createFilesApi({ origin: page.origin, requestToken: page.requestToken });
  // The server puts the user on the page; ask it only when it did not.
  const { uid, displayName } = page.uid
    ? { uid: page.uid, displayName: page.displayName }
    : await api.getUser().then(
        (user) => ({ uid: user.id, displayName: user.displayName }),
        (error: unknown) => {
          // The screen still renders (with the load error) rather than staying blank.
          console.error('Could not read the signed-in user', error);
          return { uid: '', displayName: '' };
        },
      );
  const dav = createDavService({ origin: page.origin, uid, requestToken: page.requestToken, listingCache: openListingCache(uid), firstShown });
  // A page load of a folder of the files view: its kept copy is read while the app boots.
  const route = window.location.pathname.startsWith(BASENAME) ? window.location.pathname.slice(BASENAME.length) : undefined;
  if (uid !== '' && route !== undefined && /^(?:\/files(?:\/\d+)?)?\/?$/.test(route)) dav.readKeptAhead(normaliseDir(new URLSearchParams(window.location.search).get('dir')));

  const navigator = createRouterNavigator();
  const services: ShellServices = { dav, api, host, t, language: i18n.language, navigator, uid, displayName: displayName || uid };
  const store = createShellStore(services, page);
  // Live updates: other tabs', devices' and clients' changes show in place (one feed connection per browser).
  if (uid !== '') {
    const origin = page.origin.replace(/\/+$/, '');
    services.liveFeed = true;
    const stopLive = startLiveUpdates(store, services, {
      url: `${origin}${CHANGES_PATH}`,
      fetchByIds: (folder, fileids) => searchNodesById({ davUrl: `${origin}/remote.php/dav`, root: `/files/${uid}`, folder, fileids }),
    });
    // A sign-out (in this tab or another of the browser) closes the connection and leaves for the sign-in page.
    onSignedOut(stopLive);
    followSignOut(uid);
  }

  const core = await activatePlugin(host, createCorePlugin(services));
  void store.dispatch(loadConfigs());

  const root = createRoot(rootElement());
  // The same services (their `t` and `language` replaced by a switch); the language prop renders every text again.
  const render = () => root.render(<App store={store} services={services} navigator={navigator} failures={failures} language={services.language} />);
  // The Language setting switches in place: no page load, the settings dialog stays open.
  services.changeLanguage = createLanguageSwitch({
    i18n,
    load: loadShellCatalogue,
    services,
    host,
    translator: translatorOf,
    plugins: () => [core, ...supervisor.activePlugins()],
    rerender: render,
  });
  render();
  await startPlugins(host, supervisor);
  store.dispatch(pluginsSettled());
}

void start();
