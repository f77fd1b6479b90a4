import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router';
import { StrictMode, useMemo } from 'react';
import { NavigatorBridge } from '../routing/routerNavigator';
import type { RouterNavigator } from '../routing/routerNavigator';
import { ScreenBoundary } from '../routing/ScreenBoundary';
import { ServicesContext } from '../../ui/ServicesContext';
import type { AppStore } from '../../model/store/storeTypes';
import { publicShareMode } from '../../services/publicShare';
import type { PublicShare } from '../../services/publicShare';
import type { ShellServices } from '../../services/types';
import { PublicDropScreen } from './PublicDropScreen';
import { PublicFileScreen } from './PublicFileScreen';
import { publicFolderRoutes, publicShareBasename } from './publicRoutes';

function PublicFolderRoutes({ share }: { share: PublicShare }) {
  const routes = useMemo(() => publicFolderRoutes(share), [share]);
  return useRoutes(routes);
}

/**
 * The shell in public mode: a folder link runs the router below the link's page (its routes
 * render the public folder screen; `router` is the services' navigator, handed the router's
 * navigate), a file link and a file drop have one screen each.
 */
export function PublicShareApp({ store, services, share, router }: { store: AppStore; services: ShellServices; share: PublicShare; router: RouterNavigator | null }) {
  const mode = publicShareMode(share);
  const screen =
    mode === 'drop' ? (
      <PublicDropScreen share={share} />
    ) : mode === 'file' || router === null ? (
      <PublicFileScreen share={share} />
    ) : (
      <BrowserRouter basename={publicShareBasename(share)}>
        <ScreenBoundary>
          <PublicFolderRoutes share={share} />
        </ScreenBoundary>
        <NavigatorBridge navigator={router} />
      </BrowserRouter>
    );
  return (
    <StrictMode>
      <Provider store={store}>
        <ServicesContext.Provider value={services}>{screen}</ServicesContext.Provider>
      </Provider>
    </StrictMode>
  );
}
