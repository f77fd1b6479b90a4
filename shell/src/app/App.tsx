import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { createBrowserRouter } from 'react-router';
import type { PluginFailures } from '../plugin-host/pluginFailures';
import type { ShellServices } from '../services/types';
import { PluginFailuresContext } from './PluginFailuresContext';
import { ServicesContext } from './ServicesContext';
import type { AppStore } from './store';

/** The router type the app runs on (a browser router in the page, a memory router in tests). */
export type FilesRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app: store, services and plugin failures provided, the router rendering the screen. */
export function App({ store, services, router, failures }: { store: AppStore; services: ShellServices; router: FilesRouter; failures: PluginFailures }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ServicesContext.Provider value={services}>
          <PluginFailuresContext.Provider value={failures}>
            <RouterProvider router={router} />
          </PluginFailuresContext.Provider>
        </ServicesContext.Provider>
      </Provider>
    </StrictMode>
  );
}
