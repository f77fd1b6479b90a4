import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import type { PluginFailures } from '../plugin-host/pluginFailures';
import type { ShellServices } from '../services/types';
import { PluginFailuresContext } from './PluginFailuresContext';
import { BASENAME } from './routing/filesLocation';
import { NavigatorBridge } from './routing/routerNavigator';
import type { RouterNavigator } from './routing/routerNavigator';
import { filesRoutes } from './routing/routes';
import { ServicesContext } from './ServicesContext';
import type { AppStore } from './store';

function FilesRoutes() {
  return useRoutes(filesRoutes);
}

/**
 * The whole app: store, services and plugin failures provided, the router (below the
 * app's base path) rendering the screen; `navigator` is the services' navigator, handed
 * the router's navigate.
 */
export function App({ store, services, navigator, failures }: { store: AppStore; services: ShellServices; navigator: RouterNavigator; failures: PluginFailures }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ServicesContext.Provider value={services}>
          <PluginFailuresContext.Provider value={failures}>
            <BrowserRouter basename={BASENAME}>
              <NavigatorBridge navigator={navigator} />
              <FilesRoutes />
            </BrowserRouter>
          </PluginFailuresContext.Provider>
        </ServicesContext.Provider>
      </Provider>
    </StrictMode>
  );
}
