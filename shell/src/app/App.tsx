import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import type { PluginFailures } from '../plugin-host/pluginFailures';
import type { ShellServices } from '../services/types';
import { PluginFailuresContext } from '../plugin-host/PluginFailuresContext';
import { BASENAME } from '../model/navigation/filesLocation';
import { NavigatorBridge } from './routing/routerNavigator';
import { ScreenBoundary } from './routing/ScreenBoundary';
import type { RouterNavigator } from './routing/routerNavigator';
import { filesRoutes } from './routing/routes';
import { LanguageContext, ServicesContext } from '../ui/ServicesContext';
import type { AppStore } from '../model/store/storeTypes';

function FilesRoutes() {
  return useRoutes(filesRoutes);
}

/**
 * The whole app: store, services and plugin failures provided, the router (below the
 * app's base path) rendering the screen; `navigator` is the services' navigator, handed
 * the router's navigate. The bridge comes after the routes: their effects (a redirect of
 * the address the page was opened at) run first, then what was asked before the router
 * was mounted.
 */
export function App({
  store,
  services,
  navigator,
  failures,
  language = services.language,
}: {
  store: AppStore;
  services: ShellServices;
  navigator: RouterNavigator;
  failures: PluginFailures;
  /** The interface language: rendering the app again with another one (a switch in place) renders every text again. */
  language?: string;
}) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ServicesContext.Provider value={services}>
          <LanguageContext.Provider value={language}>
            <PluginFailuresContext.Provider value={failures}>
              <BrowserRouter basename={BASENAME}>
                <ScreenBoundary>
                  <FilesRoutes />
                </ScreenBoundary>
                <NavigatorBridge navigator={navigator} />
              </BrowserRouter>
            </PluginFailuresContext.Provider>
          </LanguageContext.Provider>
        </ServicesContext.Provider>
      </Provider>
    </StrictMode>
  );
}
